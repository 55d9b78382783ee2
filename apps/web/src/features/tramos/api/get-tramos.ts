import { LIST_MAX, type TramoListResponse } from '@portal/contract/tramos';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { tramoKeys } from './keys';

/**
 * All tramos, 100 per page, newest first. The admin area shows a 401/403 as a message instead of
 * ending the session, hence `endSessionOnAuthError` per screen.
 */
export const getTramosPage = (offset: number, endSessionOnAuthError: boolean) =>
  api<TramoListResponse>('/api/tramos', { query: { limit: LIST_MAX, offset }, endSessionOnAuthError });

export function useAllTramos(scope: 'admin-area' | 'user-area') {
  const endSession = scope === 'user-area';
  return useInfiniteQuery({
    queryKey: tramoKeys.list(scope),
    queryFn: ({ pageParam }) => getTramosPage(pageParam, endSession),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.tramos.length, 0);
      return loaded < last.total && last.tramos.length > 0 ? loaded : undefined;
    },
  });
}
