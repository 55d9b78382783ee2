import { lazyComponent, type PreloadableComponent } from '@/lib/lazy-component';
import type { WorkerPath } from './route-paths';

const wallPage = lazyComponent(() => import('@/features/wall/routes/wall-page'));

/**
 * The worker area's shell and screens, keyed by their path under /dashboard (route-paths.ts lists
 * the paths; the imports live here, loaded with the worker area's shell, so the entry every screen
 * downloads does not carry them: docs/decisions/096-route-tables-out-of-the-entry.md).
 */
export const workerScreens = {
  shell: lazyComponent(() => import('./user-shell')),
  '': wallPage,
  'wall/:wallName': wallPage,
  'add-circular': lazyComponent(() => import('@/features/tramos/routes/add-circular-page')),
  'consultar-datos': lazyComponent(() => import('@/features/tramos/routes/consultar-datos-page')),
  profile: lazyComponent(() => import('@/features/users/routes/profile-page')),
  'tramo/:id': lazyComponent(() => import('@/features/tramos/routes/tramo-detail-page')),
  'paradas-kaiser': lazyComponent(() => import('./paradas-kaiser-page')),
  'add-manual-parada': lazyComponent(() => import('@/features/paradas/routes/manual-parada-page')),
  avisos: lazyComponent(() => import('@/features/andon/routes/avisos-page')),
  'linea-de-tiempo': lazyComponent(() => import('@/features/timeline/routes/timeline-page')),
  relevo: lazyComponent(() => import('@/features/handovers/routes/worker-handover-page')),
} satisfies Record<WorkerPath | '' | 'shell', PreloadableComponent>;
