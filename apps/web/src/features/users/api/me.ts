import type { ChangePasswordBody, profileBody, TokenMessageResponse } from '@portal/contract/users';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { setToken } from '@/lib/token';

export type ProfileInput = z.output<typeof profileBody>;

/**
 * A change to the signed-in user's own account (PUT /api/users/me/...). The answer's newToken carries
 * the new name and worker_id: storing it refreshes every screen's claims.
 */
function useOwnAccountMutation<B>(path: 'profile' | 'password') {
  return useMutation({
    mutationFn: (body: B) => api<TokenMessageResponse>(`/api/users/me/${path}`, { method: 'PUT', body }),
    onSuccess: ({ newToken }) => {
      if (newToken) setToken(newToken);
    },
  });
}

export const useUpdateProfile = () => useOwnAccountMutation<ProfileInput>('profile');
export const useChangePassword = () => useOwnAccountMutation<ChangePasswordBody>('password');
