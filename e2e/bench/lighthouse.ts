/**
 * Lighthouse (`npm run bench:lighthouse`) on /login, the wall (/dashboard with 20 posts, some with
 * photos), the stops screen (/dashboard/paradas-kaiser), /admin and the station terminal's home
 * (/terminal), mobile emulation, all four categories, LIGHTHOUSE_RUNS runs each (default 5); prints the
 * median of each category's score and of FCP, LCP, TBT and CLS per page
 * (LIGHTHOUSE_PAGES=login,wall,stops,admin,terminal measures some of them), and
 * the audits that cost accessibility or best-practices points. Targets (docs/performance.md,
 * docs/decisions/019-accessibility.md): performance >= 95, CLS <= 0.05, accessibility and best
 * practices 100. Not a CI gate: these machines are noisy.
 *
 * Builds nothing: it serves the SPA already built in apps/web/dist (or WEB_DIST). It starts the real
 * server as a child process on a temporary data folder, seeds through the API, and drives Debian's
 * Chromium (CHROMIUM_PATH, default /usr/bin/chromium) through chrome-launcher. LIGHTHOUSE_DEBUG=1 also
 * prints the LCP element and its phases, the layout shifts, the critical request chains, boot-up time
 * and the long tasks; LIGHTHOUSE_SAVE=<folder> writes each run's full report there as JSON.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { type PortalProcess, startPortal } from '../portal-process';
import { BENCH_ADMIN, seedWallAndTerminal } from './bench-api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
/**
 * LIGHTHOUSE_QUIET=<load>: each run waits until the machine's 1-minute load average is at most this
 * (at most LIGHTHOUSE_QUIET_WAIT seconds, default 900; then it runs and says so). Each run's line
 * shows the load it started at either way (docs/performance.md, "Running the Lighthouse bench").
 */
const QUIET = process.env.LIGHTHOUSE_QUIET ? Number(process.env.LIGHTHOUSE_QUIET) : undefined;
const QUIET_WAIT_MS = Number(process.env.LIGHTHOUSE_QUIET_WAIT ?? 900) * 1000;

/** Waits for a quiet machine when LIGHTHOUSE_QUIET asks for one; returns the 1-minute load average. */
async function quietEnough(label: string): Promise<number> {
  const since = Date.now();
  while (QUIET !== undefined && loadavg()[0] > QUIET) {
    if (Date.now() - since > QUIET_WAIT_MS) {
      console.log(`${label}: load ${loadavg()[0].toFixed(2)} still above ${QUIET} after ${QUIET_WAIT_MS / 1000} s; measuring anyway`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  return loadavg()[0];
}
const TARGET = { score: 95, cls: 0.05, accessibility: 100, bestPractices: 100 };
/** The station terminal's home, on a cheap tablet (docs/decisions/051-terminal-first-screen.md): its own bar. */
const TERMINAL_TARGET = { score: 90, tbt: 300 };

interface Run {
  score: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** The accessibility and best-practices audits that failed, for the closing lines. */
  failed: string[];
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** What Lighthouse says would save the most time, for the closing lines. */
  advice: string[];
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/**
 * Puts the token in the page's local storage (as the login screen leaves it) or removes it, and
 * empties the HTTP cache and the service worker's, so every run is a first visit of a signed-in (or
 * signed-out) worker.
 */
async function prepare(chromePort: number, base: string, token: string | null, terminalKey?: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(`${base}/api/health`);
    await page.evaluate(
      ([t, key]) => {
        localStorage.clear();
        if (t) localStorage.setItem('token', t);
        // The station terminal's device credential (features/terminal/api/terminal-session.ts).
        if (key) localStorage.setItem('terminalKey', key);
      },
      [token, terminalKey] as const,
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    // The service worker the previous run installed would serve every file from its precache: gone
    // too, with its caches, so no run is faster for the one before it (local storage stays).
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(base).origin, storageTypes: 'service_workers,cache_storage' });
    await page.close();
  } finally {
    await browser.close();
  }
}

async function measure(chromePort: number, base: string, url: string, token: string | null, terminalKey?: string): Promise<Run> {
  await prepare(chromePort, base, token, terminalKey);
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    formFactor: 'mobile',
    // Lighthouse would clear the origin's storage, token included; prepare() already emptied the cache.
    disableStorageReset: true,
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  if (process.env.LIGHTHOUSE_SAVE) {
    // Every run's full report, to read its traces' costs (mainthread-work-breakdown, bootup-time, long-tasks).
    mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}-${Date.now()}.json`;
    writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE, name), JSON.stringify(lhr));
  }
  const finalUrl = lhr.finalDisplayedUrl;
  if (new URL(finalUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended on ${finalUrl}`);
  if (process.env.LIGHTHOUSE_DEBUG) {
    for (const id of ['largest-contentful-paint-element', 'layout-shifts', 'critical-request-chains', 'bootup-time', 'long-tasks']) {
      console.log(id, JSON.stringify(lhr.audits[id]?.details, null, 1)?.slice(0, 3000));
    }
    // When each request started and ended (observed, unthrottled), to read the critical path.
    const requests = (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
    for (const r of requests) {
      console.log(
        `request ${String(r.url).replace(/^https?:\/\/[^/]+/, '')} ${r.priority} start ${Number(r.networkRequestTime).toFixed(0)} end ${Number(r.networkEndTime).toFixed(0)} ${r.transferSize} B`,
      );
    }
  }
  const advice = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.numericValue ?? 0) > 0 && (a.score ?? 1) < 1)
    .sort((a, b) => (b.numericValue ?? 0) - (a.numericValue ?? 0))
    .slice(0, 4)
    .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  const category = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failed = ['accessibility', 'best-practices'].flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${c}: ${lhr.audits[ref.id]?.title}`),
  );
  return {
    advice,
    failed,
    score: category('performance'),
    accessibility: category('accessibility'),
    bestPractices: category('best-practices'),
    seo: category('seo'),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  };
}

async function main() {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    console.error(`bench:lighthouse: no built SPA in ${webDist} (run \`npm run build\` first, or set WEB_DIST)`);
    process.exit(1);
  }
  let server: PortalProcess | undefined;
  let chrome: Awaited<ReturnType<typeof launch>> | undefined;
  try {
    server = await startPortal(
      'lighthouse',
      { WEB_DIST: webDist, ADMIN_WORKER_ID: BENCH_ADMIN.worker_id, ADMIN_PASSWORD: BENCH_ADMIN.password },
      { source: true },
    );
    const base = server.baseURL;
    const { token, admin, terminalKey } = await seedWallAndTerminal(base);
    chrome = await launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const only = process.env.LIGHTHOUSE_PAGES?.split(',');
    const pages = [
      { key: 'login', name: '/login', url: `${base}/login`, token: null },
      { key: 'wall', name: '/dashboard (wall, 20 posts)', url: `${base}/dashboard`, token },
      { key: 'stops', name: '/dashboard/paradas-kaiser', url: `${base}/dashboard/paradas-kaiser`, token },
      { key: 'admin', name: '/admin', url: `${base}/admin`, token: admin },
      // The station terminal's home with no worker signed in: what a cheap tablet shows all day, and
      // what every load of it shows (the workers signed in at a terminal live in memory only,
      // features/terminal/api/terminal-session.ts).
      { key: 'terminal', name: '/terminal (station home)', url: `${base}/terminal`, token: null, terminalKey },
    ].filter((p) => !only || only.includes(p.key));
    const rows: string[] = [];
    let met = true;
    for (const p of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        // Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is taken again.
        let run: Run | undefined;
        const load = await quietEnough(`${p.name} run ${i + 1}`);
        for (let attempt = 1; !run; attempt++) {
          try {
            run = await measure(chrome.port, base, p.url, p.token, 'terminalKey' in p ? p.terminalKey : undefined);
          } catch (error) {
            if (attempt >= 3) throw error;
            console.log(`${p.name} run ${i + 1}: ${(error as Error).message}; again`);
          }
        }
        runs.push(run);
        console.log(
          `${p.name} run ${i + 1}: performance ${run.score}, accessibility ${run.accessibility}, best practices ${run.bestPractices}, SEO ${run.seo}, FCP ${run.fcp.toFixed(0)} ms, LCP ${run.lcp.toFixed(0)} ms, TBT ${run.tbt.toFixed(0)} ms, CLS ${run.cls.toFixed(3)} (load ${load.toFixed(2)})`,
        );
      }
      const m = {
        score: median(runs.map((r) => r.score)),
        accessibility: median(runs.map((r) => r.accessibility)),
        bestPractices: median(runs.map((r) => r.bestPractices)),
        seo: median(runs.map((r) => r.seo)),
        fcp: median(runs.map((r) => r.fcp)),
        lcp: median(runs.map((r) => r.lcp)),
        tbt: median(runs.map((r) => r.tbt)),
        cls: median(runs.map((r) => r.cls)),
      };
      if (p.key === 'terminal') {
        const ok = m.score >= TERMINAL_TARGET.score && m.tbt < TERMINAL_TARGET.tbt;
        console.log(
          `${p.name}: ${ok ? 'meets' : 'below'} its target (performance >= ${TERMINAL_TARGET.score}, TBT < ${TERMINAL_TARGET.tbt} ms)`,
        );
      }
      met &&=
        m.score >= (p.key === 'terminal' ? TERMINAL_TARGET.score : TARGET.score) &&
        m.cls <= TARGET.cls &&
        m.accessibility >= TARGET.accessibility &&
        m.bestPractices >= TARGET.bestPractices;
      const failed = [...new Set(runs.flatMap((r) => r.failed))];
      if (failed.length) console.log(`${p.name} failed audits: ${failed.join('; ')}`);
      const advice = runs.at(-1)?.advice ?? [];
      if (advice.length) console.log(`${p.name} opportunities: ${advice.join('; ')}`);
      rows.push(
        `${p.name.padEnd(30)} ${String(m.score).padStart(5)} ${String(m.accessibility).padStart(5)} ${String(m.bestPractices).padStart(5)} ${String(m.seo).padStart(5)} ${`${m.fcp.toFixed(0)} ms`.padStart(10)} ${`${m.lcp.toFixed(0)} ms`.padStart(10)} ${`${m.tbt.toFixed(0)} ms`.padStart(9)} ${m.cls.toFixed(3).padStart(7)}`,
      );
    }
    console.log(`\nmedian of ${RUNS} runs (mobile emulation, simulated throttling)`);
    console.log(
      `${'page'.padEnd(30)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'b.p.'.padStart(5)} ${'SEO'.padStart(5)} ${'FCP'.padStart(10)} ${'LCP'.padStart(10)} ${'TBT'.padStart(9)} ${'CLS'.padStart(7)}`,
    );
    for (const r of rows) console.log(r);
    console.log(
      met
        ? `\ntargets met (performance >= ${TARGET.score}, CLS <= ${TARGET.cls}, accessibility and best practices 100)`
        : `\nbelow target (performance >= ${TARGET.score}, CLS <= ${TARGET.cls}, accessibility and best practices 100)`,
    );
  } finally {
    chrome?.kill();
    server?.stop();
  }
}

await main();
