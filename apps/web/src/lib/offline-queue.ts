import { isClientTimeTooOld } from '@portal/contract/offline-messages';
import { createStore, del, set, values } from 'idb-keyval';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { ApiError, api, endSession, pingServer } from './api';
import { connection } from './online';
import { serverNow } from './server-clock';
import { decodeToken, getToken } from './token';

/**
 * The writes a worker may make offline (start, end and manual parada, new circular, wall post and
 * comment) go through this queue (docs/decisions/016-offline-writes.md). Each is saved in IndexedDB
 * (idb-keyval) before it is sent, with an idempotency key and the moment the worker tapped on the
 * server's clock (lib/server-clock.ts), so it survives a reload or a closed tab and is sent, in order,
 * as soon as the server answers again (lib/online.ts, docs/decisions/023-connection-from-requests.md);
 * the server answers a repeated key with its first answer, so a write whose answer was lost is never
 * made twice. No answer, a 5xx or a refused session keeps a write waiting in its place; a refusal (4xx)
 * of a write sent later stays in the queue as failed, with the server's message, until the worker
 * dismisses it: nothing is dropped silently. Each item belongs to the worker who tapped it and is
 * only ever sent with that worker's session.
 */

/** A form field: text, or a file with its name. */
export type QueuedField = [name: string, value: string] | [name: string, value: Blob, fileName: string];

export interface QueuedWrite {
  /** What the write is, for the screens that show queued writes (e.g. 'parada-start'). */
  kind: string;
  method: 'POST' | 'PUT';
  /** May hold `:ref`, replaced by a field of the answer to an earlier queued write (`after`). */
  path: string;
  /** A JSON body or multipart form fields. */
  json?: unknown;
  form?: QueuedField[];
  /**
   * The write needs the answer of an earlier one: its key and the answer's field that replaces `:ref`
   * (a dotted path reaches into it: `defect_ids.0`).
   */
  after?: { key: string; field: string };
  /** The moment the worker tapped, on the server's clock (ms). */
  tappedAt: number;
}

export interface QueuedItem extends QueuedWrite {
  /** The Idempotency-Key header, and the item's key in IndexedDB. */
  key: string;
  seq: number;
  userId: number;
  /** The worker's name, to show whose writes wait on a shared phone. */
  userName?: string;
  state: 'pending' | 'failed';
  /** The server's message of a refused write. */
  error?: string;
  /** The status of that refusal. */
  status?: number;
}

export type Outcome<T> = { queued: false; data: T } | { queued: true; key: string };

interface Snapshot {
  items: readonly QueuedItem[];
  /** Writes sent after having been queued, counted since the screen last cleared it. */
  sent: number;
}

const store = typeof indexedDB === 'undefined' ? undefined : createStore('portal-offline', 'queue');
let snapshot: Snapshot = { items: [], sent: 0 };
const listeners = new Set<() => void>();
const emit = (next: Partial<Snapshot>) => {
  snapshot = { ...snapshot, ...next };
  watchWhileWaiting();
  for (const l of listeners) l();
};

const loaded: Promise<void> = store
  ? values<QueuedItem>(store).then(
      (stored) => emit({ items: [...snapshot.items, ...stored].sort((a, b) => a.seq - b.seq) }),
      () => undefined,
    )
  : Promise.resolve();

async function save(item: QueuedItem): Promise<void> {
  if (store) await set(item.key, item, store);
}
async function drop(key: string): Promise<void> {
  if (store) await del(key, store);
}
const replace = (item: QueuedItem) => emit({ items: snapshot.items.map((i) => (i.key === item.key ? item : i)) });
const remove = (key: string) => emit({ items: snapshot.items.filter((i) => i.key !== key) });

/** A random UUID (v4); crypto.randomUUID exists only on HTTPS pages, getRandomValues everywhere. */
function randomKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let otherSessions: (userId: number) => string | null = () => null;
/**
 * Where the tokens of workers other than the acting one are found: a station terminal keeps several
 * workers signed in (features/terminal/api/terminal-session.ts), and each one's writes go with that worker's own token.
 */
export function setQueueSessions(tokenOf: (userId: number) => string | null): void {
  otherSessions = tokenOf;
  watchWhileWaiting();
}

/** The token a worker's writes are sent with now: the acting session's, or another signed-in worker's; null waits. */
function tokenOf(userId: number): string | null {
  const token = getToken();
  return decodeToken(token)?.id === userId ? token : otherSessions(userId);
}

/** Whether this worker's writes have a session to go with now (theirs, or one a station terminal keeps for them). */
export const hasSessionFor = (userId: number): boolean => tokenOf(userId) !== null;

/** The writes that wait to be sent and have their worker's session to go with. */
const waiting = () => snapshot.items.filter((i) => i.state === 'pending' && tokenOf(i.userId) !== null);

/** While a signed-in worker has something waiting, the server is probed so it goes as soon as it answers. */
function watchWhileWaiting() {
  connection.watch('offline-queue', waiting().length > 0);
}

/** The tapped moment as the instant the server is sent (`client_time`). */
export const tappedIso = (tappedAt: number) => new Date(tappedAt).toISOString();
/** Now, on the server's clock: what a write's `tappedAt` is. */
export const tapNow = () => serverNow();

function requestOf(item: QueuedItem): { path: string; body: unknown } {
  if (!item.form) return { path: item.path, body: item.json };
  const form = new FormData();
  for (const [name, value, fileName] of item.form) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, fileName);
  }
  return { path: item.path, body: form };
}

/** The field of an answer a later write names (`stopId`, or a dotted path such as `defect_ids.0`). */
function answerField(data: unknown, field: string): unknown {
  let value = data;
  for (const part of field.split('.')) value = (value as Record<string, unknown> | null | undefined)?.[part];
  return value;
}

/** Items whose `:ref` waits for this item's answer get it, or fail with it. */
async function settleDependents(item: QueuedItem, data: unknown, error?: string, status?: number): Promise<void> {
  for (const dep of snapshot.items) {
    if (dep.after?.key !== item.key) continue;
    const value = answerField(data, dep.after.field);
    const next: QueuedItem =
      error === undefined && value !== undefined
        ? { ...dep, path: dep.path.replace(':ref', String(value)), after: undefined }
        : { ...dep, state: 'failed', error: error ?? dep.error, status: status ?? dep.status };
    await save(next);
    replace(next);
  }
}

let running: Promise<unknown> = Promise.resolve();
/** Answers of writes sent from this page, for a later write that names one as `after` once it has left the queue. */
const answers = new Map<string, unknown>();

/**
 * Sends the pending writes in order, one at a time, each with its own worker's token as it is now
 * (a worker who signed out meanwhile keeps theirs waiting). Stops at the first that gets no answer
 * (offline, the server down, or a request left hanging once the probe finds no connection): the rest
 * keep their order for the next try. A refused session keeps that worker's writes too and asks the
 * worker to sign in again. Answers the answer or error of `until` when it was sent.
 */
function flush(until?: string): Promise<{ data?: unknown; error?: ApiError; sent: boolean }> {
  const run = running.then(async () => {
    let sentLater = 0;
    let mine: { data?: unknown; error?: ApiError; sent: boolean } = { sent: false };
    const tried = new Set<string>();
    // Workers whose session was refused in this run: their writes wait for them to sign in again.
    const refused = new Set<number>();
    const hanging = new AbortController();
    const stopWatching = connection.onUnreachable(() => hanging.abort());
    for (;;) {
      // Read afresh each turn: sending one write may have given a later one its path.
      const item = snapshot.items.find(
        (i) => !tried.has(i.key) && i.state === 'pending' && !i.after && !refused.has(i.userId) && tokenOf(i.userId) !== null,
      );
      if (!item) break;
      tried.add(item.key);
      const token = tokenOf(item.userId)!;
      const { path, body } = requestOf(item);
      try {
        const data = await api<unknown>(path, {
          method: item.method,
          body,
          idempotencyKey: item.key,
          token,
          endSessionOnAuthError: false,
          signal: hanging.signal,
        });
        await drop(item.key);
        answers.set(item.key, data);
        remove(item.key);
        await settleDependents(item, data);
        if (item.key === until) mine = { data, sent: true };
        else sentLater++;
      } catch (error) {
        const status = error instanceof ApiError ? error.status : 0;
        // No answer, a server error or an expired session: the write waits, in its place.
        if (status === 401 || status === 403) {
          // The session ended (expired, or the account changed): the worker signs in again, then it goes.
          if (getToken() === token) endSession();
          refused.add(item.userId);
          continue;
        }
        if (status === 0 || status >= 500) break;
        const message = (error as ApiError).serverMessage ?? (error as ApiError).message;
        if (item.key === until) {
          // Refused as it was tapped: the screen shows the error, as for any write online.
          await drop(item.key);
          remove(item.key);
          await settleDependents(item, undefined, message);
          mine = { error: error as ApiError, sent: true };
        } else {
          const failed: QueuedItem = { ...item, state: 'failed', error: message, status };
          await save(failed);
          replace(failed);
          await settleDependents(item, undefined, message, status);
        }
      }
      if (item.key === until) break;
    }
    stopWatching();
    watchWhileWaiting();
    if (sentLater) emit({ sent: snapshot.sent + sentLater });
    return mine;
  });
  running = run.catch(() => undefined);
  return run;
}

/**
 * Saves a write and sends it with the ones before it. Answers its data when the server answered at
 * once; `queued` when there is no network (it goes later, by itself); throws the ApiError of a refusal.
 */
export async function submit<T>(write: QueuedWrite): Promise<Outcome<T>> {
  await loaded;
  const user = decodeToken(getToken());
  if (!user) throw new ApiError(401, undefined);
  const seq = Math.max(Date.now(), (snapshot.items.at(-1)?.seq ?? 0) + 1);
  let item: QueuedItem = { ...write, key: randomKey(), seq, userId: user.id, userName: user.name, state: 'pending' };
  // The write it waits for was sent meanwhile: take its answer now.
  const { after } = write;
  if (after && !snapshot.items.some((i) => i.key === after.key)) {
    const value = answerField(answers.get(after.key), after.field);
    if (value === undefined) throw new ApiError(409, undefined);
    item = { ...item, path: item.path.replace(':ref', String(value)), after: undefined };
  }
  await save(item);
  emit({ items: [...snapshot.items, item] });
  // Known to get no answer now: it waits for the server instead of for a request that would fail.
  if (!connection.isReachable()) return { queued: true, key: item.key };
  const result = await flush(item.key);
  if (result.error) throw result.error;
  return result.sent ? { queued: false, data: result.data as T } : { queued: true, key: item.key };
}

/**
 * A JSON write stamped now, or at `tappedAt` (a tap at a station terminal carried out after the sign-in
 * it waited for): `tappedAt`, and the body's `client_time` the server takes as the moment it happened.
 */
export function submitTapped<T>(
  write: Omit<QueuedWrite, 'tappedAt' | 'json' | 'form'> & { json: object },
  tappedAt: number = tapNow(),
): Promise<Outcome<T>> {
  return submit<T>({ ...write, json: { ...write.json, client_time: tappedIso(tappedAt) }, tappedAt });
}

/** Sends what is waiting (the server answering again, a timer, the shells' start, a sign-in). */
export function flushQueue(): Promise<unknown> {
  return loaded.then(() => {
    watchWhileWaiting();
    return waiting().length > 0 ? flush() : undefined;
  });
}

/** Forgets a failed write once the worker has read why. */
export async function dismiss(key: string): Promise<void> {
  await drop(key);
  remove(key);
}

export function clearSent(): void {
  if (snapshot.sent) emit({ sent: 0 });
}

let started = false;
/**
 * Starts watching the connection (lib/online.ts) and sends the queue each time the server answers
 * again; every half minute too while something waits (a write a 500 held back).
 */
export function startOfflineQueue(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  connection.start({
    probe: pingServer,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    target: window,
    doc: document,
  });
  connection.onReachable(() => void flushQueue());
  setInterval(() => {
    if (connection.isReachable()) void flushQueue();
  }, 30_000);
  if (connection.isReachable()) void flushQueue();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The queue as the screens show it. */
export function useOfflineQueue(): Snapshot {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}

/** A queued form's field: its text, or its file. */
export const queuedField = (item: QueuedItem, name: string) => item.form?.find(([field]) => field === name)?.[1];

/**
 * The worker's writes of `kind` still waiting to be sent, oldest first, for the list that shows them
 * marked as pending (docs/decisions/033-persisted-worker-cache.md). `onGone` runs when one leaves the
 * queue (sent, or refused and dismissed), so that the list refetches and shows the server's version in
 * its place: never both, and no gap in between.
 */
export function usePendingWrites(kind: string, userId: number | undefined, onGone?: () => void): QueuedItem[] {
  const { items } = useOfflineQueue();
  const mine = items.filter((i) => i.kind === kind && i.state === 'pending' && i.userId === userId);
  const keys = mine.map((i) => i.key).join(' ');
  const last = useRef(keys);
  const gone = useRef(onGone);
  gone.current = onGone;
  useEffect(() => {
    const before = last.current.split(' ').filter(Boolean);
    last.current = keys;
    const now = new Set(keys.split(' '));
    if (before.some((k) => !now.has(k))) gone.current?.();
  }, [keys]);
  return mine;
}

/** A multipart body as queue fields (files keep their names). */
export function formFields(form: FormData): QueuedField[] {
  return [...form.entries()].map(([name, value]): QueuedField => (typeof value === 'string' ? [name, value] : [name, value, value.name]));
}

/** What the manual parada screen is filled with: instants, and the refused writes it replaces. */
export interface ManualParadaDraft {
  start_time?: string;
  end_time?: string;
  description: string;
  motivo_id: number | null;
  /** Forgotten once the manual parada is saved. */
  keys: string[];
}

const fieldOf = (item: QueuedItem | undefined, name: string): unknown => (item?.json as Record<string, unknown> | undefined)?.[name];

/**
 * A parada the server refused because its tapped time was too old (CLIENT_TIME_MAX_AGE_HOURS, decision
 * 016) can still be recorded by hand: its times and description for the manual parada screen. A start
 * carries the end queued after it; an end alone is not offered (its stop is open on the server).
 */
export function manualParadaDraft(item: QueuedItem): ManualParadaDraft | null {
  if (item.state !== 'failed' || item.status !== 400 || !isClientTimeTooOld(item.error)) return null;
  if (item.kind === 'parada-manual') {
    return {
      start_time: fieldOf(item, 'start_time') as string,
      end_time: fieldOf(item, 'end_time') as string,
      description: String(fieldOf(item, 'description') ?? ''),
      motivo_id: (fieldOf(item, 'motivo_id') as number | null | undefined) ?? null,
      keys: [item.key],
    };
  }
  if (item.kind !== 'parada-start') return null;
  const end = snapshot.items.find((i) => i.after?.key === item.key && i.kind === 'parada-end');
  return {
    start_time: tappedIso(item.tappedAt),
    end_time: end ? tappedIso(end.tappedAt) : undefined,
    description: String(fieldOf(end, 'description') ?? fieldOf(item, 'description') ?? ''),
    motivo_id: ((fieldOf(end, 'motivo_id') ?? fieldOf(item, 'motivo_id')) as number | null | undefined) ?? null,
    keys: end ? [item.key, end.key] : [item.key],
  };
}

/** Whether a failed write is covered by the draft of the start it waited for. */
export const coveredByDraft = (item: QueuedItem): boolean =>
  item.after !== undefined && snapshot.items.some((i) => i.key === item.after?.key && manualParadaDraft(i) !== null);

/** The queue as it stands (outside React: tests, the screens use useOfflineQueue). */
export const queueSnapshot = (): Snapshot => snapshot;
