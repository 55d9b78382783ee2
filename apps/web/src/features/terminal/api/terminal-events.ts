import { TERMINAL_KEY_HEADER } from '@portal/contract/terminal-messages';
import { apiUrl } from '@/lib/api';
import { EventStream } from '@/lib/events';
import { connection } from '@/lib/online';
import { credentialRefused } from './credential';
import { readCredential } from './terminal-session';

/**
 * The arco's live events for the device (GET /api/terminal/events, X-Terminal-Key): the terminal
 * follows its arco whether a worker is signed in or not. A 401 means the terminal was revoked.
 */
export const terminalStream = new EventStream({
  fetch: (...args) => fetch(...args),
  getToken: readCredential,
  endSession: () => credentialRefused(),
  random: Math.random,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  target: typeof window === 'undefined' ? undefined : window,
  doc: typeof document === 'undefined' ? undefined : document,
  connection,
  url: apiUrl('/api/terminal/events'),
  authHeader: (credential) => [TERMINAL_KEY_HEADER, credential],
});
