import type { MessageResponse } from '@portal/contract/common';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Clears the failed-login counters of an account (docs/decisions/014-login-limits-that-never-lock-out.md). */
export const unlockUser = (id: number) => api<MessageResponse>(`/api/admin/users/${id}/unlock`, { method: 'POST' });

export function useUnlockUser() {
  return useMutation({ mutationFn: unlockUser });
}
