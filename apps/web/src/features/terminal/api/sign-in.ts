import type { TerminalSignInBody, TerminalSignInResponse } from '@portal/contract/terminal';
import { useMutation } from '@tanstack/react-query';
import { addWorker } from '@/lib/terminal-session';
import { terminalApi } from './credential';

export const signInAtTerminal = (body: TerminalSignInBody) =>
  terminalApi<TerminalSignInResponse>('/api/terminal/sign-in', { method: 'POST', body });

/** A PIN or badge sign-in: the worker joins the chips, selected. */
export function useTerminalSignIn() {
  return useMutation({
    mutationFn: signInAtTerminal,
    onSuccess: ({ token, user }) => addWorker({ id: user.id, name: user.name, worker_id: user.worker_id, token }),
  });
}
