import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { setSessionEndHandler } from '@/lib/api';
import AdminShell from './AdminShell';
import { RequireAdmin, RequireAdminRole, RequireUser } from './guards';
import UserShell from './UserShell';

type PageModule = { default: React.ComponentType };
/** Every screen is its own chunk, loaded when its route is visited. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  { path: '/login', ...page(() => import('@/features/auth/routes/LoginPage')) },
  { path: '/register', ...page(() => import('@/features/auth/routes/RegisterPage')) },
  { path: '/admin/login', ...page(() => import('@/features/auth/routes/AdminLoginPage')) },
  {
    path: '/dashboard',
    element: <RequireUser />,
    children: [
      {
        element: <UserShell />,
        children: [
          { index: true, ...page(() => import('@/features/wall/routes/WallPage')) },
          { path: 'wall/:wallName', ...page(() => import('@/features/wall/routes/WallPage')) },
          { path: 'add-circular', ...page(() => import('@/features/tramos/routes/AddCircularPage')) },
          { path: 'consultar-datos', ...page(() => import('@/features/tramos/routes/ConsultarDatosPage')) },
          { path: 'profile', ...page(() => import('@/features/users/routes/ProfilePage')) },
          { path: 'tramo/:id', ...page(() => import('@/features/tramos/routes/TramoDetailPage')) },
          { path: 'paradas-kaiser', ...page(() => import('@/features/paradas/routes/ParadasKaiserPage')) },
          { path: 'add-manual-parada', ...page(() => import('@/features/paradas/routes/ManualParadaPage')) },
          {
            element: <RequireAdminRole />,
            children: [
              { path: 'admin-view-all', ...page(() => import('@/features/tramos/routes/AllTramosPage')) },
              { path: 'user-management', ...page(() => import('@/features/users/routes/UserManagementPage')) },
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
        element: <AdminShell />,
        children: [
          { index: true, ...page(() => import('@/features/dashboard/routes/StatsPage')) },
          { path: 'users', ...page(() => import('@/features/users/routes/UserManagementPage')) },
          { path: 'circulares', ...page(() => import('@/features/tramos/routes/AdminCircularesPage')) },
          { path: 'paradas-kaiser', ...page(() => import('@/features/paradas/routes/AdminParadasPage')) },
          { path: 'posts', ...page(() => import('@/features/wall/routes/AdminPostsPage')) },
          { path: 'comments', ...page(() => import('@/features/wall/routes/AdminCommentsPage')) },
          { path: 'arcos-sumergidos', ...page(() => import('@/features/arcos/routes/AdminArcosPage')) },
          { path: 'naves', ...page(() => import('@/features/naves/routes/AdminNavesPage')) },
          { path: 'planta', ...page(() => import('@/features/planta/routes/PlantaPage')) },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/login" replace /> },
];

export function createRouter() {
  const router = createBrowserRouter(routes);
  // A 401/403 from the API (token removed by the client) leaves for /login.
  setSessionEndHandler(() => {
    void router.navigate('/login', { replace: true });
  });
  return router;
}
