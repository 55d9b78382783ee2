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

/** Runs `run` in the browser's next idle moment (at most IDLE_TIMEOUT_MS away). Returns a cancel. */
function nextIdleMoment(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1);
  return () => clearTimeout(id);
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

/**
 * How many of a screen's `count` deferred stages to show: none at the component's first commit, then
 * one more in each idle moment after the one before has been committed, the first also after the
 * page's first paint and idle moment (afterFirstPaint). Each stage
 * renders in a transition and commits on its own: a commit and its effects run in one task however
 * sliced the render was, and useAfterFirstPaint's pieces, mounted with the screen when its code came
 * after that first idle moment, made one commit of all of them
 * (docs/decisions/105-first-screens-in-short-tasks.md). On a later screen too: each stage a commit.
 */
export function useStagesAfterFirstPaint(count: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= count) return undefined;
    // The first stage waits for the page's first paint and idle moment too.
    let cancelIdle = () => {};
    const cancelPaint = afterFirstPaint(() => {
      cancelIdle = nextIdleMoment(() => startTransition(() => setShown(shown + 1)));
    });
    return () => {
      cancelPaint();
      cancelIdle();
    };
  }, [shown, count]);
  return shown;
}
