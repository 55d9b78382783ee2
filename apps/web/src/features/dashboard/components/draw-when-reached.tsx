import { type ReactNode, Suspense, startTransition, useEffect, useRef, useState } from 'react';
import { afterFirstPaint } from '@/lib/after-first-paint';

/** The longest wait for an idle moment before the next chart is drawn anyway. */
const IDLE_TIMEOUT_MS = 1000;

/** The longest a chart's turn lasts before the next one starts anyway. */
const TURN_LIMIT_MS = 5000;

/** Charts reached and waiting for their turn, drawn one per idle moment, in the order they were reached. */
const turns: (() => void)[] = [];
/** A chart's turn is on: drawing, or waiting for its idle moment. */
let busy = false;

function nextIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 1);
}

/** The next chart's turn, in an idle moment; none while one is on. */
function pump(): void {
  if (busy || turns.length === 0) return;
  busy = true;
  nextIdle(() => {
    const turn = turns.shift();
    if (turn) turn();
    else busy = false;
  });
}

/**
 * Runs `draw` once `load` (the chart's code) is done, after the first paint, in an idle moment of its
 * own, and the next chart's turn only once `draw`'s chart has been committed (`draw` gets the call that
 * says so): never two charts in one task. Idle moments alone did not keep them apart: one came while
 * the chart before was still rendering in its transition, and React rendered and committed both as one
 * (docs/decisions/105-first-screens-in-short-tasks.md). Returns a cancel.
 */
function drawInTurn(load: () => Promise<unknown>, draw: (done: () => void) => void): () => void {
  let state: 'waiting' | 'drawing' | 'done' = 'waiting';
  const done = () => {
    if (state !== 'drawing') return;
    state = 'done';
    busy = false;
    pump();
  };
  const turn = () => {
    if (state !== 'waiting') {
      busy = false;
      pump();
      return;
    }
    state = 'drawing';
    // A chart that never commits (its drawing failed) holds the others back this long at most.
    setTimeout(done, TURN_LIMIT_MS);
    draw(done);
  };
  const cancelWait = afterFirstPaint(() => {
    load().then(
      () => {
        turns.push(turn);
        pump();
      },
      // A chunk that failed to load: the chart's lazy component shows the failure when it renders.
      () => draw(() => undefined),
    );
  });
  // Before its turn only: a chart being drawn gives its turn up once committed or unmounted.
  return () => {
    cancelWait();
    const at = turns.indexOf(turn);
    if (at >= 0) turns.splice(at, 1);
    if (state === 'waiting') state = 'done';
  };
}

/** The box a chart is drawn into, measured when its turn comes. */
export interface ChartBox {
  width: number;
  height: number;
}

/**
 * Fills its box (the chart card's fixed-height figure) with `draw(box)` only once the box is in the
 * viewport, after the page's first paint and once `load` has fetched the chart's code, one chart per
 * idle moment: a chart below the fold costs nothing until the admin scrolls to it, and no two charts'
 * first renders share one long task. The box's size is measured then, so the chart's first render is
 * at its final size (Recharts' ResponsiveContainer otherwise renders once more after measuring it), in
 * a transition: React renders it in short slices. docs/decisions/086-admin-charts-when-reached.md
 */
export function DrawWhenReached({ load, draw }: { load: () => Promise<unknown>; draw: (box: ChartBox) => ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<ChartBox | null>(null);
  const turnDone = useRef<() => void>(() => undefined);
  const drawn = box !== null;
  useEffect(() => {
    const element = ref.current;
    if (drawn || !element) return;
    let cancel = () => {};
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      cancel = drawInTurn(load, (done) => {
        turnDone.current = done;
        const { width, height } = element.getBoundingClientRect();
        startTransition(() => setBox({ width: Math.round(width), height: Math.round(height) }));
      });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancel();
    };
  }, [drawn, load]);
  // Once drawn, the chart follows its box (a window resized, a tablet turned): drawn again at the new
  // size, which Recharts' ResponsiveContainer did before decision 116 drew each chart at its box.
  useEffect(() => {
    const element = ref.current;
    if (!drawn || !element || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => {
      const { width, height } = element.getBoundingClientRect();
      const next = { width: Math.round(width), height: Math.round(height) };
      if (next.width === 0 || next.height === 0) return;
      startTransition(() => setBox((now) => (now && now.width === next.width && now.height === next.height ? now : next)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [drawn]);
  // Unmounted while its chart was being drawn: the next chart's turn comes all the same.
  useEffect(() => () => turnDone.current(), []);
  return (
    <div ref={ref} className="h-100">
      {box && (
        <Suspense fallback={null}>
          {draw(box)}
          <Drawn onDrawn={turnDone.current} />
        </Suspense>
      )}
    </div>
  );
}

/** Says so once the chart beside it (in the same Suspense boundary) has been committed. */
function Drawn({ onDrawn }: { onDrawn: () => void }) {
  useEffect(() => onDrawn(), [onDrawn]);
  return null;
}
