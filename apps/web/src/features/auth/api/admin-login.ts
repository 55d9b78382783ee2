import type { adminLoginBody } from '@portal/contract/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { setToken } from '@/lib/token';

export type AdminLoginInput = z.output<typeof adminLoginBody>;

export const adminLogin = (body: AdminLoginInput) =>
  api<{ accessToken: string }>('/api/admin/login', { method: 'POST', body, auth: false });

export function useAdminLogin() {
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: ({ accessToken }) => setToken(accessToken),
  });
}
