import type { PeriodQuery, TramosMonth } from '@portal/contract/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { dashboardKeys } from './keys';

const query: PeriodQuery = { period: 'monthly' };

export const getTramosStats = () => api<TramosMonth[]>('/api/dashboard/tramos-stats', { query });

export function useTramosStats(enabled: boolean) {
  return useQuery({ queryKey: dashboardKeys.tramosStats(), queryFn: getTramosStats, enabled });
}
