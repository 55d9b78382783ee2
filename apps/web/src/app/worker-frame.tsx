import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { BRAND } from './brand';
import { HomeIcon, PlusIcon, SearchIcon, TimerIcon } from './icons';
import { SkipLink } from './route-focus';

const bottomLinks = [
  { to: '/dashboard', label: 'Home', Icon: HomeIcon, end: true },
  { to: '/dashboard/add-circular', label: 'Añadir', Icon: PlusIcon, end: false },
  { to: '/dashboard/consultar-datos', label: 'Consultar', Icon: SearchIcon, end: false },
  { to: '/dashboard/paradas-kaiser', label: 'Paradas', Icon: TimerIcon, end: false },
];

/**
 * The worker area's frame: the top bar (the brand, then `bar`), `below` it (the andon's bar), the
 * content and the bottom bar (mobile first). The live shell (user-shell.tsx) and the build's prerender
 * of index.html (src/prerender.tsx) both render it, so the frame a phone paints before the JavaScript
 * runs is the one the live screen replaces (docs/decisions/062-worker-screens-first-paint.md).
 */
export function WorkerFrame({ bar, below, children }: { bar?: ReactNode; below?: ReactNode; children: ReactNode }) {
  return (
    <div className="d-flex flex-column min-vh-100">
      <SkipLink />
      {/* react-bootstrap's Navbar and Nav written out (a bar that never collapses): the components would
          bring their collapse, offcanvas and keyboard-navigation code to every worker screen. */}
      <nav data-bs-theme="dark" className="px-1 navbar navbar-expand navbar-light bg-dark sticky-top d-print-none">
        <div className="px-1 flex-nowrap container-fluid">
          <Link to="/dashboard" className="fw-semibold text-truncate me-2 navbar-brand" style={{ minWidth: 0, flex: '1 1 0' }}>
            {BRAND}
          </Link>
          <div className="ms-auto flex-row align-items-center gap-1 navbar-nav" style={{ minWidth: 0 }}>
            {bar}
          </div>
        </div>
      </nav>
      {below}

      <main id="main" tabIndex={-1} className="container flex-grow-1 pt-3" style={{ paddingBottom: '5.5rem' }}>
        {children}
      </main>

      <nav className="bottom-bar navbar fixed-bottom bg-white border-top p-0 d-print-none" aria-label="Navegación principal">
        <ul className="nav nav-justified w-100">
          {bottomLinks.map((l) => (
            <li className="nav-item" key={l.to}>
              <NavLink to={l.to} end={l.end} className={({ isActive }) => `nav-link py-1 ${isActive ? 'active fw-semibold' : 'text-body'}`}>
                <span className="d-block lh-1">
                  <l.Icon />
                </span>
                <span className="small">{l.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
