import type { MessageResponse } from '@portal/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateParadas } from './invalidate';

export const deleteParada = (id: number) => api<MessageResponse>(`/api/paradas-kaiser/${id}`, { method: 'DELETE' });

export function useDeleteParada() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteParada, onSuccess: () => invalidateParadas(queryClient) });
}
