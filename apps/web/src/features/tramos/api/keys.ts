import type { QueryClient } from '@tanstack/react-query';

/** Every tramos query lives under ['tramos'], so one invalidation refreshes lists, search and detail. */
export const tramoKeys = {
  all: ['tramos'] as const,
  latest: () => ['tramos', 'latest'] as const,
  list: (scope: 'admin-area' | 'user-area') => ['tramos', 'list', scope] as const,
  detail: (id: string) => ['tramos', 'detail', id] as const,
  page: (query: Record<string, string | number>) => ['tramos', 'page', query] as const,
};

export const invalidateTramos = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: tramoKeys.all });
