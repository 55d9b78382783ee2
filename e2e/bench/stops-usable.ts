/**
 * The stops screen's time to usable (`npm run bench:usable`): a signed-in worker's first visit of
 * /dashboard/paradas-kaiser in Chromium throttled as Lighthouse's mobile preset (4x CPU slowdown,
 * 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, applied through the DevTools protocol), from the
 * navigation's start until the 'Iniciar Parada' button is enabled and the clock shows. USABLE_RUNS runs
 * (default 5), each a fresh context (no HTTP cache, no service worker); prints every run's first
 * contentful paint, largest contentful paint and time to usable, then their medians. Target (docs/performance.md,
 * docs/decisions/062-worker-screens-first-paint.md): usable under 2.5 s. Not a test: a shared machine is noisy.
 *
 * Builds nothing: it serves apps/web/dist (or WEB_DIST) with the real server on a temporary data
 * folder, seeds through the API and drives Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 * USABLE_TRACE=<file.zip> also writes a Playwright trace of the last run. USABLE_PROFILE=1 records a
 * Chromium performance trace of every run (USABLE_PROFILE=<folder> keeps them) and prints the main
 * thread's CPU time until the screen is usable: in all, in script, in style and layout, and per script
 * file. These are the thread's own CPU time (the trace's `tdur`), not wall time: a busy machine
 * stretches the wall clock and the throttle's pauses, hardly these (./main-thread.ts).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { type PortalProcess, startPortal } from '../portal-process';
import { BENCH_ADMIN, call, seedStation } from './bench-api';
import { type MainThreadCost, mainThreadCost, median, printCost } from './main-thread';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
const RUNS = Number(process.env.USABLE_RUNS ?? 5);
const TARGET_MS = 2500;
/** Lighthouse's mobile preset (simulated there, applied here). */
const THROTTLE = { cpu: Number(process.env.USABLE_CPU ?? 4), latency: 150, download: (1638.4 * 1024) / 8, upload: (750 * 1024) / 8 };

/** A station and a worker signed in at it, with a few stops in this week's history. */
async function seed(base: string): Promise<string> {
  const { station, token } = await seedStation(base, 'Arco Banco', { worker_id: 'usable01', name: 'Sara Banco' });
  for (let i = 0; i < 5; i++) {
    const end = Date.now() - (i + 1) * 3_600_000;
    await call(base, '/api/paradas-kaiser/manual', {
      method: 'POST',
      token,
      body: JSON.stringify({
        start_time: new Date(end - 15 * 60_000).toISOString(),
        end_time: new Date(end).toISOString(),
        description: `Parada de banco ${i + 1}`,
        arco_sumergido_id: station.id,
      }),
    });
  }
  return token;
}

interface Run {
  fcp: number;
  lcp: number;
  usable: number;
}

async function main() {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    console.error(`bench:usable: no built SPA in ${webDist} (run \`npm run build\` first, or set WEB_DIST)`);
    process.exit(1);
  }
  let server: PortalProcess | undefined;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    server = await startPortal('usable', {
      WEB_DIST: webDist,
      ADMIN_WORKER_ID: BENCH_ADMIN.worker_id,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    });
    const base = server.baseURL;
    const token = await seed(base);
    const runs: Run[] = [];
    const costs: MainThreadCost[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ baseURL: base, viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
      const trace = process.env.USABLE_TRACE && i === RUNS - 1;
      if (trace) await context.tracing.start({ screenshots: true, snapshots: true });
      // As a string: tsx names the functions it compiles (__name), which the page does not have.
      await context.addInitScript(`
        localStorage.setItem('token', ${JSON.stringify(token)});
        // The moment the screen is usable, and the paints, as the page itself sees them.
        const marks = { fcp: 0, lcp: 0, usable: 0 };
        window.__usable = marks;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') marks.fcp = e.startTime;
        }).observe({ type: 'paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) marks.lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new MutationObserver(() => {
          if (marks.usable) return;
          const start = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Iniciar Parada');
          const clock = document.querySelector('[data-testid="stop-clock"]');
          if (start && !start.disabled && clock && clock.textContent) marks.usable = performance.now();
        }).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
      `);
      const page = await context.newPage();
      const profile = process.env.USABLE_PROFILE;
      if (profile) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'] });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: THROTTLE.latency,
        downloadThroughput: THROTTLE.download,
        uploadThroughput: THROTTLE.upload,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpu });
      await page.goto('/dashboard/paradas-kaiser', { waitUntil: 'commit' });
      await page
        .waitForFunction(() => (window as unknown as { __usable: Run }).__usable.usable > 0, null, { timeout: 60_000 })
        .catch(async (error: unknown) => {
          console.error(`not usable after 60 s at ${page.url()}:\n${(await page.locator('body').innerText()).slice(0, 1500)}`);
          throw error;
        });
      // The largest paint may still change for a moment after the screen is usable.
      await page.waitForTimeout(1000);
      const run = await page.evaluate(() => (window as unknown as { __usable: Run }).__usable);
      runs.push(run);
      console.log(`run ${i + 1}: FCP ${run.fcp.toFixed(0)} ms, LCP ${run.lcp.toFixed(0)} ms, usable ${run.usable.toFixed(0)} ms`);
      if (profile) {
        const trace = (await browser.stopTracing()).toString('utf8');
        if (profile !== '1') {
          mkdirSync(profile, { recursive: true });
          writeFileSync(path.join(profile, `stops-${i + 1}.json`), trace);
        }
        const cost = mainThreadCost(JSON.parse(trace), run.usable);
        costs.push(cost);
        printCost(`run ${i + 1}`, cost, base);
      }
      if (trace) await context.tracing.stop({ path: process.env.USABLE_TRACE });
      await context.close();
    }
    const m = { fcp: median(runs.map((r) => r.fcp)), lcp: median(runs.map((r) => r.lcp)), usable: median(runs.map((r) => r.usable)) };
    console.log(
      `\n/dashboard/paradas-kaiser, median of ${RUNS} (${THROTTLE.cpu}x CPU, 150 ms RTT, 1.6 Mbit/s): FCP ${m.fcp.toFixed(0)} ms, LCP ${m.lcp.toFixed(0)} ms, usable ${m.usable.toFixed(0)} ms (target < ${TARGET_MS} ms: ${m.usable < TARGET_MS ? 'met' : 'not met'})`,
    );
    if (costs.length > 0)
      console.log(
        `main thread until usable, median CPU ms: all ${median(costs.map((c) => c.total)).toFixed(0)}, script ${median(costs.map((c) => c.script)).toFixed(0)}, style and layout ${median(costs.map((c) => c.layout)).toFixed(0)}, tasks over 50 ms (wall) ${median(costs.map((c) => c.longTasks))}`,
      );
  } finally {
    await browser.close();
    server?.stop();
  }
}

await main();
