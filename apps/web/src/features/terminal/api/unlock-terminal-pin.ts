import type { AdminTerminalSaved } from '@portal/contract/terminal';
import { api } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { adminTerminalKeys } from './get-admin-terminals';

/** Opens a terminal's PIN sign-in again after its budget of wrong PINs ran out. */
export const unlockTerminalPin = (id: number) => api<AdminTerminalSaved>(`/api/admin/terminals/${id}/pin-unlock`, { method: 'POST' });

export const useUnlockTerminalPin = () => useInvalidatingMutation(unlockTerminalPin, adminTerminalKeys.all);
