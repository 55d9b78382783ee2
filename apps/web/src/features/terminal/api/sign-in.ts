import type { TerminalNonce, TerminalSignInBody, TerminalSignInResponse } from '@portal/contract/terminal';
import { useMutation } from '@tanstack/react-query';
import { terminalApi } from './credential';
import { addWorker } from './terminal-session';

/**
 * A sign-in, signed by this device's key over a fresh server nonce (docs/decisions/060-terminal-budget-and-binding.md).
 * The key's code loads with the first sign-in, not with the home (docs/decisions/073-one-folder-per-feature-in-the-web.md).
 */
export const signInAtTerminal = async (body: TerminalSignInBody) => {
  const { deviceProof } = await import('./device-key');
  const proof = await deviceProof(() => terminalApi<TerminalNonce>('/api/terminal/nonce'));
  return terminalApi<TerminalSignInResponse>('/api/terminal/sign-in', { method: 'POST', body: { ...body, ...proof } });
};

/** A PIN or badge sign-in: the worker joins the chips, selected. */
export function useTerminalSignIn() {
  return useMutation({
    mutationFn: signInAtTerminal,
    onSuccess: ({ token, user }) => addWorker({ id: user.id, name: user.name, worker_id: user.worker_id, token }),
  });
}
