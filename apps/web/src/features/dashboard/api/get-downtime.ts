import type { DowntimeAnalysis } from '@portal/contract/downtime';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { dashboardKeys } from './keys';

export function useDowntime(month: string, nave: string) {
  return useQuery({
    queryKey: dashboardKeys.downtime(month, nave),
    queryFn: () => api<DowntimeAnalysis>('/api/admin/downtime', { query: { month, nave } }),
    enabled: Boolean(month && nave),
    placeholderData: keepPreviousData,
  });
}
