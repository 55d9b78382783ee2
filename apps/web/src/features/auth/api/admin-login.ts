import type { AccessTokenResponse, adminLoginBody } from '@portal/contract/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { setToken } from '@/lib/token';

export type AdminLoginInput = z.output<typeof adminLoginBody>;

export const adminLogin = (body: AdminLoginInput) => api<AccessTokenResponse>('/api/admin/login', { method: 'POST', body, auth: false });

export function useAdminLogin() {
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: ({ accessToken }) => setToken(accessToken),
  });
}
