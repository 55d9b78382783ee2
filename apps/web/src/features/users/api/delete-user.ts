import type { MessageResponse } from '@portal/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { userKeys } from './keys';

export const deleteUser = (id: number) => api<MessageResponse>(`/api/admin/users/${id}`, { method: 'DELETE' });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.admin }),
  });
}
