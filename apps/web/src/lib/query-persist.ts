import { type PersistedClient, type Persister, persistQueryClient } from '@tanstack/query-persist-client-core';
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
/** Saves at most this often: a cache event (every fetch, every live event) would otherwise write each time. */
const SAVE_EVERY_MS = 1_000;

const store = typeof indexedDB === 'undefined' ? undefined : createStore('portal-cache', 'queries');

/** The worker screens' queries: the wall's post lists and comments, the stops screen's, motivos, catalog. */
export function isPersisted(key: QueryKey): boolean {
  const [root, kind] = key;
  if (root === 'motivos') return true;
  if (root === 'catalog') return kind === 'naves' ? key.length === 2 : kind === 'arcos' && key[2] !== 'admin';
  if (root === 'wall') return (kind === 'posts' && key.length === 3 && typeof key[2] === 'object') || kind === 'comments';
  if (root === 'paradas') return kind === 'list' || kind === 'active' || kind === 'arco-active' || kind === 'sin-motivo';
  return false;
}

const shouldDehydrateQuery = (query: Query) => query.state.status === 'success' && isPersisted(query.queryKey);

/** An IndexedDB persister under one worker's key, writing at most every SAVE_EVERY_MS. */
function persisterFor(userId: number): Persister {
  const key = `user:${userId}`;
  let latest: PersistedClient | null = null;
  let scheduled = false;
  return {
    persistClient: (client) => {
      latest = client;
      if (scheduled) return;
      scheduled = true;
      setTimeout(() => {
        scheduled = false;
        if (store && latest) void set(key, latest, store).catch(() => undefined);
      }, SAVE_EVERY_MS);
    },
    restoreClient: () => (store ? get<PersistedClient>(key, store) : undefined),
    removeClient: () => (store ? del(key, store) : undefined),
  };
}

/**
 * Puts the worker's saved answers into `queryClient` (those newer than what it holds), then keeps
 * saving them. Answers the function that stops saving and the restore's end (never rejects).
 */
export function persistWorkerCache(queryClient: QueryClient, userId: number): [stop: () => void, restored: Promise<void>] {
  const [stop, restored] = persistQueryClient({
    queryClient,
    persister: persisterFor(userId),
    maxAge: CACHE_MAX_AGE_MS,
    buster: BUSTER,
    dehydrateOptions: { shouldDehydrateQuery },
  });
  return [stop, restored.catch(() => undefined)];
}
