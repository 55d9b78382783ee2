/**
 * Screen snapshots (`npm run snapshot:screens -- <outdir>`): the HTML of every screen state of the
 * worker area (360 px) and the admin area (1280 px), and the OpenAPI document, one file each, so that
 * two builds can be compared with `diff -r` (a refactoring should leave them byte-identical).
 *
 * Builds nothing: it starts the server `npm run build` compiled (apps/api/dist/server.js, serving
 * apps/web/dist) on a fresh data folder and a free port, seeds fixed data through the API, and drives
 * Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) with the browser clock fixed. What
 * changes from run to run is normalised: React's generated ids (numbered in order of appearance),
 * dates and times, hashed asset and upload names.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { startPortal } from '../portal-process';

const outDir = path.resolve(process.argv[2] ?? 'screens');
const ADMIN = { worker_id: process.env.ADMIN_WORKER_ID ?? 'screens-admin', password: process.env.ADMIN_PASSWORD ?? 'screens-admin-pass' };
const WORKER = { worker_id: 'screens01', name: 'Lucía Pantalla', password: 'secreto123' };
/** The browser's fixed clock: a Wednesday morning shift. */
const CLOCK = new Date('2026-11-25T09:30:00Z');

type Call = <T>(url: string, init?: RequestInit & { token?: string; json?: unknown }) => Promise<T>;
const caller =
  (base: string): Call =>
  async (url, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await fetch(`${base}${url}`, { ...init, body, headers });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as never;
  };

interface Seeded {
  admin: string;
  worker: string;
  tramoId: number;
}

/** Two naves, three arcos, a worker signed in at the first, a circular with a photo, paradas, posts, comments, motivos. */
async function seed(call: Call): Promise<Seeded> {
  const { accessToken: admin } = await call<{ accessToken: string }>('/api/admin/login', { method: 'POST', json: ADMIN });
  for (const name of ['Nave Norte', 'Nave Sur']) await call('/api/admin/naves', { method: 'POST', token: admin, json: { name } });
  const arcos: { id: number; nave: string }[] = [];
  for (const [name, nave] of [
    ['Arco 1', 'Nave Norte'],
    ['Arco 2', 'Nave Norte'],
    ['Arco 3', 'Nave Sur'],
  ])
    arcos.push(await call('/api/admin/arcos-sumergidos', { method: 'POST', token: admin, json: { name, nave } }));
  for (const name of ['Cambio de hilo', 'Avería de tractor'])
    await call('/api/admin/motivos', { method: 'POST', token: admin, json: { name } });
  await call('/api/auth/register', { method: 'POST', json: { ...WORKER, role: 'user' } });
  const station = arcos[0];
  const { accessToken: worker } = await call<{ accessToken: string }>('/api/auth/login', {
    method: 'POST',
    json: { worker_id: WORKER.worker_id, password: WORKER.password, nave: station.nave, arco_sumergido_id: station.id },
  });
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const circular = new FormData();
  for (const [k, v] of Object.entries({
    id_tramo: 'T-100',
    id_proyecto: 'P-7',
    id_circular: 'C-12',
    descripcion: 'Soldadura longitudinal del tramo 100',
    arco_sumergido_id: String(station.id),
    circular_fecha: '2026-11-24',
  }))
    circular.set(k, v);
  circular.set('imagen', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'circular.jpg');
  const { tramo } = await call<{ tramo: { id: number } }>('/api/tramos', { method: 'POST', token: worker, body: circular });
  await call('/api/paradas-kaiser/manual', {
    method: 'POST',
    token: worker,
    json: { start_time: '2026-11-24T08:00:00Z', end_time: '2026-11-24T08:25:00Z', description: 'Cambio de bobina' },
  });
  const posts: { id: number }[] = [];
  for (const [i, content] of ['Buenos días, revisad la línea 2 antes de arrancar.', 'El tractor del arco 1 hace ruido.'].entries()) {
    const form = new FormData();
    form.set('content', content);
    form.set('wall_name', 'Main');
    if (i === 0) form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'muro.jpg');
    posts.push((await call<{ post: { id: number } }>('/api/wall/posts', { method: 'POST', token: worker, body: form })).post);
  }
  const comment = new FormData();
  comment.set('content', 'Revisado, todo en orden.');
  await call(`/api/wall/posts/${posts[0].id}/comments`, { method: 'POST', token: worker, body: comment });
  return { admin, worker, tramoId: tramo.id };
}

/** What changes from run to run, replaced by stable marks. */
export function normalise(html: string): string {
  const ids = new Map<string, string>();
  return (
    html
      // React's useId (_r_1_, «r1», :r1:) and Recharts' clip ids: numbered in order of appearance.
      .replace(/_r_[0-9a-z]+_|«[^»\s"]*»|:[rR][0-9a-z]+:|recharts\d+-clip/g, (m) => {
        if (!ids.has(m)) ids.set(m, `«id${ids.size + 1}»`);
        return ids.get(m) as string;
      })
      .replace(/(\/assets\/[\w.-]+?)-[\w-]{8}\.(js|css|woff2?|png|svg|webp|jpg)/g, '$1-HASH.$2')
      .replace(/\/uploads\/[\w./-]+/g, '/uploads/FILE')
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?/g, 'ISO')
      .replace(/\d{1,2}\/\d{1,2}\/\d{2,4}/g, 'DD/MM/YYYY')
      .replace(/\d{4}-\d{2}-\d{2}/g, 'YYYY-MM-DD')
      .replace(/\b\d{1,2}:\d{2}(:\d{2})?\b/g, 'HH:MM')
  );
}

let written = 0;
async function snap(page: Page, name: string) {
  // Waits until the page stops changing (at most 30 s): no spinner, and the same HTML twice 300 ms apart.
  let last = '';
  for (let i = 0; i < 100; i++) {
    await page.waitForTimeout(300);
    const html = await page.evaluate(() => document.body.outerHTML);
    const busy = await page.locator('.spinner-border, .placeholder-glow').count();
    if (html === last && busy === 0) break;
    last = html;
  }
  writeFileSync(path.join(outDir, `${name}.html`), `${normalise(last).replace(/></g, '>\n<')}\n`);
  written++;
}

const failures: string[] = [];
/** One screen state; a step that fails is reported and the run goes on with the next one. */
async function state(page: Page, name: string, steps: () => Promise<void>) {
  try {
    await steps();
    await snap(page, name);
  } catch (err) {
    failures.push(`${name}: ${(err as Error).message.split('\n')[0]}`);
  }
}

async function openPage(browser: Browser, base: string, width: number, token: string | null): Promise<Page> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width, height: 800 },
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(5000);
  await page.clock.setFixedTime(CLOCK);
  await page.goto('/login');
  await page.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.clear()), token);
  return page;
}

const go = async (page: Page, url: string) => {
  await page.goto(url);
  await page.locator('main, h1').first().waitFor();
};
const click = (page: Page, name: string | RegExp) =>
  page
    .getByRole('button', { name, exact: typeof name === 'string' })
    .first()
    .click();
/** Answers 500 to the requests to `pathname` with `method` until unrouteAll (the server error state of a screen). */
const failing = (page: Page, pathname: string, method = 'GET') =>
  page.route(
    (url) => url.pathname === pathname,
    (route) =>
      route.request().method() === method
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Fallo interno"}' })
        : route.fallback(),
  );

async function signedOut(browser: Browser, base: string) {
  const page = await openPage(browser, base, 360, null);
  await state(page, 'out-login', () => go(page, '/login'));
  await state(page, 'out-login-invalid', async () => {
    await click(page, 'Iniciar Sesión');
  });
  await state(page, 'out-login-wrong', async () => {
    await go(page, '/login');
    await page.getByLabel(/ID de trabajador/i).fill(WORKER.worker_id);
    await page.getByLabel(/Contraseña/i).fill('incorrecta');
    await click(page, 'Iniciar Sesión');
    await page.getByRole('alert').first().waitFor();
  });
  await state(page, 'out-register', () => go(page, '/register'));
  await state(page, 'out-register-invalid', () => click(page, 'Registrarse'));
  await state(page, 'out-admin-login', () => go(page, '/admin/login'));
  await state(page, 'out-admin-login-invalid', () => click(page, /Iniciar Sesión|Entrar/));
  await page.context().close();
}

async function adminEmpty(browser: Browser, base: string, admin: string) {
  const page = await openPage(browser, base, 1280, admin);
  for (const [name, url] of [
    ['stats', '/admin'],
    ['users', '/admin/users'],
    ['circulares', '/admin/circulares'],
    ['paradas', '/admin/paradas-kaiser'],
    ['posts', '/admin/posts'],
    ['comments', '/admin/comments'],
    ['arcos', '/admin/arcos-sumergidos'],
    ['naves', '/admin/naves'],
    ['planta', '/admin/planta'],
    ['motivos', '/admin/motivos'],
    ['historial', '/admin/historial'],
  ])
    await state(page, `admin-empty-${name}`, () => go(page, url));
  await page.context().close();
}

async function worker(browser: Browser, base: string, s: Seeded) {
  const page = await openPage(browser, base, 360, s.worker);
  await state(page, 'worker-wall', () => go(page, '/dashboard'));
  await state(page, 'worker-wall-comments', () => click(page, /Comentarios/));
  await state(page, 'worker-wall-post-invalid', async () => {
    await go(page, '/dashboard');
    await click(page, 'Publicar');
  });
  await state(page, 'worker-wall-station', () => go(page, '/dashboard/wall/Arco%201'));
  await state(page, 'worker-wall-error', async () => {
    await failing(page, '/api/wall/posts');
    await go(page, '/dashboard');
    await page.getByRole('alert').first().waitFor({ timeout: 20_000 });
  });
  await page.unrouteAll();
  await state(page, 'worker-add-circular', () => go(page, '/dashboard/add-circular'));
  await state(page, 'worker-add-circular-invalid', () => click(page, /Añadir Circular|Guardar/));
  await state(page, 'worker-consultar', () => go(page, '/dashboard/consultar-datos'));
  await state(page, 'worker-consultar-error', async () => {
    await failing(page, '/api/tramos');
    await go(page, '/dashboard/consultar-datos');
    await page.getByRole('alert').first().waitFor({ timeout: 20_000 });
  });
  await page.unrouteAll();
  await state(page, 'worker-tramo', () => go(page, `/dashboard/tramo/${s.tramoId}`));
  await state(page, 'worker-consultar-edit', async () => {
    await go(page, '/dashboard/consultar-datos');
    await click(page, /Editar/);
    await page.getByRole('dialog').waitFor();
  });
  await state(page, 'worker-consultar-search-empty', async () => {
    await go(page, '/dashboard/consultar-datos');
    await page.getByLabel('ID Tramo').fill('NO-EXISTE');
    await click(page, 'Buscar');
    await page.getByRole('status').first().waitFor();
  });
  await state(page, 'worker-profile', () => go(page, '/dashboard/profile'));
  await state(page, 'worker-profile-edit', async () => {
    await page.locator('#user-menu').click();
    await page.getByText('Editar Perfil').click();
    await page.getByRole('dialog').waitFor();
  });
  await state(page, 'worker-profile-edit-invalid', async () => {
    await page.getByRole('dialog').getByRole('textbox').first().fill('');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Guardar/ })
      .click();
  });
  await state(page, 'worker-profile-password', async () => {
    await go(page, '/dashboard/profile');
    await page.locator('#user-menu').click();
    await page.getByText('Cambiar Contraseña').click();
    await page.getByRole('dialog').waitFor();
  });
  await state(page, 'worker-profile-password-invalid', async () => {
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Guardar|Cambiar/ })
      .last()
      .click();
  });
  await state(page, 'worker-profile-password-wrong', async () => {
    const dialog = page.getByRole('dialog');
    const fields = dialog.locator('input[type=password]');
    const n = await fields.count();
    await fields.nth(0).fill('incorrecta1');
    for (let i = 1; i < n; i++) await fields.nth(i).fill('nuevasecreta1');
    await dialog
      .getByRole('button', { name: /Guardar|Cambiar/ })
      .last()
      .click();
    await dialog.getByRole('alert').first().waitFor();
  });
  await state(page, 'worker-paradas', () => go(page, '/dashboard/paradas-kaiser'));
  await state(page, 'worker-paradas-running', async () => {
    await go(page, '/dashboard/paradas-kaiser');
    await page.locator('#stop-action').click();
    await page.getByRole('button', { name: 'Finalizar Parada' }).first().waitFor();
  });
  await state(page, 'worker-paradas-ended', async () => {
    await page.locator('#stop-action').click();
    await page.getByRole('button', { name: 'Iniciar Parada' }).first().waitFor();
  });
  await state(page, 'worker-manual-parada', () => go(page, '/dashboard/add-manual-parada'));
  await state(page, 'worker-manual-parada-invalid', () => click(page, /Guardar parada/));
  await state(page, 'worker-menu', async () => {
    await go(page, '/dashboard');
    await page.locator('#user-menu').click();
  });
  await page.context().close();
}

async function adminFull(browser: Browser, base: string, admin: string) {
  const page = await openPage(browser, base, 1280, admin);
  for (const [name, url] of [
    ['stats', '/admin'],
    ['users', '/admin/users'],
    ['circulares', '/admin/circulares'],
    ['paradas', '/admin/paradas-kaiser'],
    ['posts', '/admin/posts'],
    ['comments', '/admin/comments'],
    ['arcos', '/admin/arcos-sumergidos'],
    ['naves', '/admin/naves'],
    ['planta', '/admin/planta'],
    ['motivos', '/admin/motivos'],
    ['historial', '/admin/historial'],
  ])
    await state(page, `admin-${name}`, () => go(page, url));
  const dialogStates: [string, string, string | RegExp][] = [
    ['arcos-add', '/admin/arcos-sumergidos', /Añadir Arco/],
    ['naves-add', '/admin/naves', /Añadir Nave/],
    ['motivos-add', '/admin/motivos', /Añadir/],
  ];
  for (const [name, url] of dialogStates) {
    await go(page, url);
    await state(page, `admin-${name}-invalid`, async () => {
      const scope = (await page.getByRole('dialog').count()) ? page.getByRole('dialog') : page.locator('main');
      await scope
        .getByRole('button', { name: /Añadir|Guardar/ })
        .last()
        .click();
    });
    await state(page, `admin-${name}-error`, async () => {
      const scope = (await page.getByRole('dialog').count()) ? page.getByRole('dialog') : page.locator('main');
      await page.route('**/api/admin/**', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Fallo interno"}' })
          : route.fallback(),
      );
      await scope.getByRole('textbox').first().fill('Nombre que falla');
      await scope
        .getByRole('button', { name: /Añadir|Guardar/ })
        .last()
        .click();
      await page.getByRole('alert').first().waitFor();
    });
    await page.unrouteAll();
  }
  for (const [name, url] of [
    ['arcos', '/admin/arcos-sumergidos'],
    ['naves', '/admin/naves'],
    ['paradas', '/admin/paradas-kaiser'],
    ['circulares', '/admin/circulares'],
    ['posts', '/admin/posts'],
    ['comments', '/admin/comments'],
  ]) {
    await state(page, `admin-${name}-edit`, async () => {
      await go(page, url);
      await page
        .getByRole('button', { name: /^Editar/ })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
    });
    await state(page, `admin-${name}-edit-error`, async () => {
      const dialog = page.getByRole('dialog');
      await page.route('**/api/**', (route) =>
        ['PUT', 'PATCH', 'POST'].includes(route.request().method())
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Fallo interno"}' })
          : route.fallback(),
      );
      await dialog
        .getByRole('button', { name: /Guardar/ })
        .last()
        .click();
      await dialog.getByRole('alert').first().waitFor();
      await page.keyboard.press('Escape');
      await page.unrouteAll();
    });
    await page.unrouteAll();
  }
  for (const [name, url, api] of [
    ['circulares', '/admin/circulares', '/api/tramos/page'],
    ['naves', '/admin/naves', '/api/admin/naves'],
    ['stats', '/admin', '/api/dashboard/stats'],
  ]) {
    await state(page, `admin-${name}-error`, async () => {
      await failing(page, api);
      await go(page, url);
      await page.getByRole('alert').first().waitFor({ timeout: 20_000 });
    });
    await page.unrouteAll();
  }
  await page.context().close();
}

async function main() {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const server = await startPortal('screens', {
    ADMIN_WORKER_ID: ADMIN.worker_id,
    ADMIN_PASSWORD: ADMIN.password,
    FACTORY_TZ: 'Europe/Madrid',
  });
  const base = server.baseURL;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const call = caller(base);
    const docs = await fetch(`${base}/api/docs/json`).then((r) => r.text());
    writeFileSync(path.join(outDir, 'openapi.json'), `${JSON.stringify(JSON.parse(docs), null, 1)}\n`);
    await signedOut(browser, base);
    const { accessToken: admin } = await call<{ accessToken: string }>('/api/admin/login', { method: 'POST', json: ADMIN });
    await adminEmpty(browser, base, admin);
    const seeded = await seed(call);
    await worker(browser, base, seeded);
    await adminFull(browser, base, seeded.admin);
  } finally {
    await browser.close();
    server.stop();
  }
  console.log(`${written} screen states written to ${outDir}`);
  if (failures.length) console.log(`States not reached (${failures.length}):\n${failures.join('\n')}`);
}

await main();
