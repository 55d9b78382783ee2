import type { TopUserByKaiserStops } from '@portal/contract/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { dashboardKeys } from './keys';

export const getTopUsersByParadasKaiser = () => api<TopUserByKaiserStops[]>('/api/dashboard/top-users-by-kaiser-stops');

export function useTopUsersByParadasKaiser(enabled: boolean) {
  return useQuery({ queryKey: dashboardKeys.topUsersByParadasKaiser(), queryFn: getTopUsersByParadasKaiser, enabled });
}
