import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateNaves } from './invalidate';

export const deleteNave = (id: number) => api<{ message: string }>(`/api/admin/naves/${id}`, { method: 'DELETE' });

export function useDeleteNave() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteNave, onSuccess: () => invalidateNaves(queryClient) });
}
