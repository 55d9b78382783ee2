import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { usersKey } from './get-users';

export const deleteUser = (id: number) => api<{ message: string }>(`/api/admin/users/${id}`, { method: 'DELETE' });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
