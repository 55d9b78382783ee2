import {
  type PersistedClient,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/query-persist-client-core';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { createStore, del, get, set } from 'idb-keyval';

/**
 * The worker screens' last answers, kept in IndexedDB (idb-keyval) per signed-in worker and put back
 * into the query cache when a page opens, so a reload without connection shows what the screens last
 * had (docs/decisions/033-persisted-worker-cache.md). Only the queries `isPersisted` names are kept:
 * never the admin's lists, never the session token (it is not in the query cache at all).
 * Loaded lazily by the worker shell: the login screen does not carry it.
 */

/** An answer older than this is not put back (the screens would mislead more than help). */
export const CACHE_MAX_AGE_MS = 24 * 3_600_000;
/** Changes the stored shape: a cache saved with another buster is dropped. */
const BUSTER = 'v1';

const store = typeof indexedDB === 'undefined' ? undefined : createStore('portal-cache', 'queries');

/** The worker screens' queries: the wall's post lists and comments, the stops screen's, motivos, catalog. */
export function isPersisted(key: QueryKey): boolean {
  const [root, kind] = key;
  if (root === 'motivos') return true;
  if (root === 'catalog') return kind === 'naves' ? key.length === 2 : kind === 'arcos' && key[2] !== 'admin';
  if (root === 'wall') return (kind === 'posts' && key.length === 3 && typeof key[2] === 'object') || kind === 'comments';
  if (root === 'paradas') return kind === 'list' || kind === 'active' || kind === 'arco-active' || kind === 'sin-motivo';
  // The inspector's seams and what their forms list (docs/decisions/077-weld-inspection-offline.md).
  if (root === 'welds') return kind === 'seam' || kind === 'roles' || kind === 'procedures' || kind === 'qualifications';
  return false;
}

/**
 * The key prefixes `isPersisted` keeps. Their answers stay in memory as long as they are kept on disk:
 * with the query client's default 5 minutes an unvisited screen's answer left the cache, and with it
 * the next save (worker-cache-keys.test.ts). The admin's pages filed under a prefix (the wall's) stay
 * in memory as long too, never on disk.
 */
const PERSISTED_PREFIXES: QueryKey[] = [
  ['motivos'],
  ['catalog', 'naves'],
  ['catalog', 'arcos'],
  ['wall', 'posts'],
  ['wall', 'comments'],
  ['paradas', 'list'],
  ['paradas', 'active'],
  ['paradas', 'arco-active'],
  ['paradas', 'sin-motivo'],
  ['welds', 'seam'],
  ['welds', 'roles'],
  ['welds', 'procedures'],
  ['welds', 'qualifications'],
];

/**
 * The station terminal's queries: its own (who it is, the arco's home), the motivos of its picker and
 * the factory's time zone. Kept per device, not per worker: they are the arco's, the same for every
 * worker at it (docs/decisions/050-terminal-offline-and-handover.md).
 */
export function isTerminalPersisted(key: QueryKey): boolean {
  const [root, kind] = key;
  if (root === 'terminal') return (kind === 'me' || kind === 'home') && key.length === 2;
  // The lots and procedures of a circular's weld record (docs/decisions/078-terminal-lot-scan.md).
  if (root === 'welds') return (kind === 'lots' || kind === 'procedures') && key.length === 2;
  return (root === 'motivos' || root === 'config') && key.length === 1;
}

const TERMINAL_KEY = 'terminal';
/** The prefixes of `isTerminalPersisted`, kept in memory as long as on disk like the worker's. */
const TERMINAL_PREFIXES: QueryKey[] = [
  ['terminal', 'me'],
  ['terminal', 'home'],
  ['motivos'],
  ['config'],
  ['welds', 'lots'],
  ['welds', 'procedures'],
];

/** What a save holds that matters on restore: each kept answer and when it was fetched. */
const contentOf = (client: PersistedClient) => client.clientState.queries.map((q) => `${q.queryHash}@${q.state.dataUpdatedAt}`).join('\n');

/**
 * An IndexedDB persister under one worker's key. It writes as soon as the kept answers change (the
 * cache events of one moment coalesced into one write), not after a delay: a page left within the
 * delay lost its last answers, and after a few page loads in a row the saved copy could hold none of
 * the wall (e2e/tests/offline.spec.ts, 'after several page loads online …'). A cache event that changes
 * no kept answer (a fetch starting, a screen subscribing) writes nothing.
 */
function persisterFor(key: string): Persister {
  let latest: PersistedClient | null = null;
  let written = '';
  let scheduled = false;
  const write = () => {
    scheduled = false;
    if (!store || !latest) return;
    const content = contentOf(latest);
    if (content === written) return;
    written = content;
    void set(key, latest, store).catch(() => undefined);
  };
  return {
    persistClient: (client) => {
      latest = client;
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(write);
    },
    restoreClient: async () => {
      const saved = store ? await get<PersistedClient>(key, store) : undefined;
      if (saved) written = contentOf(saved);
      return saved;
    },
    removeClient: () => (store ? del(key, store) : undefined),
  };
}

/**
 * Puts the worker's saved answers into `queryClient` (those newer than what it holds), then keeps
 * saving them. Answers the function that stops saving and the restore's end (never rejects).
 */
export function persistWorkerCache(queryClient: QueryClient, userId: number): [stop: () => void, restored: Promise<void>] {
  return persistCache(queryClient, `user:${userId}`, isPersisted, PERSISTED_PREFIXES);
}

/** The station terminal's saved answers, as persistWorkerCache does for a worker's. */
export function persistTerminalCache(queryClient: QueryClient): [stop: () => void, restored: Promise<void>] {
  return persistCache(queryClient, TERMINAL_KEY, isTerminalPersisted, TERMINAL_PREFIXES);
}

/** A device that is no longer a terminal (never enrolled, or its credential refused) keeps no arco's answers. */
export function forgetTerminalCache(): Promise<void> {
  return store ? del(TERMINAL_KEY, store).catch(() => undefined) : Promise.resolve();
}

function persistCache(
  queryClient: QueryClient,
  key: string,
  kept: (key: QueryKey) => boolean,
  prefixes: QueryKey[],
): [stop: () => void, restored: Promise<void>] {
  const options = {
    queryClient,
    persister: persisterFor(key),
    maxAge: CACHE_MAX_AGE_MS,
    buster: BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: (query: Query) => query.state.status === 'success' && kept(query.queryKey) },
  };
  for (const prefix of prefixes) queryClient.setQueryDefaults(prefix, { gcTime: CACHE_MAX_AGE_MS });
  let stopped = false;
  let unsubscribe = () => {};
  const restored = persistQueryClientRestore(options)
    .catch(() => undefined)
    .then(() => {
      if (stopped) return;
      unsubscribe = persistQueryClientSubscribe(options);
      // Answers that arrived while the saved copy was being read are saved now, not at the next event.
      void persistQueryClientSave(options);
    });
  const stop = () => {
    stopped = true;
    unsubscribe();
  };
  return [stop, restored];
}
