import { startTransition, useEffect, useState } from 'react';

/**
 * Work a screen does not need for its first paint (the saved query cache, the live event stream, the
 * service worker's registration) waits for it: the first frame is painted, then the browser's first
 * idle moment (at most IDLE_TIMEOUT_MS later). After that moment every call runs at once.
 * docs/decisions/062-worker-screens-first-paint.md
 *
 * The app's entry holds that moment until its first live screen is committed (`holdUntilFirstScreen`):
 * since the first frame is the HTML's (docs/decisions/099-entry-after-first-paint.md), the first idle
 * moment after it came while the app was still downloading, and the waiting work then ran inside the
 * first screen's commit. The waiting calls run in idle time, as many per idle moment as it has room
 * for, not all in one task (docs/decisions/119-stops-screen-start-in-idle-time.md).
 */

/** The longest wait for an idle moment once the first frame is painted. */
const IDLE_TIMEOUT_MS = 2000;
/** The longest hold: a first screen that never commits does not keep the background work back. */
const HOLD_MAX_MS = 5000;

let passed = false;
let scheduled = false;
let held = false;
let heldSchedule = false;
const waiting = new Set<() => void>();

function runSafely(run: () => void): void {
  try {
    run();
  } catch (error) {
    // One failing piece of background work must not keep the others from starting.
    queueMicrotask(() => {
      throw error;
    });
  }
}

function idle(run: (deadline?: IdleDeadline) => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 1);
}

/** Runs the waiting calls in order while the idle moment has time left, the rest in the next one. */
function flush(deadline?: IdleDeadline): void {
  passed = true;
  for (const run of [...waiting]) {
    waiting.delete(run);
    runSafely(run);
    if (waiting.size > 0 && deadline && (deadline.didTimeout || deadline.timeRemaining() <= 0)) {
      idle(flush);
      return;
    }
  }
}

function schedule(): void {
  if (scheduled) return;
  if (held) {
    heldSchedule = true;
    return;
  }
  scheduled = true;
  // The frame after the first commit is painted once this animation frame's callback has run and the
  // task after it starts.
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && document.visibilityState === 'visible')
    requestAnimationFrame(() => setTimeout(() => idle(flush), 0));
  else setTimeout(() => idle(flush), 0);
}

/**
 * Called by the app's entry before its first render: `afterFirstPaint` waits, on top of the page's
 * first frame, for the release this returns (the first live screen's commit), HOLD_MAX_MS at most.
 */
export function holdUntilFirstScreen(): () => void {
  if (passed) return () => {};
  held = true;
  const release = () => {
    if (!held) return;
    held = false;
    clearTimeout(floor);
    if (heldSchedule) {
      heldSchedule = false;
      schedule();
    }
  };
  const floor = setTimeout(release, HOLD_MAX_MS);
  return release;
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
