import type { QueryClient } from '@tanstack/react-query';

/** A station change alters every station list (login, forms) and the naves' station counts. */
export function invalidateStations(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: ['arcos'] }), queryClient.invalidateQueries({ queryKey: ['naves'] })]);
}
