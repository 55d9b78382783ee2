import type { Page } from '@portal/contract/paging';
import type { Parada } from '@portal/contract/paradas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { paradaKeys } from './keys';

/** One page of every user's stops, filtered and sorted by the server; under ['paradas'] so every stop change refreshes it. */
export function useAdminParadas(query: Record<string, string | number>) {
  return useQuery({
    queryKey: paradaKeys.adminPage(query),
    queryFn: () => api<Page<Parada>>('/api/admin/lists/paradas', { query }),
    placeholderData: keepPreviousData,
  });
}
