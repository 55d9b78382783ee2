import type { TopUserByTramos } from '@portal/contract/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { dashboardKeys } from './keys';

export const getTopUsersByTramos = () => api<TopUserByTramos[]>('/api/dashboard/top-users-by-tramos');

export function useTopUsersByTramos(enabled: boolean) {
  return useQuery({ queryKey: dashboardKeys.topUsersByTramos(), queryFn: getTopUsersByTramos, enabled });
}
