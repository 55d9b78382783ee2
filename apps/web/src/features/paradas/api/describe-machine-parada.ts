import type { MachineParadaBody, MachineParadaSaved } from '@portal/contract/machines';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateParadas } from './invalidate';

/** What a machine's parada cannot know, added by a worker at its arco: the description and the motivo. */
export const describeMachineParada = ({ id, ...body }: MachineParadaBody & { id: number }) =>
  api<MachineParadaSaved>(`/api/machines/paradas/${id}`, { method: 'PUT', body });

export function useDescribeMachineParada() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: describeMachineParada, onSuccess: () => invalidateParadas(queryClient) });
}
