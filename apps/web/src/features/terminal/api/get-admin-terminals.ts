import type { AdminTerminal } from '@portal/contract/terminal';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * The admin's list of terminals ('Terminales'). Not in keys.ts, which the terminal's home loads: the
 * admin's calls keep their key to themselves.
 */
export const adminTerminalKeys = { all: ['admin', 'terminals'] as const };

export const getAdminTerminals = () => api<AdminTerminal[]>('/api/admin/terminals');

/** Every terminal (revoked ones last); 'online' moves on its own, so the list is read again every 30 s. */
export function useAdminTerminals() {
  return useQuery({ queryKey: adminTerminalKeys.all, queryFn: getAdminTerminals, refetchInterval: 30_000 });
}
