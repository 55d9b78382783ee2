import { type ReactNode, Suspense, useEffect } from 'react';
import { BrowserRouter, matchRoutes, Navigate, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { Loading } from '@/components/loading';
import { SectionBoundary } from '@/components/section-boundary';
import { UpdatePrompt } from '@/components/update-prompt';
import { setSessionEndHandler } from '@/lib/api';
import { lazyComponent, type PreloadableComponent } from '@/lib/lazy-component';
import { loadOnce } from '@/lib/load-once';
import { RequireAdmin, RequireUser } from './guards';
import { RouteErrorBoundary } from './route-error-page';
import { ADMIN_PATHS, QUALITY_PATHS, WORKER_ADMIN_PATHS, WORKER_PATHS } from './route-paths';

/** A lazily loaded piece of the tree inside its own error boundary, cleared when the path changes. */
function Boundary({ children }: { children: ReactNode }) {
  return <SectionBoundary resetKey={useLocation().pathname}>{children}</SectionBoundary>;
}

import { RouteFocus } from './route-focus';

type PageModule = { default: React.ComponentType };
/** A lazy route element in its error boundary; `handle.preload` starts its chunks (preloadBranch). */
const lazyRoute = (Lazy: PreloadableComponent, preload = Lazy.preload): Pick<RouteObject, 'element' | 'handle'> => ({
  element: (
    <Boundary>
      <Lazy />
    </Boundary>
  ),
  handle: { preload },
});
/** Every screen is its own chunk, loaded when its route is visited. */
const page = (load: () => Promise<PageModule>) => lazyRoute(lazyComponent(load));

/**
 * Screens whose imports live in a table of their own (worker-routes.tsx, quality-routes.tsx,
 * admin-routes.tsx), loaded with the first of its routes: the entry, which every screen downloads,
 * keeps only their paths (route-paths.ts; docs/decisions/096-route-tables-out-of-the-entry.md).
 * Matching, guards and deep links are this file's as before; preloading a route starts the table and,
 * once it is in, the screen's chunks.
 */
function fromTable<K extends string>(load: () => Promise<Record<K, PreloadableComponent>>) {
  const table = loadOnce(load);
  return (key: K) =>
    lazyRoute(
      lazyComponent(() => table().then((screens) => ({ default: screens[key] }))),
      () => table().then((screens) => screens[key].preload()),
    );
}
const worker = fromTable(() => import('./worker-routes').then((m) => m.workerScreens));
const quality = fromTable(() => import('./quality-routes').then((m) => m.qualityScreens));
const admin = fromTable(() => import('./admin-routes').then((m) => m.adminScreens));

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
        // The shells (top bars, menus, dropdowns) are not needed to show /login: they load with their area.
        ...worker('shell'),
        children: [
          { index: true, ...worker('') },
          ...WORKER_PATHS.map((path) => ({ path, ...worker(path) })),
          ...QUALITY_PATHS.map((path) => ({ path, ...quality(path) })),
          { ...admin('require-admin-role'), children: WORKER_ADMIN_PATHS.map((path) => ({ path, ...admin(path) })) },
        ],
      },
    ],
  },
  {
    path: '/admin',
    element: <RequireAdmin />,
    children: [
      {
        ...admin('shell'),
        children: [
          { index: true, ...admin('') },
          ...ADMIN_PATHS.map((path) => ({ path, ...admin(path) })),
          // The screens both areas show: one chunk each ('Línea de tiempo': the admin chooses the nave).
          { path: 'avisos', ...worker('avisos') },
          { path: 'linea-de-tiempo', ...worker('linea-de-tiempo') },
          { path: 'soldadura/inspeccion', ...quality('soldadura') },
          { path: 'soldadura/inspeccion/:id', ...quality('soldadura/:id') },
          ...(['soldadura/procedimientos', 'soldadura/trazabilidad', 'soldadura/indicadores', 'soldadura/decisiones'] as const).map(
            (path) => ({
              path,
              ...quality(path),
            }),
          ),
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/login" replace /> },
];

/**
 * The last path's branch: matching ranks and tries every route of the table, a long piece of the first
 * render under a 4x CPU throttle, and the entry, then every render of AppRoutes, asks for the same path
 * (docs/decisions/119-stops-screen-start-in-idle-time.md).
 */
let lastBranch: { pathname: string; matches: ReturnType<typeof matchRoutes> } | undefined;

/** Starts the chunks of every route in the matched branch together (shell and page in parallel). */
export function preloadBranch(pathname: string): (Promise<unknown> | null)[] {
  if (lastBranch?.pathname !== pathname) lastBranch = { pathname, matches: matchRoutes(routes, pathname) };
  return (lastBranch.matches ?? []).map(
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
