import type { AdminTerminalSaved } from '@portal/contract/terminal';
import { api } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { adminTerminalKeys } from './get-admin-terminals';

export const revokeTerminal = (id: number) => api<AdminTerminalSaved>(`/api/admin/terminals/${id}/revoke`, { method: 'POST' });

export const useRevokeTerminal = () => useInvalidatingMutation(revokeTerminal, adminTerminalKeys.all);
