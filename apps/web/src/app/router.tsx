import { type ReactNode, Suspense, useEffect } from 'react';
import { BrowserRouter, matchRoutes, Navigate, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { Loading } from '@/components/loading';
import { SectionBoundary } from '@/components/section-boundary';
import { UpdatePrompt } from '@/components/update-prompt';
import { setSessionEndHandler } from '@/lib/api';
import { lazyComponent, type PreloadableComponent } from '@/lib/lazy-component';
import { RequireAdmin, RequireUser } from './guards';
import { RouteErrorBoundary } from './route-error-page';

/** A lazily loaded piece of the tree inside its own error boundary, cleared when the path changes. */
function Boundary({ children }: { children: ReactNode }) {
  return <SectionBoundary resetKey={useLocation().pathname}>{children}</SectionBoundary>;
}

import { RouteFocus } from './route-focus';

type PageModule = { default: React.ComponentType };
/** A lazy route element in its error boundary; `handle.preload` starts its chunk (preloadBranch). */
const lazyRoute = (Lazy: PreloadableComponent): Pick<RouteObject, 'element' | 'handle'> => ({
  element: (
    <Boundary>
      <Lazy />
    </Boundary>
  ),
  handle: { preload: Lazy.preload },
});
/** Every screen is its own chunk, loaded when its route is visited. */
const page = (load: () => Promise<PageModule>) => lazyRoute(lazyComponent(load));

// The shells (top bars, menus, dropdowns) are not needed to show /login: they load with their area.
// 'Línea de tiempo' of both areas: one screen, one chunk (the admin chooses the nave).
const timelinePage = page(() => import('@/features/timeline/routes/timeline-page'));
const UserShell = lazyRoute(lazyComponent(() => import('./user-shell')));
const AdminShell = lazyRoute(lazyComponent(() => import('./admin-shell')));
const RequireAdminRole = lazyRoute(lazyComponent(() => import('./require-admin-role')));

export const routes: RouteObject[] = [
  { path: '/login', ...page(() => import('@/features/auth/routes/login-page')) },
  { path: '/register', ...page(() => import('@/features/auth/routes/register-page')) },
  { path: '/admin/login', ...page(() => import('@/features/auth/routes/admin-login-page')) },
  { path: '/terminal', ...page(() => import('./terminal-page')) },
  {
    path: '/dashboard',
    element: <RequireUser />,
    children: [
      {
        ...UserShell,
        children: [
          { index: true, ...page(() => import('@/features/wall/routes/wall-page')) },
          { path: 'wall/:wallName', ...page(() => import('@/features/wall/routes/wall-page')) },
          { path: 'add-circular', ...page(() => import('@/features/tramos/routes/add-circular-page')) },
          { path: 'consultar-datos', ...page(() => import('@/features/tramos/routes/consultar-datos-page')) },
          { path: 'profile', ...page(() => import('@/features/users/routes/profile-page')) },
          { path: 'tramo/:id', ...page(() => import('@/features/tramos/routes/tramo-detail-page')) },
          { path: 'paradas-kaiser', ...page(() => import('./paradas-kaiser-page')) },
          { path: 'add-manual-parada', ...page(() => import('@/features/paradas/routes/manual-parada-page')) },
          { path: 'avisos', ...page(() => import('@/features/andon/routes/avisos-page')) },
          { path: 'linea-de-tiempo', ...timelinePage },
          { path: 'relevo', ...page(() => import('@/features/handovers/routes/worker-handover-page')) },
          { path: 'soldadura', ...page(() => import('@/features/welds/routes/inspection-search-page')) },
          { path: 'soldadura/:id', ...page(() => import('@/features/welds/routes/seam-inspection-page')) },
          { path: 'soldadura/procedimientos', ...page(() => import('@/features/welds/routes/procedures-page')) },
          { path: 'soldadura/trazabilidad', ...page(() => import('@/features/welds/routes/recall-page')) },
          { path: 'soldadura/indicadores', ...page(() => import('@/features/welds/routes/figures-page')) },
          { path: 'soldadura/decisiones', ...page(() => import('@/features/welds/routes/awaiting-decision-page')) },
          {
            ...RequireAdminRole,
            children: [
              { path: 'admin-view-all', ...page(() => import('@/features/tramos/routes/all-tramos-page')) },
              { path: 'user-management', ...page(() => import('./user-management-page')) },
            ],
          },
        ],
      },
    ],
  },
  {
    path: '/admin',
    element: <RequireAdmin />,
    children: [
      {
        ...AdminShell,
        children: [
          { index: true, ...page(() => import('@/features/dashboard/routes/stats-page')) },
          { path: 'users', ...page(() => import('./user-management-page')) },
          { path: 'circulares', ...page(() => import('@/features/tramos/routes/admin-circulares-page')) },
          { path: 'paradas-kaiser', ...page(() => import('@/features/paradas/routes/admin-paradas-page')) },
          { path: 'posts', ...page(() => import('@/features/wall/routes/admin-posts-page')) },
          { path: 'comments', ...page(() => import('@/features/wall/routes/admin-comments-page')) },
          { path: 'arcos-sumergidos', ...page(() => import('./admin-arcos-page')) },
          { path: 'naves', ...page(() => import('@/features/naves/routes/admin-naves-page')) },
          { path: 'terminales', ...page(() => import('@/features/terminal/routes/admin-terminals-page')) },
          { path: 'planta', ...page(() => import('./planta-page')) },
          { path: 'avisos', ...page(() => import('@/features/andon/routes/avisos-page')) },
          { path: 'avisos/reglas', ...page(() => import('@/features/andon/routes/admin-andon-rules-page')) },
          { path: 'motivos', ...page(() => import('@/features/motivos/routes/admin-motivos-page')) },
          { path: 'turnos', ...page(() => import('@/features/shifts/routes/admin-shifts-page')) },
          { path: 'historial', ...page(() => import('@/features/audit/routes/audit-page')) },
          { path: 'soldadura/lotes', ...page(() => import('@/features/welds/routes/admin-lots-page')) },
          { path: 'soldadura/cualificaciones', ...page(() => import('@/features/welds/routes/admin-qualifications-page')) },
          { path: 'soldadura/inspeccion', ...page(() => import('@/features/welds/routes/inspection-search-page')) },
          { path: 'soldadura/inspeccion/:id', ...page(() => import('@/features/welds/routes/seam-inspection-page')) },
          { path: 'soldadura/procedimientos', ...page(() => import('@/features/welds/routes/procedures-page')) },
          { path: 'soldadura/trazabilidad', ...page(() => import('@/features/welds/routes/recall-page')) },
          { path: 'soldadura/indicadores', ...page(() => import('@/features/welds/routes/figures-page')) },
          { path: 'soldadura/oee', ...page(() => import('@/features/telemetry/routes/admin-telemetry-page')) },
          { path: 'soldadura/decisiones', ...page(() => import('@/features/welds/routes/awaiting-decision-page')) },
          { path: 'linea-de-tiempo', ...timelinePage },
          { path: 'relevos', ...page(() => import('@/features/handovers/routes/admin-handovers-page')) },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/login" replace /> },
];

/** Starts the chunks of every route in the matched branch together (shell and page in parallel). */
export function preloadBranch(pathname: string): (Promise<unknown> | null)[] {
  return (matchRoutes(routes, pathname) ?? []).map(
    ({ route }) => (route.handle as { preload?: () => Promise<unknown> } | undefined)?.preload?.() ?? null,
  );
}

function AppRoutes(): ReactNode {
  const location = useLocation();
  const navigate = useNavigate();
  // A 401/403 from the API (token removed by the client) leaves for /login.
  useEffect(() => {
    setSessionEndHandler(() => {
      void navigate('/login', { replace: true });
    });
  }, [navigate]);
  void preloadBranch(location.pathname);
  const element = useRoutes(routes, location);
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<Loading />}>{element}</Suspense>
      <RouteFocus />
      <UpdatePrompt />
    </RouteErrorBoundary>
  );
}

/**
 * Declarative routing (BrowserRouter + useRoutes): the data router's loaders and actions are not
 * used, and leaving them out keeps about 16 KB of gzipped JavaScript off the login screen.
 * Navigations run in a transition, so the current screen stays up while the next chunk loads.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
