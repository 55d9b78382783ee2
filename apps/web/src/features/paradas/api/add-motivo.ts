import type { AddMotivoBody, ParadaSavedResponse } from '@portal/contract/paradas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateParadas } from './invalidate';

/** The motivo of an ended parada that had none. */
export const addMotivo = ({ id, ...body }: AddMotivoBody & { id: number }) =>
  api<ParadaSavedResponse>(`/api/paradas-kaiser/${id}/motivo`, { method: 'PUT', body });

export function useAddMotivo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addMotivo, onSuccess: () => invalidateParadas(queryClient) });
}
