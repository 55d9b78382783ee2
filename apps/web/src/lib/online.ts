import { useSyncExternalStore } from 'react';

/**
 * Whether the server answers (docs/decisions/023-connection-from-requests.md). Decided from the
 * requests themselves, never from `navigator.onLine` alone: a phone on the plant's Wi-Fi with a dead
 * uplink, or a server restarting, keeps the browser 'online', and a page loaded offline may never
 * hear the 'online' event. Every API answer reports here (lib/api.ts): no answer, a 502, 503 or 504
 * means 'no connection'; any other answer means the server is back. While there is no connection,
 * or while something waits to be sent (the offline queue asks with `watchServer`), `/api/health` is
 * probed every PROBE_INTERVAL_MS, so a queue is sent within seconds of the server answering again,
 * with or without an 'online' event. The browser's own 'online'/'offline' events and a tab seen again
 * only bring the next probe forward.
 */

export const PROBE_INTERVAL_MS = 2_000;
/** A probe with no answer by then counts as none (a dead uplink can leave a request hanging for minutes). */
export const PROBE_TIMEOUT_MS = 3_000;

/** Answers that come from a proxy or a server that cannot serve now: the same as no answer. */
export const isUnavailableStatus = (status: number) => status === 502 || status === 503 || status === 504;

/** Asks the server whether it answers; resolves to whether it did with a 2xx. */
export type Probe = (signal: AbortSignal) => Promise<boolean>;

export interface ConnectionDeps {
  probe: Probe;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** Where 'online', 'offline' and 'visibilitychange' are heard (window, document); only hints. */
  target?: Pick<Window, 'addEventListener'>;
  doc?: Pick<Document, 'addEventListener' | 'hidden'>;
}

export class Connection {
  private reachable: boolean;
  private readonly listeners = new Set<() => void>();
  private readonly watchers = new Set<string>();
  private deps: ConnectionDeps | null = null;
  private timer: unknown = null;
  private inflight: Promise<boolean> | null = null;

  /** `initial` is only a first guess (the browser's navigator.onLine): a probe confirms it once started. */
  constructor(initial = true) {
    this.reachable = initial;
  }

  isReachable = (): boolean => this.reachable;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Calls `listener` each time the server answers again after having been unreachable. */
  onReachable(listener: () => void): () => void {
    return this.subscribe(() => {
      if (this.reachable) listener();
    });
  }

  /** Calls `listener` each time the server stops answering. */
  onUnreachable(listener: () => void): () => void {
    return this.subscribe(() => {
      if (!this.reachable) listener();
    });
  }

  /** An HTTP answer arrived (any status). */
  reportAnswer(status: number): void {
    this.set(!isUnavailableStatus(status));
  }

  /** A request got no answer (network error, connection refused, a chunk that failed to download). */
  reportNoAnswer(): void {
    this.set(false);
  }

  /** Keep probing while `on` for `reason` even if the server answers (something waits to be sent). */
  watch(reason: string, on: boolean): void {
    if (on) this.watchers.add(reason);
    else this.watchers.delete(reason);
    this.schedule();
  }

  /** Starts the probes (the shells' start); before, reports only change the state. */
  start(deps: ConnectionDeps): void {
    if (this.deps) return;
    this.deps = deps;
    const hint = () => void this.probeNow();
    deps.target?.addEventListener('online', hint);
    deps.target?.addEventListener('offline', hint);
    deps.doc?.addEventListener('visibilitychange', () => {
      if (!deps.doc?.hidden && this.needsProbe()) hint();
    });
    // The first guess may be wrong either way (a page loaded offline, a Wi-Fi without uplink).
    if (this.needsProbe()) hint();
  }

  /** Probes now (at most one probe at a time); resolves to whether the server answered. */
  probeNow(): Promise<boolean> {
    const deps = this.deps;
    if (!deps) return Promise.resolve(this.reachable);
    if (this.inflight) return this.inflight;
    const controller = new AbortController();
    const timeout = deps.setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
    this.inflight = deps
      .probe(controller.signal)
      .catch(() => false)
      .then((ok) => {
        deps.clearTimeout(timeout);
        this.inflight = null;
        this.set(ok);
        this.schedule();
        return ok;
      });
    return this.inflight;
  }

  private needsProbe(): boolean {
    return !this.reachable || this.watchers.size > 0;
  }

  private schedule(): void {
    const deps = this.deps;
    if (!deps || this.timer !== null || this.inflight || !this.needsProbe()) return;
    this.timer = deps.setTimeout(() => {
      this.timer = null;
      if (this.needsProbe()) void this.probeNow();
    }, PROBE_INTERVAL_MS);
  }

  private set(next: boolean): void {
    if (next !== this.reachable) {
      this.reachable = next;
      for (const l of [...this.listeners]) l();
    }
    this.schedule();
  }
}

/** The tab's connection to the server. */
export const connection = new Connection(typeof navigator === 'undefined' ? true : navigator.onLine);

/** Whether the server answers, re-rendering when that changes (the offline badge). */
export function useServerReachable(): boolean {
  return useSyncExternalStore(connection.subscribe, connection.isReachable, () => true);
}

/** For TanStack Query's onlineManager.setEventListener: queries wait while the server does not answer. */
export function followConnection(setOnline: (online: boolean) => void): () => void {
  setOnline(connection.isReachable());
  return connection.subscribe(() => setOnline(connection.isReachable()));
}
