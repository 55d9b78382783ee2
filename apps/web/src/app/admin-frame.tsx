import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink } from 'react-router';
import { adminNav } from './admin-nav';
import { BRAND } from './brand';
import { SkipLink } from './route-focus';

/** The admin's side navigation: every screen, then 'Cerrar Sesión'. */
export function SideNav({ onNavigate, onLogout }: { onNavigate?: () => void; onLogout?: () => void }) {
  return (
    <Nav className="flex-column gap-1" as="ul">
      {adminNav.map((item) => (
        <Nav.Item as="li" key={item.to}>
          <NavLink
            to={item.to}
            end={'end' in item ? item.end : false}
            onClick={onNavigate}
            className={({ isActive }) => `nav-link rounded ${isActive ? 'active bg-primary text-white' : 'text-body'}`}
          >
            {item.label}
          </NavLink>
        </Nav.Item>
      ))}
      <Nav.Item as="li" className="mt-2 border-top pt-2">
        <button type="button" className="nav-link logout-link" onClick={onLogout}>
          Cerrar Sesión
        </button>
      </Nav.Item>
    </Nav>
  );
}

/**
 * The admin area's frame: the top bar (the menu button, the brand, `status`, the link to the worker
 * area, then `bar`), `below` it (the andon's bar), the side navigation on a wide screen, `drawer` (the same
 * navigation on a small one) and the content. The live shell (admin-shell.tsx) and the build's prerender
 * of index.html (src/prerender.tsx) both render it, so the frame /admin paints before the JavaScript
 * runs is the one the live screen replaces (docs/decisions/102-app-downloads-after-first-paint.md).
 */
export function AdminFrame({
  onMenu,
  onLogout,
  status,
  bar,
  below,
  drawer,
  children,
}: {
  onMenu?: () => void;
  onLogout?: () => void;
  status?: ReactNode;
  bar?: ReactNode;
  below?: ReactNode;
  drawer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="d-flex flex-column min-vh-100">
      <SkipLink />
      <Navbar bg="dark" data-bs-theme="dark" sticky="top" className="px-1 d-print-none">
        <Container fluid className="px-1 flex-nowrap">
          <Button variant="outline-light" size="sm" className="d-lg-none me-2" onClick={onMenu} aria-label="Abrir menú">
            ☰
          </Button>
          {/* Basis 0: the brand takes only the room the links leave, down to nothing on a 360 px phone. */}
          <Navbar.Brand as={Link} to="/admin" className="fw-semibold text-truncate me-2" style={{ minWidth: 0, flex: '1 1 0' }}>
            {BRAND}
          </Navbar.Brand>
          <Nav className="ms-auto flex-row align-items-center gap-1" style={{ minWidth: 0 }}>
            {status}
            <Nav.Link as={Link} to="/dashboard" className="text-nowrap">
              Dashboard Usuario
            </Nav.Link>
            {bar}
          </Nav>
        </Container>
      </Navbar>
      {below}

      <div className="d-flex flex-grow-1">
        <aside
          className="d-none d-lg-block d-print-none border-end bg-light p-3"
          style={{ flex: '0 0 240px' }}
          aria-label="Menú de administración"
        >
          <div className="admin-side-nav">
            <SideNav onLogout={onLogout} />
          </div>
        </aside>
        {drawer}
        <main id="main" tabIndex={-1} className="flex-grow-1 p-3 overflow-auto" style={{ minWidth: 0 }}>
          {children}
        </main>
      </div>
    </div>
  );
}
