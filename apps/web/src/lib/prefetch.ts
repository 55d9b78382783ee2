/**
 * Where the route-preload script (app/route-preload.ts) leaves its requests, by URL (query parameters
 * sorted). The script spells the name out: it cannot refer to this module.
 */
export const PREFETCH_GLOBAL = '__portalPrefetch';

export interface PrefetchEntry {
  /** The bearer token it was sent with; null for the station terminal's calls (features/terminal/api/terminal-preload.ts). */
  token: string | null;
  at: number;
  response: Promise<Response>;
  /**
   * The answer's parsed body, set by the route-preload script once it has read it (a list whose first
   * items it paints before the app runs: docs/decisions/117-wall-first-posts-before-the-app.md).
   */
  data?: unknown;
}

/** An answer older than this is asked again: the page took long to start, it may be stale. */
export const PREFETCH_MAX_AGE_MS = 30_000;

/** The URL with its query parameters sorted, as the route-preload script files its requests. */
export function prefetchKey(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = [...new URLSearchParams(url.slice(at + 1))].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const qs = new URLSearchParams(params).toString();
  return qs ? `${url.slice(0, at)}?${qs}` : url.slice(0, at);
}

/**
 * The answer to a GET the route-preload script already started for this URL with this token, at most
 * once: later calls (refetches, another page) go to the network.
 */
export function takePrefetched(url: string, token: string | null): Promise<Response> | undefined {
  const entry = prefetchEntry(url, token, true);
  return entry?.response;
}

/**
 * The body the route-preload script already read for this URL with this token, if it has, and when
 * its request left, taken like the request (a later call goes to the network): a screen's first render
 * starts from it, so it commits what the script painted before the app ran
 * (docs/decisions/117-wall-first-posts-before-the-app.md).
 */
export function takePrefetchedData(url: string, token: string | null): { data: unknown; at: number } | undefined {
  if (prefetchEntry(url, token, false)?.data === undefined) return undefined;
  const entry = prefetchEntry(url, token, true);
  return entry && { data: entry.data, at: entry.at };
}

function prefetchEntry(url: string, token: string | null, take: boolean): PrefetchEntry | undefined {
  const store = (window as unknown as Record<string, Record<string, PrefetchEntry> | undefined>)[PREFETCH_GLOBAL];
  if (!store) return undefined;
  const key = prefetchKey(url);
  const entry = store[key];
  if (!entry) return undefined;
  if (take) delete store[key];
  if (entry.token !== token || Date.now() - entry.at > PREFETCH_MAX_AGE_MS) return undefined;
  return entry;
}
