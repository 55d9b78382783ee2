import type { Log } from './log';

/** Distinct keys a summary names; the rest are counted as 'others'. */
const MAX_KEYS = 100;

/**
 * Counts of something that can happen thousands of times a second (refused connections, wrong device
 * keys, refused MQTT messages), written as one warning per interval instead of one line each: a flood
 * cannot flood the log. `total` is the running count for /metrics.
 */
export class LogSummary {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  total = 0;

  constructor(
    private readonly log: Log,
    private readonly message: string,
    private readonly intervalMs = 60_000,
  ) {}

  count(key: string): void {
    this.total++;
    // A flood of distinct keys (random topics, many addresses) is lumped together past the first ones.
    const counted = this.pending.has(key) || this.pending.size < MAX_KEYS ? key : 'others';
    this.pending.set(counted, (this.pending.get(counted) ?? 0) + 1);
    // The first of a burst is written at once; the rest within the interval in the next summary.
    if (!this.timer) this.flushAndWait();
  }

  /** At most one line per interval: the timer runs again only after a line was written. */
  private flushAndWait(): void {
    this.flush();
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.pending.size > 0) this.flushAndWait();
    }, this.intervalMs);
    this.timer.unref();
  }

  private flush(): void {
    const counts = Object.fromEntries(this.pending);
    this.pending = new Map();
    this.log.warn({ counts, intervalSeconds: this.intervalMs / 1000 }, this.message);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size > 0) this.flush();
  }
}
