import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const resetUserPassword = ({ id, password }: { id: number; password: string }) =>
  api<{ message: string }>(`/api/admin/users/${id}/password`, { method: 'PUT', body: { password } });

export function useResetUserPassword() {
  return useMutation({ mutationFn: resetUserPassword });
}
