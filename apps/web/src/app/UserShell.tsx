import { Suspense } from 'react';
import Nav from 'react-bootstrap/Nav';
import NavbarContext, { type NavbarContextType } from 'react-bootstrap/NavbarContext';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { Loading } from '@/components/Loading';
import { removeToken, useCurrentUser } from '@/lib/token';
import { BRAND } from './brand';
import { HomeIcon, PlusIcon, SearchIcon, TimerIcon } from './icons';
import { UserMenu } from './UserMenu';

const bottomLinks = [
  { to: '/dashboard', label: 'Home', Icon: HomeIcon, end: true },
  { to: '/dashboard/add-circular', label: 'Añadir', Icon: PlusIcon, end: false },
  { to: '/dashboard/consultar-datos', label: 'Consultar', Icon: SearchIcon, end: false },
  { to: '/dashboard/paradas-kaiser', label: 'Paradas', Icon: TimerIcon, end: false },
];

/**
 * What react-bootstrap's Navbar tells the Nav and the user menu inside it (a navbar that never
 * collapses). The top bar is Navbar's markup written out: the component would bring its collapse and
 * offcanvas code (and their modal manager) to every worker screen, for a bar that uses neither.
 */
const navbar: NavbarContextType = { bsPrefix: 'navbar', expanded: false, expand: true, onToggle: () => undefined };

/** The worker area: top bar, content, bottom bar (mobile first). */
export default function UserShell() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  if (!user) return <p className="p-3">Cargando...</p>;

  const logout = () => {
    removeToken();
    navigate('/login');
  };

  return (
    <div className="d-flex flex-column min-vh-100">
      <nav data-bs-theme="dark" className="px-1 navbar navbar-expand navbar-light bg-dark sticky-top">
        <NavbarContext.Provider value={navbar}>
          <div className="px-1 flex-nowrap container-fluid">
            <Link to="/dashboard" className="fw-semibold text-truncate me-2 navbar-brand" style={{ minWidth: 0, flex: '1 1 0' }}>
              {BRAND}
            </Link>
            <Nav className="ms-auto flex-row align-items-center gap-1" style={{ minWidth: 0 }}>
              {user.role === 'admin' && (
                <Nav.Link as={Link} to="/admin">
                  Admin
                </Nav.Link>
              )}
              <UserMenu id="user-menu" name={user.name || 'Usuario'} onLogout={logout} />
            </Nav>
          </div>
        </NavbarContext.Provider>
      </nav>

      <main className="container flex-grow-1 pt-3" style={{ paddingBottom: '5.5rem' }}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>

      <nav className="bottom-bar navbar fixed-bottom bg-white border-top p-0" aria-label="Navegación principal">
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
