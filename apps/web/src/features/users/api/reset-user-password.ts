import type { TokenMessageResponse } from '@portal/contract/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { setToken } from '@/lib/token';

export const resetUserPassword = ({ id, password }: { id: number; password: string }) =>
  api<TokenMessageResponse>(`/api/admin/users/${id}/password`, { method: 'PUT', body: { password } });

export function useResetUserPassword() {
  return useMutation({
    mutationFn: resetUserPassword,
    // Only an admin resetting their own password gets a newToken: the old one no longer works.
    onSuccess: ({ newToken }) => {
      if (newToken) setToken(newToken);
    },
  });
}
