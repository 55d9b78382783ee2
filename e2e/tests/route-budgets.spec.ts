import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, Request } from '@playwright/test';
import { expect, test } from '../fixtures';

/**
 * What a phone pays for each first screen, counted as the browser counts it: every script the page
 * requests from its first byte until the network is idle (the entry, its modulepreload links, the
 * route-preload script's links, the chunks the screen imports lazily at once, the service worker's
 * registration), each gzipped at level 9 as the server sends it. A first visit: a fresh context, no
 * HTTP cache, no service worker. The budgets and why: docs/decisions/063-route-budgets.md. Not a
 * timing: only which files and their sizes, so the same build always gives the same figures.
 */

const KB = 1024;
/**
 * Gzipped KB per first screen; the worker screens' are their additions to what the login loads. The
 * login's form library is the wall's and the stops screen's addition since it left the login
 * (docs/decisions/070-login-without-a-form-library.md). The route tables of the worker area, the weld
 * screens and the admin area load with their area, not in the entry
 * (docs/decisions/096-route-tables-out-of-the-entry.md): the login 110.2 → 107.4 and the terminal's home
 * 132.7 → 129.9, while the worker area's table (1.8 KB) is now the wall's and the stops screen's
 * addition (each 1.0 KB less in all). The terminal's home 131 → 132 for its early paint from its answers
 * (docs/decisions/118-terminal-home-paints-from-its-answers.md).
 */
const BUDGET = { login: 110, wallBeyondLogin: 47, stopsBeyondLogin: 118, admin: 320, terminal: 132 };

/** How long the network must stay quiet to count as idle (Playwright's own 'networkidle' is 500 ms). */
const QUIET_MS = 1000;

const dist = process.env.WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
const chunkModules = JSON.parse(readFileSync(path.join(dist, '.vite/chunk-modules.json'), 'utf8')) as Record<string, string[]>;
const gzipped = new Map<string, number>();
const gzipSize = (file: string) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipped.get(file) as number;
};
const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gzipSize(f), 0);
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

/** The scripts (files under dist) a first visit of `url` requests until the network is idle. */
async function scriptsOf(browser: Browser, url: string, storage: { token?: string; local?: Record<string, string> } = {}) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const local = { ...storage.local, ...(storage.token ? { token: storage.token } : {}) };
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, local);
  const files = new Set<string>();
  // The network is idle once no request is under way for QUIET_MS, the live event streams aside
  // (/api/events, /api/terminal/events: open as long as the page is).
  let pending = 0;
  let lastChange = Date.now();
  const counted = (request: Request) => !/^\/api\/(terminal\/)?events$/.test(new URL(request.url()).pathname);
  const done = (request: Request) => {
    if (!counted(request)) return;
    pending--;
    lastChange = Date.now();
  };
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) files.add(pathname.slice(1));
    if (!counted(request)) return;
    pending++;
    lastChange = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  await page.goto(url, { waitUntil: 'load' });
  await expect.poll(() => pending <= 0 && Date.now() - lastChange >= QUIET_MS, { timeout: 30_000, intervals: [100] }).toBe(true);
  await context.close();
  return files;
}

/** The source modules of the files, as the build recorded them (apps/web/build/chunk-modules.ts). */
const modulesOf = (files: Iterable<string>) => [...files].flatMap((f) => chunkModules[f] ?? []);
const report = (name: string, files: Set<string>) =>
  console.log(
    `${name}: ${kb(sum(files))} in ${files.size} scripts\n${[...files]
      .sort((a, b) => gzipSize(b) - gzipSize(a))
      .map((f) => `  ${f.padEnd(50)} ${kb(gzipSize(f)).padStart(9)}`)
      .join('\n')}`,
  );

/** Code that belongs to the terminal or the admin area, never to a worker's screen. */
const FOREIGN = [
  /^apps\/web\/src\/app\/(terminal-page|admin-shell|terminal-frame|admin-routes)\.tsx$/,
  /^apps\/web\/src\/features\/terminal\//,
  /^apps\/web\/src\/features\/[^/]+\/routes\/admin-/,
  /^apps\/web\/src\/features\/dashboard\//,
  /node_modules\/(recharts|d3-|victory-vendor)/,
];
const CHARTS = /node_modules\/(recharts|d3-|victory-vendor)/;
const ZOD = /node_modules\/zod\//;
/** The login's form is written without a form library (docs/decisions/070-login-without-a-form-library.md). */
const FORM_LIBRARY = /node_modules\/react-hook-form\//;

let login: Set<string>;

test.describe.configure({ mode: 'serial' });

test('the login loads at most its budget before the network is idle', async ({ browser }) => {
  login = await scriptsOf(browser, '/login');
  report('login', login);
  expect(sum(login) / KB, 'login: gzipped KB before the network is idle').toBeLessThanOrEqual(BUDGET.login);
  expect(modulesOf(login).filter((m) => ZOD.test(m) || CHARTS.test(m) || FORM_LIBRARY.test(m))).toEqual([]);
});

test("the wall and the stops screen add at most their budgets to the login's, and nothing of the terminal or the admin area", async ({
  browser,
  seed,
}) => {
  login ??= await scriptsOf(browser, '/login');
  const station = await seed.station();
  const worker = await seed.worker(station);
  for (const [name, url, budget] of [
    ['wall', '/dashboard', BUDGET.wallBeyondLogin],
    ['stops', '/dashboard/paradas-kaiser', BUDGET.stopsBeyondLogin],
  ] as const) {
    const files = await scriptsOf(browser, url, { token: worker.token });
    const beyond = new Set([...files].filter((f) => !login.has(f)));
    report(`${name} (beyond the login)`, beyond);
    expect(sum(beyond) / KB, `${name}: gzipped KB beyond the login's before the network is idle`).toBeLessThanOrEqual(budget);
    expect(
      modulesOf(files).filter((m) => FOREIGN.some((re) => re.test(m))),
      `${name}: terminal or admin code`,
    ).toEqual([]);
  }
});

test("/admin's first screen stays within its budget, the charts included", async ({ browser, seed }) => {
  const files = await scriptsOf(browser, '/admin', { token: await seed.adminToken() });
  report('admin', files);
  expect(sum(files) / KB, '/admin: gzipped KB before the network is idle').toBeLessThanOrEqual(BUDGET.admin);
});

test("the terminal's home loads no zod and no chart library, within its budget", async ({ browser, page, seed }) => {
  const station = await seed.station();
  const admin = await seed.adminToken();
  // Enrolled as a tablet is, through its own screen; then a first visit with what it keeps.
  const res = await page.request.post(`/api/admin/arcos-sumergidos/${station.id}/terminal-codes`, {
    headers: { Authorization: `Bearer ${admin}` },
  });
  const { code } = (await res.json()) as { code: string };
  await page.goto('/terminal');
  await page.getByLabel('Código de alta').fill(code);
  await page.getByRole('button', { name: 'Dar de alta' }).click();
  await expect(page.getByRole('heading', { name: `Terminal · ${station.name}` })).toBeVisible();
  const local = await page.evaluate(() => ({ ...localStorage }) as Record<string, string>);

  const files = await scriptsOf(browser, '/terminal', { local });
  report('terminal', files);
  expect(sum(files) / KB, "the terminal's home: gzipped KB before the network is idle").toBeLessThanOrEqual(BUDGET.terminal);
  expect(
    modulesOf(files).filter((m) => ZOD.test(m)),
    "the terminal's home: zod",
  ).toEqual([]);
  expect(
    modulesOf(files).filter((m) => CHARTS.test(m)),
    "the terminal's home: a chart library",
  ).toEqual([]);
});
