import type { RegisterResponse, registerBody } from '@portal/contract/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';

export type RegisterInput = z.output<typeof registerBody>;

/** Registration always asks for role user; the server ignores it anyway. */
export const register = ({ worker_id, name, password }: RegisterInput) =>
  api<RegisterResponse>('/api/auth/register', {
    method: 'POST',
    body: { worker_id, name, password, role: 'user' },
    auth: false,
  });

export function useRegister() {
  return useMutation({ mutationFn: register });
}
