import type { MachineBinding, MachineKeyCreated, MachinesStatus } from '@portal/contract/machines';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const machinesKey = ['admin', 'machines'] as const;

/** The broker connection and every bound arco's signal (GET /api/admin/machines). */
export const getMachines = () => api<MachinesStatus>('/api/admin/machines');

export function useMachines() {
  // The broker's state and the last reports move on their own: refreshed every 30 s.
  return useQuery({ queryKey: machinesKey, queryFn: getMachines, refetchInterval: 30_000 });
}

type Saved = { binding: MachineBinding; message: string };

export const saveTopic = ({ id, topic }: { id: number; topic: string }) =>
  api<Saved>(`/api/admin/arcos-sumergidos/${id}/machine`, { method: 'PUT', body: { topic } });
export const createKey = (id: number) => api<MachineKeyCreated>(`/api/admin/arcos-sumergidos/${id}/machine/key`, { method: 'POST' });
export const revokeKey = (id: number) => api<Saved>(`/api/admin/arcos-sumergidos/${id}/machine/key`, { method: 'DELETE' });

/** A binding change, then the machines status read again. */
function useMachineMutation<I, R>(fn: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: machinesKey }) });
}

export const useSaveTopic = () => useMachineMutation(saveTopic);
export const useCreateKey = () => useMachineMutation(createKey);
export const useRevokeKey = () => useMachineMutation(revokeKey);
