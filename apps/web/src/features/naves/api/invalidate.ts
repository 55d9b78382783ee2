import type { QueryClient } from '@tanstack/react-query';

/** A nave change alters every nave list and every station list filtered or labelled by nave. */
export function invalidateNaves(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: ['naves'] }), queryClient.invalidateQueries({ queryKey: ['arcos'] })]);
}
