/**
 * The main thread's long tasks after the first paint (`npm run bench:long-tasks`): the wall (20 posts,
 * every third with a photo), the stops screen, /admin, /login and the station terminal's home, each a
 * first visit (fresh context: no HTTP cache, no saved data) in Chromium throttled as Lighthouse's
 * mobile preset (4x CPU slowdown, 150 ms round trip, 1.6 Mbit/s down, applied through the DevTools
 * protocol). From a Chromium performance trace it takes every top-level task of the page's main thread
 * that starts after the first contentful paint and lasts over 50 ms (wall time, throttled), until
 * LONG_TASKS_SETTLE seconds (default 6) after the load event, and prints their blocking sum (each
 * task's time over 50 ms, as Lighthouse's TBT sums them), the largest, and with LONG_TASKS_DEBUG=1
 * each task with what ran in it (script per file, style and layout). LONG_TASKS_RUNS runs per page
 * (default 5), LONG_TASKS_PAGES=wall,stops,admin,login,terminal picks some; the medians close.
 * WEB_DIST=<a>,<b> serves each build from a server of its own and measures them in turn, run by run, so
 * a busy machine weighs on both alike (LONG_TASKS_DUMP=<file> keeps the last run's trace).
 * Each run also prints its "CPU blocking": the same sum from each task's own thread time, which the
 * other processes of a busy machine do not lengthen (docs/decisions/119-stops-screen-start-in-idle-time.md).
 *
 * Lighthouse simulates its throttle from an unthrottled run, this bench applies it: the figures are not
 * Lighthouse's TBT, they are the same kind of sum in the same conditions for two builds measured in
 * turn (docs/performance.md). Not a test: a shared machine is noisy, so each line ends with the load
 * it started at.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from '@playwright/test';
import { type PortalProcess, startPortal } from '../portal-process';
import { BENCH_ADMIN, seedWallAndTerminal } from './bench-api';
import { median, rendererMain } from './main-thread';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** WEB_DIST=<folder>[,<folder>...]: several builds are measured in turn, run by run, under the same load. */
const webDists = (process.env.WEB_DIST ?? path.join(root, 'apps/web/dist')).split(',').map((d) => path.resolve(d));
const RUNS = Number(process.env.LONG_TASKS_RUNS ?? 5);
const SETTLE_MS = Number(process.env.LONG_TASKS_SETTLE ?? 6) * 1000;
const DEBUG = Boolean(process.env.LONG_TASKS_DEBUG);
const THROTTLE = { cpu: 4, latency: 150, download: (1638.4 * 1024) / 8, upload: (750 * 1024) / 8 };

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      functionName?: string;
      type?: string;
      stackTrace?: { url?: string }[];
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string };
}

/** The CPU profile's samples (LONG_TASKS_DEBUG): when each was taken and its stack, innermost first. */
function samplesOf(events: TraceEvent[], thread: string): { ts: number; stack: ProfileNode['callFrame'][] }[] {
  const nodes = new Map<number, ProfileNode>();
  const out: { ts: number; stack: ProfileNode['callFrame'][] }[] = [];
  // The profile starts on the thread it samples; its chunks come from the profiler's own thread.
  const byId = new Map<string, number>();
  for (const e of events)
    if (e.name === 'Profile' && e.id && `${e.pid}:${e.tid}` === thread) byId.set(`${e.pid}:${e.id}`, e.args?.data?.startTime ?? e.ts);
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !byId.has(`${e.pid}:${e.id}`)) continue;
    const id = `${e.pid}:${e.id}`;
    const data = e.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    let ts = byId.get(id) ?? e.ts;
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      ts += deltas[i] ?? 0;
      byId.set(id, ts);
      const stack: ProfileNode['callFrame'][] = [];
      for (let node = nodes.get(samples[i]); node; node = node.parent === undefined ? undefined : nodes.get(node.parent))
        stack.push(node.callFrame);
      out.push({ ts, stack });
    }
  }
  return out;
}

/** The innermost frames named like a React component (a capitalised function) and the busiest functions of a task's samples. */
function profileParts(samples: { ts: number; stack: ProfileNode['callFrame'][] }[], from: number, to: number): string {
  const components = new Map<string, number>();
  const self = new Map<string, number>();
  const inside = samples.filter((s) => s.ts >= from && s.ts < to);
  for (let i = 0; i < inside.length; i++) {
    const ms = ((inside[i + 1]?.ts ?? to) - inside[i].ts) / 1000;
    const stack = inside[i].stack;
    const top = stack[0];
    if (!top || top.functionName === '(idle)' || top.functionName === '(program)') continue;
    const file = (f: ProfileNode['callFrame']) => (f.url ?? '').replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.js$/, '');
    self.set(
      `${top.functionName || '(anonymous)'} ${file(top)}`,
      (self.get(`${top.functionName || '(anonymous)'} ${file(top)}`) ?? 0) + ms,
    );
    const component = stack.find((f) => /^[A-Z][A-Za-z0-9]+$/.test(f.functionName));
    const key = component ? `${component.functionName} ${file(component)}` : '(no component)';
    components.set(key, (components.get(key) ?? 0) + ms);
  }
  const top = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
      .join(', ');
  return `\n      in components: ${top(components)}\n      self: ${top(self)}`;
}

interface LongTask {
  /** From the navigation's start, ms. */
  at: number;
  ms: number;
  /** What ran in it: script per file, style and layout, the rest. */
  parts: string;
}

interface Run {
  fcp: number;
  blocking: number;
  /** The blocking sum from each task's thread time (`cpuBlocking`). */
  cpu: number;
  tasks: LongTask[];
}

/**
 * The same blocking sum from each top-level task's own CPU time (`tdur`) after `fcpMs`: the DevTools
 * throttle's slowdown is in it, the time a busy machine's other processes take the core is not, so on
 * a shared machine it moves far less than the wall-time sum.
 */
function cpuBlocking(events: TraceEvent[], fcpMs: number): number {
  const { onMain, start } = rendererMain(events, (e) => e.dur ?? 0);
  let sum = 0;
  for (const task of onMain)
    if (task.name === 'RunTask' && (task.ts - start) / 1000 >= fcpMs) sum += Math.max(0, (task.tdur ?? 0) / 1000 - 50);
  return sum;
}

const SCRIPT = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
  'FireIdleCallback',
]);
const LAYOUT = new Set(['UpdateLayoutTree', 'Layout', 'RecalculateStyles', 'PrePaint', 'Paint', 'Layerize', 'ParseHTML']);

/** The long tasks after `fcpMs` on the page's main thread (the renderer thread that ran the most script). */
function longTasks(events: TraceEvent[], fcpMs: number, base: string): LongTask[] {
  const { main, onMain, start } = rendererMain(events, (e) => e.dur ?? 0);
  const samples = DEBUG && main ? samplesOf(events, main) : undefined;
  const tasks: LongTask[] = [];
  for (let i = 0; i < onMain.length; i++) {
    const task = onMain[i];
    if (task.name !== 'RunTask' || (task.dur ?? 0) <= 50_000 || (task.ts - start) / 1000 < fcpMs) continue;
    const end = task.ts + (task.dur ?? 0);
    const by = new Map<string, number>();
    let scriptEnd = 0;
    let layoutEnd = 0;
    for (let j = i + 1; j < onMain.length && onMain[j].ts < end; j++) {
      const e = onMain[j];
      const stop = e.ts + (e.dur ?? 0);
      if (SCRIPT.has(e.name) && e.ts >= scriptEnd && e.ts >= layoutEnd) {
        scriptEnd = stop;
        const d = e.args?.data;
        const url = (d?.url || d?.stackTrace?.[0]?.url || '').replace(base, '').replace(/^\/assets\//, '');
        const key = `${e.name}${d?.type ? `(${d.type})` : ''} ${url}${d?.functionName ? ` ${d.functionName}` : ''}`;
        by.set(key, (by.get(key) ?? 0) + (e.dur ?? 0) / 1000);
      } else if (LAYOUT.has(e.name) && e.ts >= layoutEnd && e.ts >= scriptEnd) {
        layoutEnd = stop;
        by.set('style and layout', (by.get('style and layout') ?? 0) + (e.dur ?? 0) / 1000);
      }
    }
    const parts = [...by.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([k, ms]) => `${k.trim()} ${ms.toFixed(0)}`)
      .join('; ');
    const sampled = samples ? profileParts(samples, task.ts, end) : '';
    tasks.push({ at: (task.ts - start) / 1000, ms: (task.dur ?? 0) / 1000, parts: parts + sampled });
  }
  return tasks;
}

interface Page {
  key: string;
  url: string;
  token: string | null;
  terminalKey?: string;
}

/** One first visit of `p` on `base`, traced; its long tasks after the first paint. */
async function measure(browser: Browser, base: string, p: Page): Promise<Run> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
  });
  try {
    const storage = { token: p.token, terminalKey: p.terminalKey ?? null };
    await context.addInitScript(`
      const s = ${JSON.stringify(storage)};
      if (s.token) localStorage.setItem('token', s.token);
      if (s.terminalKey) localStorage.setItem('terminalKey', s.terminalKey);
    `);
    const page = await context.newPage();
    const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'];
    // The sampling profiler names the functions (and, in a build without minification, the components) each task ran.
    if (DEBUG) categories.push('disabled-by-default-v8.cpu_profiler');
    await browser.startTracing(page, { categories });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLE.latency,
      downloadThroughput: THROTTLE.download,
      uploadThroughput: THROTTLE.upload,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpu });
    await page.goto(p.url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForTimeout(SETTLE_MS);
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    if (process.env.LONG_TASKS_DUMP) writeFileSync(process.env.LONG_TASKS_DUMP, JSON.stringify(trace));
    const tasks = longTasks(trace.traceEvents, fcp, base);
    return { fcp, blocking: tasks.reduce((sum, t) => sum + t.ms - 50, 0), cpu: cpuBlocking(trace.traceEvents, fcp), tasks };
  } finally {
    await context.close();
  }
}

async function main() {
  for (const dist of webDists)
    if (!existsSync(path.join(dist, 'index.html'))) {
      console.error(`bench:long-tasks: no built SPA in ${dist} (run \`npm run build\` first, or set WEB_DIST)`);
      process.exit(1);
    }
  const servers: PortalProcess[] = [];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const builds: { dist: string; base: string; pages: Page[] }[] = [];
    for (const [n, dist] of webDists.entries()) {
      const server = await startPortal(`long-tasks-${n}`, {
        WEB_DIST: dist,
        ADMIN_WORKER_ID: BENCH_ADMIN.worker_id,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
      });
      servers.push(server);
      const { token, admin, terminalKey } = await seedWallAndTerminal(server.baseURL);
      const only = process.env.LONG_TASKS_PAGES?.split(',');
      const pages: Page[] = [
        { key: 'wall', url: '/dashboard', token },
        { key: 'stops', url: '/dashboard/paradas-kaiser', token },
        { key: 'admin', url: '/admin', token: admin },
        { key: 'login', url: '/login', token: null },
        { key: 'terminal', url: '/terminal', token: null, terminalKey },
      ].filter((p) => !only || only.includes(p.key));
      builds.push({ dist, base: server.baseURL, pages });
    }
    const summary: string[] = [];
    for (const [k, { key }] of builds[0].pages.entries()) {
      const runs = builds.map(() => [] as Run[]);
      for (let i = 0; i < RUNS; i++) {
        for (const [b, build] of builds.entries()) {
          const load = loadavg()[0];
          const run = await measure(browser, build.base, build.pages[k]);
          runs[b].push(run);
          const label = builds.length > 1 ? `${key} [${path.basename(build.dist)}]` : key;
          console.log(
            `${label} run ${i + 1}: FCP ${run.fcp.toFixed(0)} ms, ${run.tasks.length} long tasks, blocking ${run.blocking.toFixed(0)} ms, largest ${Math.max(0, ...run.tasks.map((t) => t.ms)).toFixed(0)} ms, CPU blocking ${run.cpu.toFixed(0)} ms (load ${load.toFixed(2)})`,
          );
          if (DEBUG) for (const t of run.tasks) console.log(`  at ${t.at.toFixed(0)} ms, ${t.ms.toFixed(0)} ms: ${t.parts}`);
        }
      }
      for (const [b, build] of builds.entries()) {
        const r = runs[b];
        const label = builds.length > 1 ? `${key} [${path.basename(build.dist)}]` : key;
        summary.push(
          `${label.padEnd(9)} blocking ${median(r.map((x) => x.blocking))
            .toFixed(0)
            .padStart(
              5,
            )} ms, long tasks ${median(r.map((x) => x.tasks.length))}, largest ${median(r.map((x) => Math.max(0, ...x.tasks.map((t) => t.ms)))).toFixed(0)} ms, FCP ${median(r.map((x) => x.fcp)).toFixed(0)} ms (runs: ${r.map((x) => x.blocking.toFixed(0)).join(', ')}); CPU blocking ${median(r.map((x) => x.cpu)).toFixed(0)} ms (runs: ${r.map((x) => x.cpu.toFixed(0)).join(', ')})`,
        );
      }
    }
    console.log(
      `\nmedians of ${RUNS} (4x CPU, 150 ms RTT, 1.6 Mbit/s; blocking = the sum over 50 ms of each task after the first paint; CPU blocking = the same from each task's thread time)`,
    );
    for (const line of summary) console.log(line);
  } finally {
    await browser.close();
    for (const server of servers) server.stop();
  }
}

await main();
