import { useSyncExternalStore } from 'react';
import { setQueueSessions } from '@/lib/offline-queue';
import { decodeToken, notifyToken, setSessionSource } from '@/lib/token';
import { CREDENTIAL_KEY, WORKERS_KEY } from './terminal-preload';

/**
 * A station terminal's state in the browser (docs/decisions/038-station-terminal-web.md): the device
 * credential (localStorage, sent as X-Terminal-Key on /api/terminal/*) and the workers signed in on it
 * with a PIN or a badge. The selected worker's token is the session every worker call and the offline
 * queue use (lib/token.ts's session source); a worker who leaves, by hand or when the terminal is idle,
 * keeps their token here until it expires, only for the writes of theirs still waiting in the offline
 * queue. The workers are also kept in the tab's sessionStorage with the time of the last touch, so a
 * reload (offline too) keeps them signed in, but never past the idle sign-out: a reload after the idle
 * minutes finds everyone signed out (docs/decisions/050-terminal-offline-and-handover.md).
 */

export function readCredential(): string | null {
  try {
    return localStorage.getItem(CREDENTIAL_KEY);
  } catch {
    return null;
  }
}
export function saveCredential(credential: string | null): void {
  if (credential) localStorage.setItem(CREDENTIAL_KEY, credential);
  else {
    localStorage.removeItem(CREDENTIAL_KEY);
    // A refused device keeps nobody's session.
    parked.clear();
    set({ workers: [], selected: null });
  }
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

const live = (token: string) => {
  const exp = decodeToken(token)?.exp;
  return exp !== undefined && exp * 1000 > Date.now();
};

/** The tab's copy of the workers, for a reload: sessionStorage, so closing the tab forgets it. */
const SAVED_KEY = WORKERS_KEY;
/** The server's TERMINAL_IDLE_MINUTES default, until GET /api/terminal answers the configured one. */
const DEFAULT_IDLE_MINUTES = 5;

interface Saved {
  workers: TerminalWorker[];
  selected: number | null;
  parked: [number, string][];
  /** The last touch, key or badge (epoch ms). */
  activeAt: number;
  idleMinutes: number;
}

let idleMinutes = DEFAULT_IDLE_MINUTES;
let activeAt = Date.now();
/** Tokens of workers who left, for their queued writes only (until the token's exp). */
const parked = new Map<number, string>();

let savedAt = 0;
function save(): void {
  savedAt = Date.now();
  const saved: Saved = { workers: [...state.workers], selected: state.selected, parked: [...parked], activeAt, idleMinutes };
  try {
    if (saved.workers.length === 0 && saved.parked.length === 0) sessionStorage.removeItem(SAVED_KEY);
    else sessionStorage.setItem(SAVED_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or disabled: a reload signs everyone out, as before.
  }
}

/**
 * The workers of this tab before a reload: still signed in only if the idle minutes have not passed
 * since the last touch (else they left, their tokens kept for their queued writes only), and only
 * with a token not yet expired.
 */
function restore(): State {
  let saved: Saved | null = null;
  try {
    saved = readCredential() ? (JSON.parse(sessionStorage.getItem(SAVED_KEY) ?? 'null') as Saved | null) : null;
  } catch {
    saved = null;
  }
  if (!saved || !Array.isArray(saved.workers) || !Array.isArray(saved.parked)) return { workers: [], selected: null };
  idleMinutes = saved.idleMinutes > 0 ? saved.idleMinutes : DEFAULT_IDLE_MINUTES;
  const idle = !(Date.now() - saved.activeAt < idleMinutes * 60_000);
  for (const [id, token] of saved.parked) if (live(token)) parked.set(id, token);
  const workers = saved.workers.filter((w) => live(w.token));
  if (idle) {
    for (const w of workers) parked.set(w.id, w.token);
    return { workers: [], selected: null };
  }
  activeAt = saved.activeAt;
  return { workers, selected: workers.some((w) => w.id === saved.selected) ? saved.selected : (workers.at(-1)?.id ?? null) };
}

let state: State = restore();
save();
const listeners = new Set<() => void>();
function set(next: State) {
  state = next;
  save();
  for (const l of listeners) l();
  notifyToken();
}

/** A touch, a key or a badge at the terminal: the idle minutes count again from now (also across a reload). */
export function touchTerminal(): void {
  activeAt = Date.now();
  // At most one write a second (a wheel fires many events): a reload may sign out a second early, never late.
  if (activeAt - savedAt > 1000 && state.workers.length > 0) save();
}

/** The idle minutes the server configured; answers the milliseconds left before the idle sign-out. */
export function idleRemainingMs(minutes: number): number {
  if (minutes !== idleMinutes) {
    idleMinutes = minutes;
    save();
  }
  return minutes * 60_000 - (Date.now() - activeAt);
}

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
