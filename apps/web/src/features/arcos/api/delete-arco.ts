import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateStations } from './invalidate';

export const deleteArco = (id: number) => api<{ message: string }>(`/api/admin/arcos-sumergidos/${id}`, { method: 'DELETE' });

export function useDeleteArco() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteArco, onSuccess: () => invalidateStations(queryClient) });
}
