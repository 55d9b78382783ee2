import { startTransition, useEffect, useState } from 'react';

/**
 * Work a screen does not need for its first paint (the saved query cache, the live event stream, the
 * service worker's registration) waits for it: the first frame is painted, then the browser's first
 * idle moment (at most IDLE_TIMEOUT_MS later). After that moment every call runs at once.
 * docs/decisions/062-worker-screens-first-paint.md
 */

/** The longest wait for an idle moment once the first frame is painted. */
const IDLE_TIMEOUT_MS = 2000;

let passed = false;
let scheduled = false;
const waiting = new Set<() => void>();

function flush(): void {
  passed = true;
  for (const run of [...waiting]) {
    waiting.delete(run);
    try {
      run();
    } catch (error) {
      // One failing piece of background work must not keep the others from starting.
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  const idle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(flush, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(flush, 1);
  // The frame after the first commit is painted once this animation frame's callback has run and the
  // task after it starts.
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && document.visibilityState === 'visible')
    requestAnimationFrame(() => setTimeout(idle, 0));
  else setTimeout(idle, 0);
}

/** Runs `run` after the page's first paint, in idle time; at once once that moment has passed. Returns a cancel. */
export function afterFirstPaint(run: () => void): () => void {
  if (passed) {
    run();
    return () => {};
  }
  waiting.add(run);
  schedule();
  return () => {
    waiting.delete(run);
  };
}

/**
 * False until the page's first paint and idle moment (afterFirstPaint), then true: for pieces mounted
 * only then. The change renders in a transition, in short slices, not in one long task.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(passed);
  useEffect(() => (ready ? undefined : afterFirstPaint(() => startTransition(() => setReady(true)))), [ready]);
  return ready;
}
