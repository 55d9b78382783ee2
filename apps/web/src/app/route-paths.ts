/**
 * The paths of the screens whose imports live in a table of their own, loaded with its area
 * (docs/decisions/096-route-tables-out-of-the-entry.md): router.tsx makes the routes from these lists,
 * and each table (`worker-routes.tsx`, `quality-routes.tsx`, `admin-routes.tsx`) is checked by tsc to
 * have one screen for each path and nothing else, besides its index ('') and its layouts.
 */

/** Under /dashboard (the worker area's shell). */
export const WORKER_PATHS = [
  'wall/:wallName',
  'add-circular',
  'consultar-datos',
  'profile',
  'tramo/:id',
  'paradas-kaiser',
  'add-manual-parada',
  'avisos',
  'linea-de-tiempo',
  'relevo',
] as const;

/** The weld inspector's and Calidad's screens under /dashboard; /admin shows them too. */
export const QUALITY_PATHS = [
  'soldadura',
  'soldadura/:id',
  'soldadura/procedimientos',
  'soldadura/trazabilidad',
  'soldadura/indicadores',
  'soldadura/decisiones',
] as const;

/** Under /admin, besides its index and the screens it shares with the worker area (router.tsx). */
export const ADMIN_PATHS = [
  'users',
  'circulares',
  'paradas-kaiser',
  'posts',
  'comments',
  'arcos-sumergidos',
  'naves',
  'terminales',
  'planta',
  'avisos/reglas',
  'motivos',
  'turnos',
  'historial',
  'soldadura/lotes',
  'soldadura/cualificaciones',
  'soldadura/oee',
  'relevos',
] as const;

/** The admin's screens of the worker area, behind RequireAdminRole. */
export const WORKER_ADMIN_PATHS = ['admin-view-all', 'user-management'] as const;

export type WorkerPath = (typeof WORKER_PATHS)[number];
export type QualityPath = (typeof QUALITY_PATHS)[number];
export type AdminPath = (typeof ADMIN_PATHS)[number] | (typeof WORKER_ADMIN_PATHS)[number];
