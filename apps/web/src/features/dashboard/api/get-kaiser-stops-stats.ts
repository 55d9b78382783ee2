import type { KaiserStopsMonth, PeriodQuery } from '@portal/contract/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { dashboardKeys } from './keys';

const query: PeriodQuery = { period: 'monthly' };

export const getKaiserStopsStats = () => api<KaiserStopsMonth[]>('/api/dashboard/kaiser-stops-stats', { query });

export function useKaiserStopsStats(enabled: boolean) {
  return useQuery({ queryKey: dashboardKeys.kaiserStopsStats(), queryFn: getKaiserStopsStats, enabled });
}
