import type { ServiceContext } from '../../context';
import { andonTick, settleBackground } from './service';

/**
 * Runs the andon's pass (`andonTick`) every `periodMs` and at once after any parada event, one pass at
 * a time on this instance: a pass asked for while one runs follows it (asked again meanwhile, still
 * once). Its clock is `ctx.andon.now`; `ctx.andon.scan` asks for a pass and settles when it is done.
 * Started once the app is ready; close() waits for the pass, the pushes and the MQTT messages under way.
 */
export function createAndonScheduler(ctx: ServiceContext, periodMs: number) {
  let chain: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  let closed = false;
  const scan = (): Promise<void> => {
    if (closed) return chain;
    if (queued) return queued;
    const pass = chain.then(() => {
      queued = null;
      return andonTick(ctx).catch((error) => ctx.log.warn({ err: error }, 'andon pass failed'));
    });
    queued = pass;
    chain = pass;
    return pass;
  };
  ctx.andon.scan = scan;
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
