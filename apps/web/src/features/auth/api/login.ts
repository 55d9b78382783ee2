import type { AccessTokenResponse, loginBody } from '@portal/contract/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { setToken } from '@/lib/token';

export type LoginInput = z.output<typeof loginBody>;

export const login = (body: LoginInput) => api<AccessTokenResponse>('/api/auth/login', { method: 'POST', body, auth: false });

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ accessToken }) => setToken(accessToken),
  });
}
