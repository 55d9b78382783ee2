import type { DiskStatus } from '@portal/contract/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { dashboardKeys } from './keys';

export const getDisk = () => api<DiskStatus>('/api/dashboard/disk');

/** The server's free disk space, read again every five minutes while the panel is open. */
export function useDisk(enabled: boolean) {
  return useQuery({ queryKey: dashboardKeys.disk(), queryFn: getDisk, enabled, refetchInterval: 5 * 60_000 });
}
