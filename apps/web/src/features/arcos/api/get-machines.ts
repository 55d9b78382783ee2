import type { MachinesStatus } from '@portal/contract/machines';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { machineKeys } from './keys';

/** The broker connection and every bound arco's signal (GET /api/admin/machines). */
export const getMachines = () => api<MachinesStatus>('/api/admin/machines');

export function useMachines() {
  // The broker's state and the last reports move on their own: refreshed every 30 s.
  return useQuery({ queryKey: machineKeys.all, queryFn: getMachines, refetchInterval: 30_000 });
}
