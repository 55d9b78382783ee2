import { Suspense } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Loading } from '@/components/loading';
import { OfflineAlerts, OfflineBadge } from '@/components/offline-status';
import { SectionBoundary } from '@/components/section-boundary';
import { AndonBar, AndonNavLink } from '@/features/andon/components/andon-bar';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { lazyComponent } from '@/lib/lazy-component';
import { removeToken, useCurrentUser } from '@/lib/token';
import { useWorkerCache } from './use-worker-cache';
import { UserMenu } from './user-menu';
import { WorkerFrame } from './worker-frame';

/** The worker menu's links beside the account's dialogs. */
const menuLinks = [
  { to: '/dashboard/linea-de-tiempo', label: 'Línea de tiempo' },
  { to: '/dashboard/relevo', label: 'Relevo de turno' },
  { to: '/dashboard/soldadura', label: 'Inspección de soldadura' },
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
  // The handover notice comes after the first paint (lib/after-first-paint.ts).
  const painted = useAfterFirstPaint();
  if (!user) return <p className="p-3">Cargando...</p>;

  const logout = () => {
    removeToken();
    navigate('/login');
  };

  return (
    <WorkerFrame
      bar={
        <>
          <OfflineBadge />
          <AndonNavLink to="/dashboard/avisos" />
          {user.role === 'admin' && (
            <Link to="/admin" className="nav-link">
              Admin
            </Link>
          )}
          <UserMenu id="user-menu" name={user.name || 'Usuario'} onLogout={logout} links={menuLinks} />
        </>
      }
      below={<AndonBar listPath="/dashboard/avisos" />}
    >
      <OfflineAlerts />
      {home && user.arco_sumergido_id && painted && (
        <SectionBoundary>
          <Suspense fallback={null}>
            <IncomingHandover />
          </Suspense>
        </SectionBoundary>
      )}
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </WorkerFrame>
  );
}
