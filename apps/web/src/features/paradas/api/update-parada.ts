import type { ParadaSavedResponse, ParadaTimesBody } from '@portal/contract/paradas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateParadas } from './invalidate';

export const updateParada = ({ id, ...body }: ParadaTimesBody & { id: number }) =>
  api<ParadaSavedResponse>(`/api/paradas-kaiser/${id}`, { method: 'PUT', body });

export function useUpdateParada() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateParada, onSuccess: () => invalidateParadas(queryClient) });
}
