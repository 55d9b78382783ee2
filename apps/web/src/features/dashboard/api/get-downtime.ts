import type { DowntimeAnalysis } from '@portal/contract/downtime';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { dashboardKeys } from './keys';

/** A month's analysis at a nave; `shift` (a shift id, '' for all) reads one shift's figures. */
export function useDowntime(month: string, nave: string, shift = '') {
  return useQuery({
    queryKey: dashboardKeys.downtime(month, nave, shift),
    queryFn: () => api<DowntimeAnalysis>('/api/admin/downtime', { query: shift ? { month, nave, shift } : { month, nave } }),
    enabled: Boolean(month && nave),
    placeholderData: keepPreviousData,
  });
}
