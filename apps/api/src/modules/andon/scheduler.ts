import type { ServiceContext } from '../../context';
import type { EventBus } from '../../lib/event-bus';
import { andonTick, settleBackground } from './service';

/** Each app's scheduler pass (keyed by its event bus, shared by the context's copies for a transaction). */
const scans = new WeakMap<EventBus, () => Promise<void>>();

/** Runs an andon pass now, after the one under way, and settles when it is done (a test's step). */
export function scanNow(ctx: ServiceContext): Promise<void> {
  const scan = scans.get(ctx.events);
  if (!scan) throw new Error('no andon scheduler for this app');
  return scan();
}

/**
 * Runs the andon's pass (`andonTick`) every `periodMs` and at once after any parada event, one pass at
 * a time on this instance: a pass asked for while one runs follows it (asked again meanwhile, still
 * once). Its clock is `ctx.andon.now`; `scanNow(ctx)` asks for a pass and settles when it is done.
 * Started once the app is ready; close() waits for the pass, the pushes and the MQTT messages under way.
 */
export function createAndonScheduler(ctx: ServiceContext, periodMs: number) {
  let chain: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  let closed = false;
  let failing = false;
  const scan = (): Promise<void> => {
    if (closed) return chain;
    if (queued) return queued;
    const pass = chain.then(() => {
      queued = null;
      return andonTick(ctx).then(
        () => {
          if (failing) ctx.log.info({}, 'andon passes run again');
          failing = false;
        },
        (error) => {
          // Once per spell of failures (a database away fails every pass until it is back).
          if (!failing) ctx.log.warn({ err: error }, 'andon pass failed');
          failing = true;
        },
      );
    });
    queued = pass;
    chain = pass;
    return pass;
  };
  scans.set(ctx.events, scan);
  let timer: NodeJS.Timeout | undefined;
  let unwatch: (() => void) | undefined;
  return {
    start() {
      // A parada's start, end or change (from any instance), or events possibly missed: look at once.
      unwatch = ctx.events.watch((notice) => {
        if (notice === null || notice.type.startsWith('parada.')) void scan();
      });
      timer = setInterval(() => void scan(), periodMs);
      timer.unref();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      unwatch?.();
      await chain;
      await settleBackground(ctx);
    },
  };
}
