import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paradaKeys } from '@/features/paradas/api/keys';
import { terminalKeys } from '@/features/terminal/api/keys';
import { wallKeys } from '@/features/wall/api/keys';
import { weldKeys } from '@/features/welds/api/lots';
import { seamKeys } from '@/features/welds/api/seam';
import { andonKeys } from '@/lib/andon';
import { catalogKeys } from '@/lib/catalog';
import { catalogAdminKeys } from '@/lib/catalog-admin';
import { configKeys } from '@/lib/factory';
import { motivoKeys } from '@/lib/motivos';
import { CACHE_MAX_AGE_MS, isPersisted, isTerminalPersisted, persistTerminalCache, persistWorkerCache } from '@/lib/query-persist';

// Which answers the phone keeps for a reload offline (docs/decisions/033-persisted-worker-cache.md),
// with the keys the screens really use.
const KEPT: QueryKey[] = [
  motivoKeys.all,
  catalogKeys.naves,
  catalogKeys.arcos('Nave 1'),
  catalogKeys.allArcos,
  wallKeys.postList({ arco_sumergido_id: 5 }),
  wallKeys.comments(3),
  paradaKeys.list({ startDate: '2026-11-23', endDate: '2026-11-29' }),
  paradaKeys.activeOf(7),
  paradaKeys.arcoActive(),
  paradaKeys.sinMotivo(),
  seamKeys.seam(3),
  seamKeys.rolesMe(),
  seamKeys.procedures(),
];
/** The station terminal's kept queries (docs/decisions/050-terminal-offline-and-handover.md). */
const TERMINAL_KEPT: QueryKey[] = [
  terminalKeys.me(),
  terminalKeys.home(),
  motivoKeys.all,
  configKeys.all,
  weldKeys.lots(),
  seamKeys.procedures(),
];

describe('isPersisted', () => {
  it("keeps the worker screens' queries", () => {
    for (const key of KEPT) expect(isPersisted(key), JSON.stringify(key)).toBe(true);
    for (const key of TERMINAL_KEPT) expect(isTerminalPersisted(key), JSON.stringify(key)).toBe(true);
  });

  it("leaves out the admin's lists and anything else", () => {
    for (const key of [
      catalogAdminKeys.naves,
      catalogAdminKeys.arcos,
      catalogAdminKeys.arcoFilters,
      catalogAdminKeys.workerFilters,
      wallKeys.adminPosts({ page: 1 }),
      wallKeys.adminComments({ page: 1 }),
      wallKeys.allComments,
      paradaKeys.adminPage({ page: 1 }),
      ['stats', 'summary'],
      // The andon's calls are live: an old list kept offline would say someone is coming who is not.
      andonKeys.calls(),
      andonKeys.arco(),
      ['audit'],
      // The lots' admin list, and a search's answers (found again online).
      weldKeys.lots(),
      seamKeys.search({ id_circular: 'C-1' }),
    ]) {
      expect(isPersisted(key), JSON.stringify(key)).toBe(false);
    }
  });
});

describe('persistWorkerCache', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps the kept answers in memory as long as on disk, and lets the others go after 5 minutes', async () => {
    vi.useFakeTimers();
    // A browser's default (under jsdom the query client may count as a server and keep all forever).
    const client = new QueryClient({ defaultOptions: { queries: { gcTime: 5 * 60_000 } } });
    const [stop, restored] = persistWorkerCache(client, 1);
    await restored;
    const kept = wallKeys.postList({ arco_sumergido_id: 5 });
    const other = paradaKeys.adminPage({ page: 1 });
    client.setQueryData(kept, { posts: [] });
    client.setQueryData(other, { posts: [] });
    // No screen shows either (no observer): the query client's garbage collection decides.
    vi.advanceTimersByTime(6 * 60_000);
    expect(client.getQueryData(kept)).toEqual({ posts: [] });
    expect(client.getQueryData(other)).toBeUndefined();
    vi.advanceTimersByTime(CACHE_MAX_AGE_MS);
    expect(client.getQueryData(kept)).toBeUndefined();
    stop();
  });

  it('gives every kept key, of a worker or of a terminal, the saved copy’s lifetime', () => {
    for (const [keys, persist] of [
      [KEPT, (c: QueryClient) => persistWorkerCache(c, 1)],
      [TERMINAL_KEPT, persistTerminalCache],
    ] as const) {
      const client = new QueryClient();
      const [stop] = persist(client);
      for (const key of keys) expect(client.getQueryDefaults(key).gcTime, JSON.stringify(key)).toBe(CACHE_MAX_AGE_MS);
      stop();
    }
  });
});
