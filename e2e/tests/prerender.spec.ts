import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { enrolmentCode } from '../terminal';

/**
 * The login screen rendered at build time into index.html (apps/web/vite.config.ts, src/prerender.tsx):
 * it paints before any JavaScript has run, only where a signed-out visitor's first screen is the login
 * (src/prerender-gate.ts), and the app replaces it with the live screen in one commit.
 */
const LABELS = ['ID de Trabajador', 'Contraseña', 'Seleccionar Nave', 'Seleccionar Arco Sumergido'];
const staticLogin = (page: Page) => page.locator('[data-prerendered="login"]');

/** Keeps every script but the gate from loading, so the page stays as the HTML, the CSS and the gate left it. */
async function withoutApp(page: Page) {
  await page.route('**/assets/*.js', (route) =>
    /\/prerender-gate-[^/]+\.js$/.test(route.request().url()) ? route.continue() : route.abort(),
  );
}

test('index.html carries the login screen, shown before the app only at / and /login signed out', async ({ page, browser, baseURL }) => {
  const html = await (await page.request.get('/login')).text();
  expect(html).toContain('<div data-prerendered="login" inert>');
  expect(html).toContain('<h1 class="h3 text-center mb-4">Iniciar Sesión</h1>');
  for (const label of LABELS) expect(html).toContain(`>${label}</label>`);

  await withoutApp(page);
  for (const path of ['/login', '/']) {
    await page.goto(path);
    await expect(staticLogin(page).locator('h1')).toHaveText('Iniciar Sesión');
    await expect(staticLogin(page).locator('h1')).toBeVisible();
    for (const label of LABELS) await expect(staticLogin(page).getByText(label, { exact: true })).toBeVisible();
    await expect(staticLogin(page).locator('button[type="submit"]')).toHaveText('Iniciar Sesión');
  }
  // Deep links show their own screen once the app runs: the static login must not flash there.
  for (const path of ['/dashboard', '/dashboard/paradas-kaiser', '/admin', '/admin/login', '/register']) {
    await page.goto(path);
    await expect(staticLogin(page)).toBeAttached();
    await expect(staticLogin(page)).toBeHidden();
  }

  // Without JavaScript the gate cannot run: the markup stays hidden (the app needs JavaScript anyway).
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto('/login');
  await expect(staticLogin(bare).locator('h1')).toHaveText('Iniciar Sesión');
  await expect(staticLogin(bare)).toBeHidden();
  await noScript.close();
});

test('a signed-in visitor never sees the static login, not even at /', async ({ browser, baseURL }) => {
  const origin = new URL(baseURL as string).origin;
  const context = await browser.newContext({
    baseURL,
    storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'token', value: 'a.b.c' }] }] },
  });
  const page = await context.newPage();
  await withoutApp(page);
  for (const path of ['/', '/login', '/dashboard']) {
    await page.goto(path);
    await expect(staticLogin(page)).toBeAttached();
    await expect(staticLogin(page)).toBeHidden();
  }
  await context.close();
});

test('the live login replaces the static one in place, with nothing in between, and signs in', async ({ page, seed }) => {
  const station = await seed.station('Nave 1');
  const worker = await seed.worker(station);
  // What #root shows after every change, and where the heading sits, from the first byte of the page.
  await page.addInitScript(() => {
    const seen: { state: string; top: number; left: number }[] = [];
    (window as unknown as { __rootStates: typeof seen }).__rootStates = seen;
    const record = () => {
      const root = document.getElementById('root');
      if (!root) return;
      const state = root.querySelector('[data-prerendered]')
        ? 'static'
        : root.querySelector('[role="status"]')
          ? 'loading'
          : root.querySelector('main h1')
            ? 'live'
            : 'empty';
      const rect = root.querySelector('h1')?.getBoundingClientRect();
      if (seen.at(-1)?.state !== state) seen.push({ state, top: rect?.top ?? -1, left: rect?.left ?? -1 });
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true });
  });

  for (const path of ['/', '/login']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
    const states = await page.evaluate(
      () => (window as unknown as { __rootStates: { state: string; top: number; left: number }[] }).__rootStates,
    );
    expect(states.map((s) => s.state)).toEqual(['static', 'live']);
    // The same heading at the same place: no shift when the live screen takes over.
    expect(states[1].top).toBeCloseTo(states[0].top, 0);
    expect(states[1].left).toBeCloseTo(states[0].left, 0);
    await expect(page.getByLabel('ID de Trabajador')).toBeFocused();
  }

  await page.getByLabel('ID de Trabajador').fill(worker.worker_id);
  await page.getByLabel('Contraseña').fill(worker.password);
  await page.getByLabel('Seleccionar Nave').selectOption('Nave 1');
  await page.getByLabel('Seleccionar Arco Sumergido').selectOption({ label: station.name });
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: worker.name })).toBeVisible();
});

test("a signed-in worker's /dashboard screens paint the worker frame before the app, and the live shell replaces it", async ({
  browser,
  baseURL,
  seed,
}) => {
  const worker = await seed.worker(await seed.station());
  const frame = (page: Page) => page.locator('[data-prerendered="worker"]');
  const origin = new URL(baseURL as string).origin;
  const withToken = (token: string) =>
    browser.newContext({ baseURL, storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'token', value: token }] }] } });
  // Without the app: the frame alone, with its bars and 'Cargando...', at every /dashboard path.
  const signedIn = await withToken(worker.token);
  const html = await (await signedIn.request.get('/dashboard')).text();
  expect(html).toContain('<div data-prerendered="worker" inert>');
  const bare = await signedIn.newPage();
  await withoutApp(bare);
  for (const path of ['/dashboard', '/dashboard/paradas-kaiser', '/dashboard/profile']) {
    await bare.goto(path);
    await expect(frame(bare).getByText('Portal de Fábrica')).toBeVisible();
    await expect(frame(bare).getByText('Cargando...')).toBeVisible();
    await expect(frame(bare).getByText('Paradas', { exact: true })).toBeVisible();
    await expect(staticLogin(bare)).toBeHidden();
  }
  // Not at the login, nor on the admin's screens, nor with a token that has expired or cannot be read.
  for (const path of ['/login', '/admin']) {
    await bare.goto(path);
    await expect(frame(bare)).toBeHidden();
  }
  const [head, , signature] = worker.token.split('.');
  const expiredClaims = Buffer.from(JSON.stringify({ id: worker.id, role: 'user', exp: Math.floor(Date.now() / 1000) - 60 })).toString(
    'base64url',
  );
  for (const token of [`${head}.${expiredClaims}.${signature}`, 'a.b.c']) {
    const context = await withToken(token);
    const page = await context.newPage();
    await withoutApp(page);
    await page.goto('/dashboard');
    await expect(frame(page)).toBeAttached();
    await expect(frame(page)).toBeHidden();
    await context.close();
  }

  // With the app: the live shell takes the frame's place, with the worker's name and the screen.
  const live = await signedIn.newPage();
  await live.goto('/dashboard/paradas-kaiser');
  await expect(live.getByRole('button', { name: 'Iniciar Parada' })).toBeEnabled();
  await expect(live.getByRole('button', { name: worker.name })).toBeVisible();
  await expect(live.locator('[data-prerendered]')).toHaveCount(0);
  await signedIn.close();
});

test("the station terminal's page paints its frame before the app, preloads its home, and the app replaces the frame", async ({ page }) => {
  // build/terminal-html.ts, docs/decisions/055-terminal-home-first-paint.md
  const html = await (await page.request.get('/terminal')).text();
  expect(html).toContain('<html lang="es" class="prerendered">');
  expect(html).toContain('<div data-prerendered="terminal" inert>');
  expect(html).not.toContain('data-prerendered="login"');
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/terminal-page-[\w-]+\.js">/);
  expect(html).toMatch(/<script async src="\/assets\/terminal-preload-[\w-]+\.js"><\/script>/);

  // Not enrolled: the live enrolment screen takes the frame's place.
  await page.goto('/terminal');
  await expect(page.getByRole('heading', { level: 1, name: 'Alta del terminal' })).toBeVisible();
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
});

test("an enrolled terminal paints its home from its answers before the app starts, where the app's home then renders the same", async ({
  browser,
  baseURL,
  seed,
}) => {
  // features/terminal/api/terminal-preload.ts, docs/decisions/118-terminal-home-paints-from-its-answers.md
  const arco = await seed.station();
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const code = await enrolmentCode(page, await seed.adminToken(), arco);
  const res = await page.request.post('/api/terminal/enrol', { data: { code } });
  expect(res.status()).toBe(201);
  const { credential } = (await res.json()) as { credential: string };
  await page.goto('/api/health');
  await page.evaluate((key) => localStorage.setItem('terminalKey', key), credential);
  // The app's scripts held back until released: only terminal.html's own script runs.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    if (!/\/terminal-preload-[^/]+\.js$/.test(route.request().url())) await released;
    await route.continue().catch(() => undefined);
  });
  await page.goto('/terminal');
  const frame = page.locator('[data-prerendered="terminal"]');
  await expect(frame.locator('h1')).toHaveText(`Terminal · ${arco.name}`);
  await expect(frame.getByText('Sin parada en curso', { exact: true })).toBeVisible();
  await expect(frame.getByText('Identifícate para iniciar o finalizar una parada')).toBeVisible();
  const help = (scope: Page | typeof frame) => scope.getByText('Avisa al momento al supervisor o a mantenimiento');
  await expect(help(frame)).toBeVisible();
  // Inert: nothing of it takes the focus or is announced before the live home replaces it.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('[data-prerendered]') ?? null)).toBeNull();
  const cord = frame.getByRole('button', { name: 'Llamar supervisor' });
  await cord.evaluate((button) => (button as HTMLElement).focus());
  await expect(cord).not.toBeFocused();
  const early = await help(frame).boundingBox();

  // The app: the live home in the same place, its cord working.
  release();
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: `Terminal · ${arco.name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Llamar supervisor' })).toBeEnabled();
  expect(await help(page).boundingBox()).toEqual(early);
  await context.close();
});

test("an administrator's /admin paints the admin frame and the panel's heading before the app, and the live panel replaces it", async ({
  browser,
  baseURL,
  seed,
}) => {
  // docs/decisions/102-app-downloads-after-first-paint.md
  const admin = await seed.adminToken();
  const worker = await seed.worker(await seed.station());
  const frame = (page: Page) => page.locator('[data-prerendered="admin"]');
  const origin = new URL(baseURL as string).origin;
  const withToken = (token: string) =>
    browser.newContext({ baseURL, storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'token', value: token }] }] } });
  const signedIn = await withToken(admin);
  const bare = await signedIn.newPage();
  await withoutApp(bare);
  await bare.goto('/admin');
  await expect(frame(bare).locator('main .h4')).toHaveText('Dashboard Admin');
  await expect(frame(bare).locator('main .h4')).toBeVisible();
  await expect(frame(bare).getByText('Cargando estadísticas...')).toBeVisible();
  await expect(frame(bare).getByText('Dashboard Usuario')).toBeVisible();
  await expect(staticLogin(bare)).toBeHidden();
  await expect(bare.locator('[data-prerendered="worker"]')).toBeHidden();
  // Only the panel's own path, and only for an administrator.
  for (const path of ['/admin/users', '/admin/login', '/dashboard']) {
    await bare.goto(path);
    await expect(frame(bare)).toBeHidden();
  }
  const workerContext = await withToken(worker.token);
  const workerPage = await workerContext.newPage();
  await withoutApp(workerPage);
  await workerPage.goto('/admin');
  await expect(frame(workerPage)).toBeAttached();
  await expect(frame(workerPage)).toBeHidden();
  await workerContext.close();

  // With the app: the live panel takes the frame's place.
  const live = await signedIn.newPage();
  await live.goto('/admin');
  await expect(live.getByRole('heading', { level: 1, name: 'Dashboard Admin' })).toBeVisible();
  await expect(live.locator('[data-prerendered]')).toHaveCount(0);
  await signedIn.close();
});

test('the app starts downloading only once the page has painted from the HTML and the CSS', async ({ browser, baseURL, seed }) => {
  // The entry, its preloads and the route-preload script wait in a template until the first frame
  // (src/prerender-gate.ts; docs/decisions/102-app-downloads-after-first-paint.md).
  const worker = await seed.worker(await seed.station());
  const origin = new URL(baseURL as string).origin;
  const context = await browser.newContext({
    baseURL,
    storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'token', value: worker.token }] }] },
  });
  const page = await context.newPage();
  for (const path of ['/dashboard/paradas-kaiser', '/terminal']) {
    const html = await (await page.request.get(path)).text();
    const head = html.slice(0, html.indexOf('</head>')).replace(/<template id="after-first-paint">.*?<\/template>/, '');
    expect(head).not.toMatch(/<script type="module"|rel="modulepreload"/);
    await page.goto(path);
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    // The first frame needs the stylesheet (render-blocking): the app's scripts are asked for after it is in.
    const { css, scripts } = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        css: resources.find((e) => /\/assets\/index-[^/]+\.css$/.test(e.name))?.responseEnd,
        scripts: resources
          .filter((e) => /\/assets\/.*\.js$/.test(e.name) && !/\/(prerender-gate|terminal-preload)-/.test(e.name))
          .map((e) => e.startTime),
      };
    });
    expect(css).toBeGreaterThan(0);
    expect(scripts.length).toBeGreaterThan(3);
    for (const start of scripts) expect(start).toBeGreaterThanOrEqual(css as number);
  }
  await context.close();
});
