/**
 * What the page's main thread paid, read from a Chromium performance trace (the benches' USABLE_PROFILE):
 * CPU time (`tdur`, the thread's own time, which a busy machine or the DevTools CPU throttle hardly
 * moves) from the navigation's start to `untilMs` after it, in all, in script (evaluation, calls,
 * compilation, microtasks, garbage collection) and in style and layout, with the script time per file.
 */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; frame?: string; stackTrace?: { url?: string }[] } };
}

export interface MainThreadCost {
  total: number;
  script: number;
  layout: number;
  /** Top-level tasks longer than 50 ms of wall time (throttled). */
  longTasks: number;
  byUrl: Map<string, number>;
}

const SCRIPT = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
  'v8.compile',
  'v8.compileModule',
  'V8.GCScavenger',
  'MajorGC',
  'MinorGC',
]);
const LAYOUT = new Set(['UpdateLayoutTree', 'Layout', 'RecalculateStyles', 'PrePaint', 'Paint', 'Layerize']);

/** The median of `values` (the mean of the middle two for an even count). */
export const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** The fields of a trace event that finding the page's main thread reads. */
interface ThreadEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * The page's renderer main thread: the one that ran the most script (`weight` of each script event),
 * its complete events in time order (outer before inner), and the navigation's start on it.
 */
export function rendererMain<E extends ThreadEvent>(events: E[], weight: (e: E) => number): { main?: string; onMain: E[]; start: number } {
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name) names.set(`${e.pid}:${e.tid}`, e.args.name);
  const perThread = new Map<string, number>();
  for (const e of events)
    if (e.ph === 'X' && SCRIPT.has(e.name) && names.get(`${e.pid}:${e.tid}`) === 'CrRendererMain')
      perThread.set(`${e.pid}:${e.tid}`, (perThread.get(`${e.pid}:${e.tid}`) ?? 0) + weight(e));
  const main = [...perThread.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events
    .filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const start = events.find((e) => e.name === 'navigationStart' && `${e.pid}:${e.tid}` === main)?.ts ?? onMain[0]?.ts ?? 0;
  return { main, onMain, start };
}

export function mainThreadCost(trace: { traceEvents: TraceEvent[] } | TraceEvent[], untilMs: number): MainThreadCost {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const { onMain, start } = rendererMain(events, (e) => e.tdur ?? 0);
  const end = start + untilMs * 1000;
  const cost: MainThreadCost = { total: 0, script: 0, layout: 0, longTasks: 0, byUrl: new Map() };
  // Events on one thread nest: count each kind's outermost event only.
  let taskEnd = 0;
  let scriptEnd = 0;
  let layoutEnd = 0;
  let url = '';
  for (const e of onMain) {
    if (e.ts < start || e.ts > end) continue;
    const stop = e.ts + (e.dur ?? 0);
    const cpu = (e.tdur ?? 0) / 1000;
    if (e.name === 'RunTask' && e.ts >= taskEnd) {
      taskEnd = stop;
      cost.total += cpu;
      if ((e.dur ?? 0) > 50_000) cost.longTasks++;
    }
    if (SCRIPT.has(e.name) && e.ts >= scriptEnd) {
      scriptEnd = stop;
      cost.script += cpu;
      url = e.args?.data?.url || e.args?.data?.stackTrace?.[0]?.url || url || '(other)';
      cost.byUrl.set(url, (cost.byUrl.get(url) ?? 0) + cpu);
    }
    if (LAYOUT.has(e.name) && e.ts >= layoutEnd) {
      layoutEnd = stop;
      cost.layout += cpu;
    }
  }
  return cost;
}

export function printCost(label: string, cost: MainThreadCost, base: string): void {
  const files = [...cost.byUrl.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([u, ms]) => `${u.replace(base, '') || '(page)'} ${ms.toFixed(0)}`)
    .join(', ');
  console.log(
    `  ${label} main thread CPU ms: all ${cost.total.toFixed(0)}, script ${cost.script.toFixed(0)}, style and layout ${cost.layout.toFixed(0)}, long tasks ${cost.longTasks}; script by file: ${files}`,
  );
}
