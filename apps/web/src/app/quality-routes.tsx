import { lazyComponent, type PreloadableComponent } from '@/lib/lazy-component';
import type { QualityPath } from './route-paths';

/**
 * The weld inspector's and Calidad's screens in the worker area, keyed by their path under /dashboard
 * (route-paths.ts lists the paths; the imports live here, so the entry every screen downloads does not
 * carry them: docs/decisions/096-route-tables-out-of-the-entry.md). router.tsx shows the same screens
 * under /admin.
 */
export const qualityScreens = {
  soldadura: lazyComponent(() => import('@/features/welds/routes/inspection-search-page')),
  'soldadura/:id': lazyComponent(() => import('@/features/welds/routes/seam-inspection-page')),
  'soldadura/procedimientos': lazyComponent(() => import('@/features/welds/routes/procedures-page')),
  'soldadura/trazabilidad': lazyComponent(() => import('@/features/welds/routes/recall-page')),
  'soldadura/indicadores': lazyComponent(() => import('@/features/welds/routes/figures-page')),
  'soldadura/decisiones': lazyComponent(() => import('@/features/welds/routes/awaiting-decision-page')),
} satisfies Record<QualityPath, PreloadableComponent>;
