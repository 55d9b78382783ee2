import { Suspense } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Loading } from '@/components/loading';
import { OfflineAlerts, OfflineBadge } from '@/components/offline-status';
import { SectionBoundary } from '@/components/section-boundary';
import { AndonBar, AndonNavLink } from '@/features/andon/components/andon-bar';
import { lazyComponent } from '@/lib/lazy-component';
import { removeToken, useCurrentUser } from '@/lib/token';
import { BRAND } from './brand';
import { HomeIcon, PlusIcon, SearchIcon, TimerIcon } from './icons';
import { SkipLink } from './route-focus';
import { useWorkerCache } from './use-worker-cache';
import { UserMenu } from './user-menu';

const bottomLinks = [
  { to: '/dashboard', label: 'Home', Icon: HomeIcon, end: true },
  { to: '/dashboard/add-circular', label: 'Añadir', Icon: PlusIcon, end: false },
  { to: '/dashboard/consultar-datos', label: 'Consultar', Icon: SearchIcon, end: false },
  { to: '/dashboard/paradas-kaiser', label: 'Paradas', Icon: TimerIcon, end: false },
];

/** The worker menu's links beside the account's dialogs. */
const menuLinks = [
  { to: '/dashboard/linea-de-tiempo', label: 'Línea de tiempo' },
  { to: '/dashboard/relevo', label: 'Relevo de turno' },
  // The PIN of the station's tablet and the call notifications live on the profile: two taps away.
  { to: '/dashboard/profile', label: 'Perfil, PIN y avisos' },
] as const;

// The previous shift's handover, on the first screen after signing in at an arco, until it is read.
const IncomingHandover = lazyComponent(() => import('@/features/handovers/components/incoming-handover'));

/** The worker area: top bar, content, bottom bar (mobile first). */
export default function UserShell() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const home = useLocation().pathname.replace(/\/$/, '') === '/dashboard';
  useWorkerCache(user?.id);
  if (!user) return <p className="p-3">Cargando...</p>;

  const logout = () => {
    removeToken();
    navigate('/login');
  };

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
            <OfflineBadge />
            <AndonNavLink to="/dashboard/avisos" />
            {user.role === 'admin' && (
              <Link to="/admin" className="nav-link">
                Admin
              </Link>
            )}
            <UserMenu id="user-menu" name={user.name || 'Usuario'} onLogout={logout} links={menuLinks} />
          </div>
        </div>
      </nav>
      <AndonBar listPath="/dashboard/avisos" />

      <main id="main" tabIndex={-1} className="container flex-grow-1 pt-3" style={{ paddingBottom: '5.5rem' }}>
        <OfflineAlerts />
        {home && user.arco_sumergido_id && (
          <SectionBoundary>
            <Suspense fallback={null}>
              <IncomingHandover />
            </Suspense>
          </SectionBoundary>
        )}
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
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
