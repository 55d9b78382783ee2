import type { TerminalCodeResponse } from '@portal/contract/terminal';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** A one-time enrolment code for a station terminal at this arco (15 minutes, single use). */
export const createTerminalCode = (arcoId: number) =>
  api<TerminalCodeResponse>(`/api/admin/arcos-sumergidos/${arcoId}/terminal-codes`, { method: 'POST' });

export const useCreateTerminalCode = () => useMutation({ mutationFn: createTerminalCode });
