import { errorCodes } from '@portal/contract/error-codes';
import { TERMINAL_KEY_HEADER, terminalMessages } from '@portal/contract/terminal-messages';
import { useSyncExternalStore } from 'react';
import { ApiError, type ApiOptions, api } from '@/lib/api';
import { readCredential, saveCredential } from './terminal-session';

/**
 * The device credential: kept in localStorage from enrolment until the server refuses it (revoked, or
 * unknown after a restore), when the enrolment screen comes back with the server's Spanish message.
 */
interface CredentialState {
  credential: string | null;
  /** Why the last credential was dropped, for the enrolment screen. */
  refusal: string | null;
}

let state: CredentialState = { credential: readCredential(), refusal: null };
const listeners = new Set<() => void>();
function set(next: CredentialState) {
  state = next;
  for (const l of listeners) l();
}

export function enrolled(credential: string): void {
  saveCredential(credential);
  set({ credential, refusal: null });
}

/** The server no longer takes the credential: the device goes back to the enrolment screen. */
export function credentialRefused(message?: string): void {
  saveCredential(null);
  set({ credential: null, refusal: message ?? terminalMessages.credentialRevoked });
}

export function useCredential(): CredentialState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}

/**
 * A call to /api/terminal/* with the device credential; a 401 that refuses the credential itself (its
 * code, contract/error-codes.ts: a wrong PIN or badge is a 401 too) forgets it.
 */
export async function terminalApi<T>(path: string, options: Omit<ApiOptions, 'auth' | 'headers'> = {}): Promise<T> {
  const credential = state.credential;
  if (!credential) throw new ApiError(401, terminalMessages.credentialMissing, errorCodes.terminalCredentialRefused);
  try {
    return await api<T>(path, { ...options, auth: false, headers: { [TERMINAL_KEY_HEADER]: credential } });
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.status === 401 &&
      state.credential === credential &&
      (error.serverMessage === undefined || error.code === errorCodes.terminalCredentialRefused)
    )
      credentialRefused(error.serverMessage);
    throw error;
  }
}
