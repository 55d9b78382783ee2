import type { ChangePasswordBody } from '@portal/contract/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { setToken } from '@/lib/token';

export const changePassword = (body: ChangePasswordBody) =>
  api<{ message: string; newToken?: string }>('/api/users/me/password', { method: 'PUT', body });

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ newToken }) => {
      if (newToken) setToken(newToken);
    },
  });
}
