import { useSyncExternalStore } from 'react';
import { setQueueSessions } from './offline-queue';
import { decodeToken, notifyToken, setSessionSource } from './token';

/**
 * A station terminal's state in the browser (docs/decisions/038-station-terminal-web.md): the device
 * credential (localStorage, sent as X-Terminal-Key on /api/terminal/*) and the workers signed in on it
 * with a PIN or a badge, in memory only: a reload signs everyone out. The selected worker's token is
 * the session every worker call and the offline queue use (lib/token.ts's session source); a worker
 * who leaves, by hand or when the terminal is idle, keeps their token here until it expires, only for
 * the writes of theirs still waiting in the offline queue.
 */

const CREDENTIAL_KEY = 'terminalKey';

export function readCredential(): string | null {
  try {
    return localStorage.getItem(CREDENTIAL_KEY);
  } catch {
    return null;
  }
}
export function saveCredential(credential: string | null): void {
  if (credential) localStorage.setItem(CREDENTIAL_KEY, credential);
  else localStorage.removeItem(CREDENTIAL_KEY);
}

export interface TerminalWorker {
  id: number;
  name: string;
  worker_id: string;
  token: string;
}

interface State {
  workers: readonly TerminalWorker[];
  selected: number | null;
}

let state: State = { workers: [], selected: null };
/** Tokens of workers who left, for their queued writes only (until the token's exp). */
const parked = new Map<number, string>();
const listeners = new Set<() => void>();
function set(next: State) {
  state = next;
  for (const l of listeners) l();
  notifyToken();
}

const live = (token: string) => {
  const exp = decodeToken(token)?.exp;
  return exp !== undefined && exp * 1000 > Date.now();
};

/** A worker signed in: added (or refreshed) and selected. */
export function addWorker(worker: TerminalWorker): void {
  parked.delete(worker.id);
  set({ workers: [...state.workers.filter((w) => w.id !== worker.id), worker], selected: worker.id });
}

export function selectWorker(id: number): void {
  if (state.workers.some((w) => w.id === id)) set({ ...state, selected: id });
}

/** A worker leaves; `refused`: the server no longer takes the token, so it is not kept for the queue. */
export function removeWorker(id: number, refused = false): void {
  const leaving = state.workers.find((w) => w.id === id);
  if (!leaving) return;
  if (!refused) parked.set(id, leaving.token);
  const workers = state.workers.filter((w) => w.id !== id);
  set({ workers, selected: state.selected === id ? (workers.at(-1)?.id ?? null) : state.selected });
}

export function removeAllWorkers(): void {
  for (const w of state.workers) parked.set(w.id, w.token);
  set({ workers: [], selected: null });
}

const selectedWorker = () => state.workers.find((w) => w.id === state.selected) ?? null;

function tokenOf(userId: number): string | null {
  const token = state.workers.find((w) => w.id === userId)?.token ?? parked.get(userId) ?? null;
  if (token && !live(token)) {
    parked.delete(userId);
    return null;
  }
  return token;
}

/**
 * Makes the selected worker the session of this tab (lib/token.ts) and lets the offline queue send
 * each worker's writes with that worker's token; answers the function that undoes it.
 */
export function installTerminalSession(): () => void {
  setSessionSource({
    get: () => selectedWorker()?.token ?? null,
    // A 401/403 on the selected worker's token (expired, revoked, password changed): that worker leaves.
    remove: () => {
      const w = selectedWorker();
      if (w) removeWorker(w.id, true);
    },
  });
  setQueueSessions(tokenOf);
  return () => {
    setSessionSource(undefined);
    setQueueSessions(() => null);
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTerminalWorkers(): State {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
