import type { profileBody } from '@portal/contract/users';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { setToken } from '@/lib/token';

export type ProfileInput = z.output<typeof profileBody>;

export const updateProfile = (body: ProfileInput) =>
  api<{ message: string; newToken?: string }>('/api/users/me/profile', { method: 'PUT', body });

/** The answer's newToken carries the new name and worker_id: storing it refreshes every screen's claims. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ newToken }) => {
      if (newToken) setToken(newToken);
    },
  });
}
