import type { AdminTerminalSaved, RenameTerminalBody } from '@portal/contract/terminal';
import { api } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { adminTerminalKeys } from './get-admin-terminals';

export const renameTerminal = ({ id, ...body }: RenameTerminalBody & { id: number }) =>
  api<AdminTerminalSaved>(`/api/admin/terminals/${id}`, { method: 'PATCH', body });

export const useRenameTerminal = () => useInvalidatingMutation(renameTerminal, adminTerminalKeys.all);
