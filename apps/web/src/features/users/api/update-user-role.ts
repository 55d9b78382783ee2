import type { MessageResponse, Role } from '@portal/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { userKeys } from './keys';

export const updateUserRole = ({ id, role }: { id: number; role: Role }) =>
  api<MessageResponse>(`/api/admin/users/${id}/role`, { method: 'PUT', body: { role } });

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.admin }),
  });
}
