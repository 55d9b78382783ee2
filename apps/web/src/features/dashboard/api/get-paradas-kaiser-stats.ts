import type { KaiserStopsMonth, PeriodQuery } from '@portal/contract/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { dashboardKeys } from './keys';

const query: PeriodQuery = { period: 'monthly' };

export const getParadasKaiserStats = () => api<KaiserStopsMonth[]>('/api/dashboard/kaiser-stops-stats', { query });

export function useParadasKaiserStats(enabled: boolean) {
  return useQuery({ queryKey: dashboardKeys.paradasKaiserStats(), queryFn: getParadasKaiserStats, enabled });
}
