import { Suspense, useState } from 'react';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { lazyComponent } from './lazyComponent';
import { TruncatedName } from './TruncatedName';

// The dialogs (their forms, zod and the contract's schemas) load when the menu first opens, not with
// the top bar of every screen.
const EditProfileModal = lazyComponent(() => import('@/features/users/components/EditProfileModal'));
const ChangePasswordModal = lazyComponent(() => import('@/features/users/components/ChangePasswordModal'));
type Dialog = 'profile' | 'password';

/** The user menu of both top bars: Editar Perfil, Cambiar Contraseña (with their dialogs), Cerrar Sesión. */
export function UserMenu({ id, name, onLogout }: { id: string; name: string; onLogout: () => void }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // A dialog stays mounted once opened, so it can play its closing transition.
  const [opened, setOpened] = useState<ReadonlySet<Dialog>>(new Set());
  const open = (d: Dialog) => {
    setOpened((s) => new Set(s).add(d));
    setDialog(d);
  };
  const onToggle = (show: boolean) => {
    if (!show) return;
    void EditProfileModal.preload().catch(() => undefined);
    void ChangePasswordModal.preload().catch(() => undefined);
  };
  return (
    <>
      <NavDropdown title={<TruncatedName name={name} />} id={id} align="end" onToggle={onToggle}>
        <NavDropdown.Item as="button" onClick={() => open('profile')}>
          Editar Perfil
        </NavDropdown.Item>
        <NavDropdown.Item as="button" onClick={() => open('password')}>
          Cambiar Contraseña
        </NavDropdown.Item>
        <NavDropdown.Divider />
        <NavDropdown.Item as="button" onClick={onLogout}>
          Cerrar Sesión
        </NavDropdown.Item>
      </NavDropdown>
      <Suspense fallback={null}>
        {opened.has('profile') && <EditProfileModal show={dialog === 'profile'} onHide={() => setDialog(null)} />}
        {opened.has('password') && <ChangePasswordModal show={dialog === 'password'} onHide={() => setDialog(null)} />}
      </Suspense>
    </>
  );
}
