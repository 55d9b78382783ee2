import { type ReactNode, Suspense, startTransition, useEffect, useRef, useState } from 'react';
import { afterFirstPaint } from '@/lib/after-first-paint';

/** The longest wait for an idle moment before the next chart is drawn anyway. */
const IDLE_TIMEOUT_MS = 1000;

/** Charts reached and waiting for their turn, drawn one per idle moment, in the order they were reached. */
const turns: (() => void)[] = [];
let pumping = false;

function nextIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 1);
}

function pump(): void {
  nextIdle(() => {
    turns.shift()?.();
    if (turns.length > 0) pump();
    else pumping = false;
  });
}

/**
 * Runs `draw` once `load` (the chart's code) is done, after the first paint, in an idle moment of its
 * own: never two charts in one task. Returns a cancel.
 */
function drawInTurn(load: () => Promise<unknown>, draw: () => void): () => void {
  let cancelled = false;
  const turn = () => {
    if (!cancelled) draw();
  };
  const cancelWait = afterFirstPaint(() => {
    load().then(
      () => {
        if (cancelled) return;
        turns.push(turn);
        if (pumping) return;
        pumping = true;
        pump();
      },
      // A chunk that failed to load: the chart's lazy component shows the failure when it renders.
      draw,
    );
  });
  return () => {
    cancelled = true;
    cancelWait();
    const at = turns.indexOf(turn);
    if (at >= 0) turns.splice(at, 1);
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
  const drawn = box !== null;
  useEffect(() => {
    const element = ref.current;
    if (drawn || !element) return;
    let cancel = () => {};
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      cancel = drawInTurn(load, () => {
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
  return (
    <div ref={ref} className="h-100">
      {box && <Suspense fallback={null}>{draw(box)}</Suspense>}
    </div>
  );
}
