import type { TopUserByKaiserStops } from '@portal/contract/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { dashboardKeys } from './keys';

export const getTopUsersByKaiserStops = () => api<TopUserByKaiserStops[]>('/api/dashboard/top-users-by-kaiser-stops');

export function useTopUsersByKaiserStops(enabled: boolean) {
  return useQuery({ queryKey: dashboardKeys.topUsersByKaiserStops(), queryFn: getTopUsersByKaiserStops, enabled });
}
