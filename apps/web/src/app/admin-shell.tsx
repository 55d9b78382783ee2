import { Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { Loading } from '@/components/loading';
import { OfflineAlerts, OfflineBadge } from '@/components/offline-status';
import { AndonBar } from '@/features/andon/components/andon-bar';
import { removeToken, useCurrentUser } from '@/lib/token';
import { adminNav } from './admin-nav';
import { BRAND } from './brand';
import { SkipLink } from './route-focus';
import { UserMenu } from './user-menu';

function SideNav({ onNavigate, onLogout }: { onNavigate?: () => void; onLogout: () => void }) {
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

/** The admin area: top bar, a side navigation that collapses into a drawer on small screens. */
export default function AdminShell() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);

  const logout = () => {
    removeToken();
    navigate('/admin/login');
  };

  return (
    <div className="d-flex flex-column min-vh-100">
      <SkipLink />
      <Navbar bg="dark" data-bs-theme="dark" sticky="top" className="px-1 d-print-none">
        <Container fluid className="px-1 flex-nowrap">
          <Button variant="outline-light" size="sm" className="d-lg-none me-2" onClick={() => setMenuOpen(true)} aria-label="Abrir menú">
            ☰
          </Button>
          {/* Basis 0: the brand takes only the room the links leave, down to nothing on a 360 px phone. */}
          <Navbar.Brand as={Link} to="/admin" className="fw-semibold text-truncate me-2" style={{ minWidth: 0, flex: '1 1 0' }}>
            {BRAND}
          </Navbar.Brand>
          <Nav className="ms-auto flex-row align-items-center gap-1" style={{ minWidth: 0 }}>
            <OfflineBadge />
            <Nav.Link as={Link} to="/dashboard" className="text-nowrap">
              Dashboard Usuario
            </Nav.Link>
            <UserMenu id="admin-user-menu" name={user?.name || 'Admin User'} onLogout={logout} />
          </Nav>
        </Container>
      </Navbar>
      <AndonBar listPath="/admin/avisos" />

      <div className="d-flex flex-grow-1">
        <aside
          className="d-none d-lg-block d-print-none border-end bg-light p-3"
          style={{ flex: '0 0 240px' }}
          aria-label="Menú de administración"
        >
          <div className="admin-side-nav">
            <SideNav onLogout={logout} />
          </div>
        </aside>
        <Offcanvas
          show={menuOpen}
          onHide={() => setMenuOpen(false)}
          responsive="lg"
          className="d-lg-none"
          aria-labelledby="admin-menu-title"
        >
          <Offcanvas.Header closeButton closeLabel="Cerrar">
            <Offcanvas.Title id="admin-menu-title">Administración</Offcanvas.Title>
          </Offcanvas.Header>
          <Offcanvas.Body>
            <SideNav onNavigate={() => setMenuOpen(false)} onLogout={logout} />
          </Offcanvas.Body>
        </Offcanvas>
        <main id="main" tabIndex={-1} className="flex-grow-1 p-3 overflow-auto" style={{ minWidth: 0 }}>
          <OfflineAlerts />
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
