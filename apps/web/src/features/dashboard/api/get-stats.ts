import type { DashboardStats } from '@portal/contract/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { dashboardKeys } from './keys';

export const getStats = () => api<DashboardStats>('/api/dashboard/stats');

export function useStats(enabled: boolean) {
  return useQuery({ queryKey: dashboardKeys.stats(), queryFn: getStats, enabled });
}
