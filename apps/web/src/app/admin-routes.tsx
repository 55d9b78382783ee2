import { lazyComponent, type PreloadableComponent } from '@/lib/lazy-component';
import type { AdminPath } from './route-paths';

const userManagement = lazyComponent(() => import('./user-management-page'));

/**
 * The admin's screens, keyed by their path under /admin, with the admin shell and the admin screens of
 * the worker area (behind RequireAdminRole). route-paths.ts lists the paths and router.tsx makes the
 * routes, so matching, guards and deep links are decided there as before; the imports live here, loaded
 * with the first admin route, so the entry every screen downloads does not carry them
 * (docs/decisions/096-route-tables-out-of-the-entry.md).
 */
export const adminScreens = {
  shell: lazyComponent(() => import('./admin-shell')),
  '': lazyComponent(() => import('@/features/dashboard/routes/stats-page')),
  users: userManagement,
  circulares: lazyComponent(() => import('@/features/tramos/routes/admin-circulares-page')),
  'paradas-kaiser': lazyComponent(() => import('@/features/paradas/routes/admin-paradas-page')),
  posts: lazyComponent(() => import('@/features/wall/routes/admin-posts-page')),
  comments: lazyComponent(() => import('@/features/wall/routes/admin-comments-page')),
  'arcos-sumergidos': lazyComponent(() => import('./admin-arcos-page')),
  naves: lazyComponent(() => import('@/features/naves/routes/admin-naves-page')),
  terminales: lazyComponent(() => import('@/features/terminal/routes/admin-terminals-page')),
  planta: lazyComponent(() => import('./planta-page')),
  'avisos/reglas': lazyComponent(() => import('@/features/andon/routes/admin-andon-rules-page')),
  motivos: lazyComponent(() => import('@/features/motivos/routes/admin-motivos-page')),
  turnos: lazyComponent(() => import('@/features/shifts/routes/admin-shifts-page')),
  historial: lazyComponent(() => import('@/features/audit/routes/audit-page')),
  'soldadura/lotes': lazyComponent(() => import('@/features/welds/routes/admin-lots-page')),
  'soldadura/cualificaciones': lazyComponent(() => import('@/features/welds/routes/admin-qualifications-page')),
  'soldadura/oee': lazyComponent(() => import('@/features/telemetry/routes/admin-telemetry-page')),
  relevos: lazyComponent(() => import('@/features/handovers/routes/admin-handovers-page')),
  // The worker area's admin screens (/dashboard/...).
  'require-admin-role': lazyComponent(() => import('./require-admin-role')),
  'admin-view-all': lazyComponent(() => import('@/features/tramos/routes/all-tramos-page')),
  'user-management': userManagement,
} satisfies Record<AdminPath | '' | 'shell' | 'require-admin-role', PreloadableComponent>;
