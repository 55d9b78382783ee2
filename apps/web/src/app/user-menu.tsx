import { type KeyboardEvent, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SectionBoundary } from '@/components/section-boundary';
import { lazyComponent } from '@/lib/lazy-component';
import { TruncatedName } from './truncated-name';

// The dialogs (their forms, zod and the contract's schemas) load when the menu first opens, not with
// the top bar of every screen.
const EditProfileModal = lazyComponent(() => import('@/features/users/components/edit-profile-modal'));
const ChangePasswordModal = lazyComponent(() => import('@/features/users/components/change-password-modal'));
type Dialog = 'profile' | 'password';

/** The menu's items in order, for the arrow keys. */
const items = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('.dropdown-item') ?? [])];

/**
 * The user menu of both top bars: Editar Perfil, Cambiar Contraseña (with their dialogs), Cerrar Sesión.
 *
 * react-bootstrap's NavDropdown written out, with the same classes and keyboard use (Enter or Space
 * toggle it, Arrow Down opens it on its first item, the arrows move between items, Escape closes it
 * back to the toggle, a click or focus elsewhere closes it); the toggle is a real button rather than
 * an anchor with role="button". The component brought Popper and
 * react-bootstrap's dropdown machinery (about 12 KB gzipped) to every worker screen's first paint, for
 * a menu that never needs positioning: in a navbar it is static, aligned to the end.
 */
export function UserMenu({
  id,
  name,
  onLogout,
  links = [],
}: {
  id: string;
  name: string;
  onLogout: () => void;
  /** Screens reached from the menu, before the account's dialogs. */
  links?: readonly { to: string; label: string }[];
}) {
  const [show, setShow] = useState(false);
  // Like react-bootstrap's, the menu is rendered once first opened, then only hidden.
  const [rendered, setRendered] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const focusFirst = useRef(false);

  const [dialog, setDialog] = useState<Dialog | null>(null);
  // A dialog stays mounted once opened, so it can play its closing transition.
  const [opened, setOpened] = useState<ReadonlySet<Dialog>>(new Set());

  const setOpen = (next: boolean, byKeyboard = false) => {
    if (next) {
      setRendered(true);
      focusFirst.current = byKeyboard;
      void EditProfileModal.preload().catch(() => undefined);
      void ChangePasswordModal.preload().catch(() => undefined);
    }
    setShow(next);
  };
  const choose = (action: () => void) => {
    setShow(false);
    action();
  };
  const openDialog = (d: Dialog) => {
    // The dialog gives focus back to what was focused when it opened: the toggle, not the menu item
    // about to be hidden (focus would fall to the page's body).
    toggle.current?.focus();
    setOpened((s) => new Set(s).add(d));
    setDialog(d);
  };

  useEffect(() => {
    if (!show) return;
    if (focusFirst.current) items(menu.current)[0]?.focus();
    const closeOutside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setShow(false);
    };
    document.addEventListener('click', closeOutside, true);
    return () => document.removeEventListener('click', closeOutside, true);
  }, [show]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && show) {
      event.preventDefault();
      setShow(false);
      toggle.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!show) {
        if (event.target === toggle.current) setOpen(true, true);
        return;
      }
      const list = items(menu.current);
      const at = list.indexOf(event.target as HTMLElement);
      const next = event.key === 'ArrowDown' ? Math.min(at + 1, list.length - 1) : Math.max(at - 1, 0);
      list[at === -1 ? 0 : next]?.focus();
    }
  };

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the keys handled here come from the toggle and the menu's buttons inside */}
      <div
        ref={root}
        className={`nav-item${show ? ' show' : ''} dropdown`}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          // Focus moved to something outside (Tab): closed. A tap on nothing focusable is closeOutside's.
          if (show && event.relatedTarget && !root.current?.contains(event.relatedTarget)) setShow(false);
        }}
      >
        <button
          ref={toggle}
          id={id}
          type="button"
          aria-expanded={show}
          className={`dropdown-toggle${show ? ' show' : ''} nav-link`}
          onClick={(event) => {
            // Enter or Space on the toggle is a click with no mouse behind it (detail 0): the first
            // item gets focus, as in react-bootstrap.
            setOpen(!show, event.detail === 0);
          }}
        >
          <TruncatedName name={name} />
        </button>
        {rendered && (
          <div ref={menu} data-bs-popper="static" className={`dropdown-menu${show ? ' show' : ''} dropdown-menu-end`}>
            {links.map((l) => (
              <Link key={l.to} to={l.to} className="dropdown-item" onClick={() => setShow(false)}>
                {l.label}
              </Link>
            ))}
            {links.length > 0 && <hr className="dropdown-divider" />}
            <button type="button" className="dropdown-item" onClick={() => choose(() => openDialog('profile'))}>
              Editar Perfil
            </button>
            <button type="button" className="dropdown-item" onClick={() => choose(() => openDialog('password'))}>
              Cambiar Contraseña
            </button>
            <hr className="dropdown-divider" />
            <button type="button" className="dropdown-item" onClick={() => choose(onLogout)}>
              Cerrar Sesión
            </button>
          </div>
        )}
      </div>
      <SectionBoundary>
        <Suspense fallback={null}>
          {opened.has('profile') && <EditProfileModal show={dialog === 'profile'} onHide={() => setDialog(null)} />}
          {opened.has('password') && <ChangePasswordModal show={dialog === 'password'} onHide={() => setDialog(null)} />}
        </Suspense>
      </SectionBoundary>
    </>
  );
}
