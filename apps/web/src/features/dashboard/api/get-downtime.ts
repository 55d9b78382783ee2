import type { DowntimeAnalysis } from '@portal/contract/downtime';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const downtimeKey = (month: string, nave: string) => ['dashboard', 'downtime', month, nave] as const;

export function useDowntime(month: string, nave: string) {
  return useQuery({
    queryKey: downtimeKey(month, nave),
    queryFn: () => api<DowntimeAnalysis>('/api/admin/downtime', { query: { month, nave } }),
    enabled: Boolean(month && nave),
    placeholderData: keepPreviousData,
  });
}
