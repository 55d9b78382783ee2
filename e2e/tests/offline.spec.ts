import type { BrowserContext, Page } from '@playwright/test';
import { factoryTime } from '@portal/contract/time';
import { expectNoViolations } from '../a11y';
import { expect, type Seed, signIn, silenceOnlineEvents, test, type Worker } from '../fixtures';

// Each test seeds its own arcos, workers and data: the file's tests are shared between the workers
// instead of running one after another in one of them (docs/decisions/098-suite-headroom.md).
test.describe.configure({ mode: 'parallel' });

// Offline behaviour (docs/decisions/016-offline-writes.md), with the browser's own network switch
// (context.setOffline) against the built app and the real server. No page hears the 'online' event:
// coming back is learnt from the requests (decision 023), as it must be on any browser build.

test.beforeEach(({ context }) => silenceOnlineEvents(context));

const OFFLINE_HINT = 'Sin conexión: se enviará al reconectar';

interface StoredParada {
  id: number;
  description: string | null;
  start_time: string;
  end_time: string | null;
}

async function paradasOf(page: Page, worker: Worker | string): Promise<StoredParada[]> {
  const token = typeof worker === 'string' ? worker : worker.token;
  const res = await page.request.get('/api/paradas-kaiser', { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()) as StoredParada[];
}

/** The page is controlled by the service worker, so its chunks come from the precache. */
async function serviceWorkerReady(page: Page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active !== null && navigator.serviceWorker.controller !== null;
  });
}

/** A new worker at a new station, signed in on `path`. */
async function openAs(page: Page, seed: Seed, path: string): Promise<Worker> {
  const worker = await seed.worker(await seed.station());
  await signIn(page, worker.token, path);
  return worker;
}

/** Activates a button from the keyboard (the last card's buttons can sit under the fixed bottom bar). */
async function press(page: Page, name: string) {
  const button = page.getByRole('button', { name });
  await button.focus();
  await button.press('Enter');
}

/** The stops screen, controlled by the service worker, then offline with the network switch. */
async function stopsOffline(page: Page, context: BrowserContext, worker: Worker) {
  await signIn(page, worker.token, '/dashboard/paradas-kaiser');
  await serviceWorkerReady(page);
  await expect(page.getByRole('button', { name: 'Iniciar Parada' })).toBeEnabled();
  await context.setOffline(true);
}

/** Moves within the app by its bottom bar, as a worker does (no page load). */
const go = (page: Page, link: string) =>
  page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: link, exact: true }).click();

async function startOnline(page: Page, context: BrowserContext, worker: Worker) {
  await signIn(page, worker.token, '/dashboard/paradas-kaiser');
  await serviceWorkerReady(page);
  await press(page, 'Iniciar Parada');
  await expect(page.getByText('Parada iniciada!')).toBeVisible();
  await context.setOffline(true);
}

test('installable: manifest, icons and service worker; after one visit every worker screen opens offline, also on reload', async ({
  page,
  context,
  seed,
}) => {
  await openAs(page, seed, '/dashboard');
  await serviceWorkerReady(page);

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({ name: 'Portal de Fábrica', short_name: 'Fábrica', start_url: '/dashboard', display: 'standalone' });
  expect(manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`)).toEqual([
    '192x192',
    '512x512',
    '512x512 maskable',
  ]);
  for (const href of [...manifest.icons.map((i: { src: string }) => i.src), '/apple-touch-icon.png', '/favicon.svg']) {
    expect((await page.request.get(href)).headers()['content-type'], href).toMatch(/^image\//);
  }
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');

  await context.setOffline(true);
  await expect(page.getByTestId('offline-badge')).toHaveText('Sin conexión');
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  // Screens never visited open from the precache.
  await nav.getByRole('link', { name: 'Consultar' }).click();
  await expect(page.getByRole('heading', { name: 'Consultar Datos' })).toBeVisible();
  await nav.getByRole('link', { name: 'Añadir' }).click();
  await expect(page.getByRole('heading', { name: 'Añadir Circular' })).toBeVisible();
  await nav.getByRole('link', { name: 'Paradas' }).click();
  await expect(page.getByRole('heading', { name: 'Paradas Kaiser' })).toBeVisible();
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { name: 'Perfil de Usuario' })).toBeVisible();

  // A reload offline shows the app, not the browser's error page.
  await page.reload();
  await expect(nav).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Perfil de Usuario' })).toBeVisible();
  await expect(page.getByTestId('offline-badge')).toHaveText('Sin conexión');
  await context.setOffline(false);
  await expect(page.getByTestId('offline-badge')).toBeHidden();
});

test('a stop ended offline keeps the tapped end, not the reconnect time, and the clock stands still meanwhile', async ({
  page,
  context,
  seed,
}) => {
  const worker = await seed.worker(await seed.station());
  await startOnline(page, context, worker);

  // The description typed during the stop survives a reload (offline, from the service worker).
  await page.getByLabel('Descripción').fill('Cambio de hilo sin red');
  await page.reload();
  await expect(page.getByLabel('Descripción')).toHaveValue('Cambio de hilo sin red');
  await expect(page.getByRole('button', { name: 'Finalizar Parada' })).toBeVisible();
  await press(page, 'Finalizar Parada');
  const tapped = Date.now();
  await expect(page.getByTestId('parada-waiting')).toHaveText(OFFLINE_HINT);
  await expect(page.getByTestId('offline-badge')).toContainText('1 acción pendiente de enviar');
  const frozen = await page.getByTestId('stop-clock').textContent();

  // Some seconds without network: the clock shows seconds, and the reconnect comes well past the
  // 2 s the stored end may differ from the tap.
  await page.waitForTimeout(5_000);
  await expect(page.getByTestId('stop-clock')).toHaveText(frozen!);
  expect((await paradasOf(page, worker))[0].end_time).toBeNull();

  await context.setOffline(false);
  await expect(page.getByText('Se ha enviado la acción guardada sin conexión.')).toBeVisible();
  const [stored] = await paradasOf(page, worker);
  expect(Math.abs(Date.parse(stored.end_time!) - tapped)).toBeLessThan(2000);
  expect(stored).toMatchObject({ description: 'Cambio de hilo sin red' });
  await expect(page.getByRole('button', { name: 'Iniciar Parada' })).toBeVisible();
});

test('a stop ended offline with the page closed is sent when the app opens again online, with the tapped end', async ({
  page,
  context,
  seed,
}) => {
  const worker = await seed.worker(await seed.station());
  await startOnline(page, context, worker);
  await press(page, 'Finalizar Parada');
  const tapped = Date.now();
  await expect(page.getByTestId('parada-waiting')).toHaveText(OFFLINE_HINT);
  await page.close();

  await new Promise((resolve) => setTimeout(resolve, 5000));
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto('/dashboard/paradas-kaiser');
  await expect(again.getByRole('button', { name: 'Iniciar Parada' })).toBeVisible();
  await expect.poll(async () => (await paradasOf(again, worker))[0].end_time).not.toBeNull();
  const [stored] = await paradasOf(again, worker);
  expect(Math.abs(Date.parse(stored.end_time!) - tapped)).toBeLessThan(2000);
});

test('a stop started and ended offline becomes one stop with both tapped times', async ({ page, context, seed }) => {
  const worker = await seed.worker(await seed.station());
  await stopsOffline(page, context, worker);

  await press(page, 'Iniciar Parada');
  const started = Date.now();
  await expect(page.getByRole('button', { name: 'Finalizar Parada' })).toBeVisible();
  await expect.poll(async () => (await page.getByTestId('stop-clock').textContent()) !== '00:00').toBe(true);
  await press(page, 'Finalizar Parada');
  const ended = Date.now();
  await expect(page.getByTestId('offline-badge')).toContainText('2 acciones pendientes de enviar');

  await new Promise((resolve) => setTimeout(resolve, 4000));
  await context.setOffline(false);
  await expect(page.getByText('Se han enviado 2 acciones guardadas sin conexión.')).toBeVisible();
  const stored = await paradasOf(page, worker);
  expect(stored).toHaveLength(1);
  expect(Math.abs(Date.parse(stored[0].start_time) - started)).toBeLessThan(2000);
  expect(Math.abs(Date.parse(stored[0].end_time!) - ended)).toBeLessThan(2000);
});

test('a wall post written offline appears once after reconnecting', async ({ page, context, seed }) => {
  const worker = await seed.worker(await seed.station());
  await signIn(page, worker.token, '/dashboard');
  await serviceWorkerReady(page);
  await context.setOffline(true);

  const text = `Sin red en la nave ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Nueva publicación' }).fill(text);
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText(OFFLINE_HINT)).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('Se ha enviado la acción guardada sin conexión.')).toBeVisible();
  await expect(page.getByTestId('pending-post')).toHaveCount(0);
  await expect(page.getByText(text)).toHaveCount(1);
  const posts = await page.request.get('/api/wall/posts', { headers: { Authorization: `Bearer ${worker.token}` } });
  expect(((await posts.json()) as { content: string }[]).filter((p) => p.content === text)).toHaveLength(1);
});

test('after a reload offline the wall and the stops screen show what they last had, marked as not current, and a queued post as pending', async ({
  page,
  context,
  seed,
}) => {
  const worker = await seed.worker(await seed.station());
  const headers = { Authorization: `Bearer ${worker.token}` };
  const earlier = `Publicado con red ${Date.now()}`;
  expect((await page.request.post('/api/wall/posts', { headers, multipart: { content: earlier } })).status()).toBe(201);
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  const manual = await page.request.post('/api/paradas-kaiser/manual', {
    headers,
    data: { start_time: minutesAgo(30), end_time: minutesAgo(20), description: 'Parada de antes', arco_sumergido_id: worker.station.id },
  });
  expect(manual.status(), await manual.text()).toBe(201);
  const motivo = ((await (await page.request.get('/api/motivos', { headers })).json()) as { name: string; active: boolean }[]).find(
    (m) => m.active,
  )!;

  // Online: the wall and the stops screen, as a worker opens them at the start of a shift.
  await signIn(page, worker.token, '/dashboard');
  await serviceWorkerReady(page);
  await expect(page.getByText(earlier)).toBeVisible();
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Paradas' }).click();
  await expect(page.getByTestId('parada-card')).toContainText('Parada de antes');
  await expect(page.locator('#parada-motivo option', { hasText: motivo.name })).toHaveCount(1);
  // The cache is written at most once a second.
  await page.waitForTimeout(1_500);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Paradas Kaiser' })).toBeVisible();
  await expect(page.getByTestId('parada-card')).toContainText('Parada de antes');
  await expect(page.locator('#parada-motivo option', { hasText: motivo.name })).toHaveCount(1);
  await expect(page.getByTestId('saved-data-note')).toHaveText(/^Sin conexión: datos guardados a las \d{2}:\d{2}$/);
  await expect(page.getByText('Ocurrió un error al cargar las paradas.')).toHaveCount(0);
  await expectNoViolations(page, 'paradas-kaiser offline');

  await page.goto('/dashboard');
  await expect(page.getByText(earlier)).toBeVisible();
  await expect(page.getByTestId('saved-data-note')).toHaveText(/^Sin conexión: datos guardados a las \d{2}:\d{2}$/);
  await expect(page.getByText('Ocurrió un error de red.')).toHaveCount(0);

  const text = `Escrito sin red ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Nueva publicación' }).fill(text);
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText(OFFLINE_HINT)).toHaveCount(1);
  const pending = page.getByTestId('pending-post');
  await expect(pending).toContainText(text);
  await expect(pending).toContainText('Pendiente de enviar');
  await expectNoViolations(page, 'wall offline');

  // Back online: the post is sent once, the pending mark goes and the note with it.
  await context.setOffline(false);
  await expect(page.getByText('Se ha enviado la acción guardada sin conexión.')).toBeVisible();
  await expect(pending).toHaveCount(0);
  await expect(page.getByTestId('post').filter({ hasText: text })).toHaveCount(1);
  await expect(page.getByTestId('saved-data-note')).toHaveCount(0);
});

test('after several page loads online, a reload offline still shows the last wall page and the stops history', async ({
  page,
  context,
  seed,
}) => {
  const worker = await seed.worker(await seed.station());
  const headers = { Authorization: `Bearer ${worker.token}` };
  const earlier = `Publicado antes de las cargas ${Date.now()}`;
  expect((await page.request.post('/api/wall/posts', { headers, multipart: { content: earlier } })).status()).toBe(201);
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  const manual = await page.request.post('/api/paradas-kaiser/manual', {
    headers,
    data: {
      start_time: minutesAgo(30),
      end_time: minutesAgo(20),
      description: 'Parada entre cargas',
      arco_sumergido_id: worker.station.id,
    },
  });
  expect(manual.status(), await manual.text()).toBe(201);

  // Full page loads one after another, each left as soon as its list shows, as a worker hopping
  // between bookmarks does: no page waits for the cache to be written.
  await signIn(page, worker.token, '/dashboard');
  await serviceWorkerReady(page);
  await expect(page.getByText(earlier)).toBeVisible();
  await page.goto('/dashboard/paradas-kaiser');
  await expect(page.getByTestId('parada-card')).toContainText('Parada entre cargas');
  await page.goto('/dashboard');
  await expect(page.getByText(earlier)).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(earlier)).toBeVisible();
  await expect(page.getByTestId('saved-data-note')).toHaveText(/^Sin conexión: datos guardados a las \d{2}:\d{2}$/);
  await page.goto('/dashboard/paradas-kaiser');
  await expect(page.getByTestId('parada-card')).toContainText('Parada entre cargas');
  await expect(page.getByTestId('saved-data-note')).toHaveText(/^Sin conexión: datos guardados a las \d{2}:\d{2}$/);
});

test('a stop started offline says so once on its card', async ({ page, context, seed }) => {
  const worker = await seed.worker(await seed.station());
  await stopsOffline(page, context, worker);
  await press(page, 'Iniciar Parada');
  await expect(page.getByTestId('parada-waiting')).toHaveText(OFFLINE_HINT);
  // Focus reaches 'Finalizar Parada' once the start has been answered (queued): the card is then
  // complete, and the hint is counted at that moment, not retried until a banner hides itself.
  await expect(page.getByRole('button', { name: 'Finalizar Parada' })).toBeFocused();
  expect(await page.getByText(OFFLINE_HINT).count()).toBe(1);
  await context.setOffline(false);
  await expect(page.getByText('Se ha enviado la acción guardada sin conexión.')).toBeVisible();
});

// The queue at its edges: a session refused meanwhile, a phone shared by two workers, a write too old.

test('a session refused while a write waits keeps it, sends the worker to sign in, and sends it after', async ({ page, context, seed }) => {
  const worker = await seed.worker(await seed.station());
  await stopsOffline(page, context, worker);
  await press(page, 'Iniciar Parada');
  const tapped = Date.now();
  await expect(page.getByTestId('offline-badge')).toContainText('1 acción pendiente de enviar');

  // Meanwhile an admin resets the worker's password: the phone's session is refused from then on.
  const password = 'otra-clave-9';
  const reset = await page.request.put(`/api/admin/users/${worker.id}/password`, {
    headers: { Authorization: `Bearer ${await seed.adminToken()}` },
    data: { password },
  });
  expect(reset.status(), await reset.text()).toBe(200);

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('ID de Trabajador').fill(worker.worker_id);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByLabel('Seleccionar Nave').selectOption(worker.station.nave);
  await page.getByLabel('Seleccionar Arco Sumergido').selectOption(String(worker.station.id));
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByText('Se ha enviado la acción guardada sin conexión.')).toBeVisible();
  const fresh = await seed.login(worker.worker_id, password, worker.station);
  const [stored] = await paradasOf(page, fresh);
  expect(Math.abs(Date.parse(stored.start_time) - tapped)).toBeLessThan(2000);
});

test('on a shared phone the first worker’s write waits for them, shown as theirs, never sent with the second’s session', async ({
  page,
  context,
  seed,
}) => {
  const station = await seed.station();
  const ana = await seed.worker(station, 'Ana Turno Mañana');
  const beto = await seed.worker(station, 'Beto Turno Tarde');
  await signIn(page, ana.token, '/dashboard');
  await serviceWorkerReady(page);
  await context.setOffline(true);
  const text = `De Ana sin red ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Nueva publicación' }).fill(text);
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText(OFFLINE_HINT)).toBeVisible();

  // Ana leaves without network; Beto signs in on the same phone.
  await page.evaluate((t) => localStorage.setItem('token', t), beto.token);
  await page.goto('/dashboard');
  await expect(page.getByTestId('others-pending')).toHaveText(
    '1 acción de Ana Turno Mañana pendiente de enviar: se enviará cuando vuelva a iniciar sesión.',
  );
  await context.setOffline(false);
  await expect(page.getByTestId('offline-badge')).toBeHidden();
  const mine = `De Beto ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Nueva publicación' }).fill(mine);
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText(mine)).toHaveCount(1);
  // Beto's own post reaches the server with his session before Ana comes back: on a busy machine the
  // first try may time out and wait in the queue, which sends it while he is still signed in.
  const betoWall = async () => {
    const wall = await page.request.get('/api/wall/posts', { headers: { Authorization: `Bearer ${beto.token}` } });
    return ((await wall.json()) as { content: string }[]).map((p) => p.content);
  };
  await expect.poll(betoWall, { timeout: 20_000 }).toContain(mine);
  expect(await betoWall()).not.toContain(text);
  await expect(page.getByTestId('others-pending')).toBeVisible();

  // Ana signs in again on the phone: her write goes, with her session.
  await page.evaluate((t) => localStorage.setItem('token', t), ana.token);
  await page.goto('/dashboard');
  await expect(page.getByText('Se ha enviado la acción guardada sin conexión.')).toBeVisible();
  await expect(page.getByTestId('others-pending')).toHaveCount(0);
  const res = await page.request.get('/api/wall/posts', { headers: { Authorization: `Bearer ${ana.token}` } });
  const posts = (await res.json()) as { content: string; user_id: number }[];
  expect(posts.filter((p) => p.content === text).map((p) => p.user_id)).toEqual([ana.id]);
});

test('a stop the server refuses as too old is offered as a manual parada, filled in with its times', async ({ page, seed }) => {
  const worker = await seed.worker(await seed.station());
  await signIn(page, worker.token, '/dashboard/paradas-kaiser');
  await expect(page.getByRole('button', { name: 'Iniciar Parada' })).toBeEnabled();
  // A phone offline since yesterday: a start and its end tapped 13 h ago wait in its queue (what
  // lib/offline-queue.ts stores in IndexedDB), beyond CLIENT_TIME_MAX_AGE_HOURS (12, decision 016).
  const startAt = Date.now() - 13 * 3_600_000;
  const endAt = startAt + 25 * 60_000;
  await page.evaluate(
    ({ userId, startAt, endAt }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('portal-offline');
        open.onupgradeneeded = () => open.result.createObjectStore('queue');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('queue', 'readwrite');
          const store = tx.objectStore('queue');
          const base = { userId, userName: 'Operario Prueba', state: 'pending' };
          store.put(
            {
              ...base,
              key: 'e2e-start-1',
              seq: 1,
              kind: 'parada-start',
              method: 'POST',
              path: '/api/paradas-kaiser/start',
              json: { client_time: new Date(startAt).toISOString() },
              tappedAt: startAt,
            },
            'e2e-start-1',
          );
          store.put(
            {
              ...base,
              key: 'e2e-end-1',
              seq: 2,
              kind: 'parada-end',
              method: 'PUT',
              path: '/api/paradas-kaiser/end/:ref',
              after: { key: 'e2e-start-1', field: 'stopId' },
              json: { description: 'Rotura del rodillo', client_time: new Date(endAt).toISOString() },
              tappedAt: endAt,
            },
            'e2e-end-1',
          );
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    { userId: worker.id, startAt, endAt },
  );
  await page.reload();

  const alert = page.getByRole('alert').filter({ hasText: 'No se pudo enviar una acción guardada sin conexión: Iniciar parada.' });
  await expect(alert).toContainText('La hora indicada es demasiado antigua: solo se aceptan acciones de las últimas 12 horas.');
  // The end waited for that start: one offer covers both.
  await expect(page.getByRole('alert').filter({ hasText: 'Finalizar parada' })).toHaveCount(0);
  await alert.getByRole('link', { name: 'Registrar como parada manual' }).click();
  await expect(page.getByRole('heading', { name: 'Registro manual de parada' })).toBeVisible();
  await expect(page.getByLabel('Hora de inicio')).toHaveValue(factoryTime(new Date(startAt), 'Europe/Madrid'));
  await expect(page.getByLabel('Hora de fin')).toHaveValue(factoryTime(new Date(endAt), 'Europe/Madrid'));
  await expect(page.getByLabel('Descripción')).toHaveValue('Rotura del rodillo');
  await press(page, 'Guardar parada');
  await expect(page.getByText('Parada manual registrada con éxito!')).toBeVisible();
  const [stored] = await paradasOf(page, worker.token);
  expect(stored).toMatchObject({ description: 'Rotura del rodillo' });
  expect(Math.abs(Date.parse(stored.start_time) - startAt)).toBeLessThan(60_000);
  expect(Math.abs(Date.parse(stored.end_time!) - endAt)).toBeLessThan(60_000);
  await page.goto('/dashboard/paradas-kaiser');
  await expect(page.getByRole('alert').filter({ hasText: 'demasiado antigua' })).toHaveCount(0);
});

test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('the network stays up but the server does not answer: the badge shows, the write waits and goes within 5 s of an answer', async ({
    page,
    seed,
  }) => {
    const worker = await seed.worker(await seed.station());
    await signIn(page, worker.token, '/dashboard/paradas-kaiser');
    await expect(page.getByRole('button', { name: 'Iniciar Parada' })).toBeEnabled();

    // First every connection is refused (the server down), then it answers 503 (restarting, or its
    // database away); the browser's network switch is never touched and no 'online' event ever comes.
    let refuse = true;
    await page.route('/api/**', (route) =>
      refuse
        ? route.abort('connectionrefused')
        : route.fulfill({
            status: 503,
            headers: { 'Retry-After': '5' },
            contentType: 'application/json',
            body: JSON.stringify({ message: 'El servicio no está disponible en este momento.' }),
          }),
    );
    await press(page, 'Iniciar Parada');
    const tapped = Date.now();
    const badge = page.getByTestId('offline-badge');
    await expect(badge).toHaveText('Sin conexión · 1 acción pendiente de enviar');
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    refuse = false;
    // The probes meet the 503s: still no connection, the write still waits.
    await page.waitForResponse((r) => new URL(r.url()).pathname === '/api/health' && r.status() === 503);
    await expect(badge).toHaveText('Sin conexión · 1 acción pendiente de enviar');

    await page.unroute('/api/**');
    const answered = Date.now();
    // The bound is the probes' cadence (lib/online.ts), far below the queue's half-minute timer.
    await expect(page.getByText('Se ha enviado la acción guardada sin conexión.')).toBeVisible({ timeout: 5_000 });
    console.log(`server-unreachable: queue sent ${Date.now() - answered} ms after the server answered again`);
    await expect(badge).toBeHidden();
    const [stored] = await paradasOf(page, worker);
    expect(Math.abs(Date.parse(stored.start_time) - tapped)).toBeLessThan(2000);
    expect(stored.end_time).toBeNull();
  });

  test('a screen that fails to load offline shows Reintentar inside the shell and loads by itself once online', async ({
    page,
    context,
    seed,
  }) => {
    await openAs(page, seed, '/dashboard');
    await expect(page.getByRole('button', { name: 'Publicar' })).toBeVisible();
    await context.setOffline(true);

    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await nav.getByRole('link', { name: 'Consultar' }).click();
    await expect(page.getByText('No se pudo cargar esta sección. Comprueba la conexión.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
    await expect(nav).toBeVisible();

    // Still offline: trying again shows the message again.
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByText('No se pudo cargar esta sección. Comprueba la conexión.')).toBeVisible();
    // Back online, the screen loads by itself (the next probe answers), with no tap and no reload.
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Consultar Datos' })).toBeVisible();
  });

  test('a write that is not queued fails at once offline with its network text', async ({ page, context, seed }) => {
    const worker = await seed.worker(await seed.station());
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    const created = await page.request.post('/api/paradas-kaiser/manual', {
      headers: { Authorization: `Bearer ${worker.token}` },
      data: { start_time: minutesAgo(20), end_time: minutesAgo(10), description: 'Para borrar', arco_sumergido_id: worker.station.id },
    });
    expect(created.status()).toBe(201);
    await signIn(page, worker.token, '/dashboard/paradas-kaiser');
    const card = page.getByTestId('parada-card');
    await expect(card).toContainText('Para borrar');
    await context.setOffline(true);

    const remove = card.getByRole('button', { name: 'Eliminar' });
    await remove.focus();
    await remove.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Confirmar Eliminación' });
    const button = confirm.getByRole('button', { name: 'Eliminar' });
    await button.focus();
    await button.press('Enter');
    await expect(page.getByText('Ocurrió un error al eliminar la parada.')).toBeVisible();
    await context.setOffline(false);
  });
});

test('writes queued offline show in their lists as pending after a reload, and each stands once in its place when sent', async ({
  page,
  context,
  seed,
}) => {
  test.setTimeout(120_000);
  const worker = await seed.worker(await seed.station(), 'Nora Pendiente');
  const headers = { Authorization: `Bearer ${worker.token}` };
  const stamp = Date.now();
  const earlier = `Con red ${stamp}`;
  expect((await page.request.post('/api/wall/posts', { headers, multipart: { content: earlier } })).status()).toBe(201);

  // Online, once: the wall with the post's comments open, the stops screen and the circulares.
  await signIn(page, worker.token, '/dashboard');
  await serviceWorkerReady(page);
  const earlierCard = page.getByTestId('post').filter({ hasText: earlier });
  await earlierCard.getByRole('button', { name: 'Comentarios (0)' }).click();
  await expect(earlierCard.getByText('No hay comentarios todavía.')).toBeVisible();
  await go(page, 'Consultar');
  await expect(page.getByRole('heading', { name: 'Últimas circulares' })).toBeVisible();
  await go(page, 'Añadir');
  await expect(page.getByLabel('Arco Sumergido')).toHaveValue(String(worker.station.id));
  await go(page, 'Paradas');
  await expect(page.getByRole('button', { name: 'Iniciar Parada' })).toBeEnabled();
  // The cache is written at most once a second.
  await page.waitForTimeout(1_500);

  // Offline: a parada started, a circular, a post and a comment, each queued.
  await context.setOffline(true);
  await press(page, 'Iniciar Parada');
  await expect(page.getByText(OFFLINE_HINT)).toBeVisible();
  const idTramo = `PEND-${stamp}`;
  await go(page, 'Añadir');
  await page.getByLabel('ID Tramo').fill(idTramo);
  await page.getByLabel('ID Proyecto').fill('PRY-PEND');
  await page.getByLabel('ID Circular').fill('CIR-PEND');
  await page.getByRole('button', { name: 'Añadir Circular' }).click();
  await expect(page.getByText(OFFLINE_HINT)).toBeVisible();
  await go(page, 'Home');
  const postText = `Sin red ${stamp}`;
  await page.getByRole('textbox', { name: 'Nueva publicación' }).fill(postText);
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByTestId('pending-post')).toContainText(postText);
  const commentText = `Comentario sin red ${stamp}`;
  await earlierCard.getByRole('button', { name: 'Comentarios (0)' }).click();
  await earlierCard.getByPlaceholder('Escribe un comentario...').fill(commentText);
  await earlierCard.getByRole('button', { name: 'Comentar', exact: true }).click();
  await expect(earlierCard.getByTestId('pending-comment')).toContainText(commentText);

  // A reload without network: every list shows its queued write, marked as pending.
  await page.reload();
  await expect(page.getByTestId('pending-post')).toContainText(postText);
  await expect(page.getByTestId('pending-post')).toContainText('Pendiente de enviar');
  await earlierCard.getByRole('button', { name: 'Comentarios (0)' }).click();
  const pendingComment = earlierCard.getByTestId('pending-comment');
  await expect(pendingComment).toContainText(commentText);
  await expect(pendingComment).toContainText('Pendiente de enviar');
  await expectNoViolations(page, 'wall offline with a queued post and comment');

  await go(page, 'Consultar');
  const pendingTramo = page.getByTestId('pending-tramo');
  await expect(pendingTramo).toContainText(idTramo);
  await expect(pendingTramo).toContainText('Pendiente de enviar');
  await expectNoViolations(page, 'circulares offline with a queued circular');

  await go(page, 'Paradas');
  const pendingParada = page.getByTestId('pending-parada');
  await expect(pendingParada).toHaveCount(1);
  await expect(pendingParada).toContainText('Pendiente de enviar');
  await expect(pendingParada).toContainText('Activa');
  await expectNoViolations(page, 'paradas-kaiser offline with a queued start');

  // Back online: everything is sent; each list shows the server's version once, without the mark.
  await context.setOffline(false);
  await expect(pendingParada).toHaveCount(0);
  await expect(page.getByTestId('parada-card').filter({ hasText: 'Activa' })).toHaveCount(1);
  await go(page, 'Consultar');
  await expect(page.getByTestId('pending-tramo')).toHaveCount(0);
  await expect(page.getByLabel(`Tramo ${idTramo}`, { exact: true })).toHaveCount(1);
  await go(page, 'Home');
  await expect(page.getByTestId('pending-post')).toHaveCount(0);
  await expect(page.getByTestId('post').filter({ hasText: postText })).toHaveCount(1);
  await earlierCard.getByRole('button', { name: 'Comentarios (1)' }).click();
  await expect(earlierCard.getByTestId('pending-comment')).toHaveCount(0);
  await expect(earlierCard.getByTestId('comment').filter({ hasText: commentText })).toHaveCount(1);
  const stops = await paradasOf(page, worker);
  expect(stops.filter((p) => p.end_time === null)).toHaveLength(1);
});
