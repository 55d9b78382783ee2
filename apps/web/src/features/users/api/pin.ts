import type { BadgeBody, PinStatus, SetPinBody } from '@portal/contract/terminal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { userKeys } from './keys';

const pinKey = ['users', 'me', 'pin'] as const;

/** Whether the signed-in worker has a station-terminal PIN. */
export function usePinStatus() {
  return useQuery({ queryKey: pinKey, queryFn: () => api<PinStatus>('/api/users/me/pin') });
}

export function useSetPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetPinBody) => api<null>('/api/users/me/pin', { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pinKey }),
  });
}

/** The admin's actions on a worker's terminal credentials; the user lists follow. */
function useAdminCredential<I>(fn: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.admin }) });
}
export const useResetPin = () => useAdminCredential((id: number) => api<null>(`/api/admin/users/${id}/pin`, { method: 'DELETE' }));
export const useSetBadge = () =>
  useAdminCredential(({ id, ...body }: BadgeBody & { id: number }) => api<null>(`/api/admin/users/${id}/badge`, { method: 'PUT', body }));
