import type { Page } from '@portal/contract/paging';
import type { Tramo } from '@portal/contract/tramos';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { tramoKeys } from './keys';

/**
 * One page of the circulares, filtered and sorted by the server, for the admin screen: a 401/403
 * shows as a message and keeps the session there.
 */
export function useTramoPage(query: Record<string, string | number>) {
  return useQuery({
    queryKey: tramoKeys.page(query),
    queryFn: () => api<Page<Tramo>>('/api/tramos/page', { query, endSessionOnAuthError: false }),
    placeholderData: keepPreviousData,
  });
}
