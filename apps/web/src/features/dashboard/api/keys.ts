/** Query keys of the statistics panel; everything under ['dashboard'] refreshes together. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  disk: () => [...dashboardKeys.all, 'disk'] as const,
  tramosStats: () => [...dashboardKeys.all, 'tramos-stats', 'monthly'] as const,
  paradasKaiserStats: () => [...dashboardKeys.all, 'kaiser-stops-stats', 'monthly'] as const,
  topUsersByTramos: () => [...dashboardKeys.all, 'top-users-by-tramos'] as const,
  topUsersByParadasKaiser: () => [...dashboardKeys.all, 'top-users-by-kaiser-stops'] as const,
  downtime: (month: string, nave: string, shift = '') => [...dashboardKeys.all, 'downtime', month, nave, shift] as const,
};
