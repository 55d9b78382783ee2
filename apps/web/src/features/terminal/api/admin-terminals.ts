import type { AdminTerminal, RenameTerminalBody } from '@portal/contract/terminal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const adminTerminalKeys = { all: ['admin', 'terminals'] as const };

/** Every terminal (revoked ones last); 'online' moves on its own, so the list is read again every 30 s. */
export function useAdminTerminals() {
  return useQuery({
    queryKey: adminTerminalKeys.all,
    queryFn: () => api<AdminTerminal[]>('/api/admin/terminals'),
    refetchInterval: 30_000,
  });
}

type Saved = { terminal: AdminTerminal; message: string };

export const renameTerminal = ({ id, ...body }: RenameTerminalBody & { id: number }) =>
  api<Saved>(`/api/admin/terminals/${id}`, { method: 'PATCH', body });
export const revokeTerminal = (id: number) => api<Saved>(`/api/admin/terminals/${id}/revoke`, { method: 'POST' });
/** Opens a terminal's PIN sign-in again after its budget of wrong PINs ran out. */
export const unlockTerminalPin = (id: number) => api<Saved>(`/api/admin/terminals/${id}/pin-unlock`, { method: 'POST' });

function useTerminalMutation<I>(fn: (input: I) => Promise<Saved>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTerminalKeys.all }) });
}
export const useRenameTerminal = () => useTerminalMutation(renameTerminal);
export const useRevokeTerminal = () => useTerminalMutation(revokeTerminal);
export const useUnlockTerminalPin = () => useTerminalMutation(unlockTerminalPin);
