import { createRequire } from 'node:module';
import path from 'node:path';
import { type APIRequestContext, type Browser, type BrowserContext, test as base, expect, type Page, request } from '@playwright/test';

/**
 * Fixtures that seed what a test needs straight through the API (epic-stack style): stations,
 * workers signed in at a station, the admin. Every name is unique so tests never collide.
 */
export const ADMIN = { worker_id: 'e2e-admin', password: 'e2e-admin-password' };

let seq = 0;
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${seq++}`;

export interface TestArco {
  id: number;
  name: string;
  nave: string;
}
export interface Worker {
  id: number;
  worker_id: string;
  name: string;
  password: string;
  token: string;
  station: TestArco;
}

async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what} failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

export class Seed {
  /** The admin's sign-in, made once per seed (per test): every admin login is an argon2 check on the server. */
  private admin: Promise<string> | undefined;

  constructor(private readonly api: APIRequestContext) {}

  adminToken(): Promise<string> {
    this.admin ??= this.signInAdmin();
    return this.admin;
  }

  private async signInAdmin(): Promise<string> {
    try {
      const body = await json<{ accessToken: string }>(await this.api.post('/api/admin/login', { data: ADMIN }), 'admin login');
      return body.accessToken;
    } catch (error) {
      // A failed sign-in is not kept: the next call tries again.
      this.admin = undefined;
      throw error;
    }
  }

  async station(nave = 'Nave 1', name = unique('Arco ')): Promise<TestArco> {
    const token = await this.adminToken();
    const res = await this.api.post('/api/admin/arcos-sumergidos', { data: { name, nave }, headers: { Authorization: `Bearer ${token}` } });
    const arco = await json<{ id: number; name: string; nave: string }>(res, 'create station');
    return { id: arco.id, name: arco.name, nave: arco.nave };
  }

  /** A nave of its own, so that a test's andon calls reach only the people it marks for it. */
  async nave(name = unique('Nave ')): Promise<string> {
    const token = await this.adminToken();
    const res = await this.api.post('/api/admin/naves', { data: { name }, headers: { Authorization: `Bearer ${token}` } });
    return (await json<{ name: string }>(res, 'create nave')).name;
  }

  /**
   * A shift of the nave's own from the factory's today, as the admin's 'Turnos' form saves it: `weekdays`
   * 1 (Monday) to 7, `end` before `start` when it runs into the next day.
   */
  async shift(nave: string, shift: { start: string; end: string; weekdays: number[] }, name = unique('Turno ')): Promise<void> {
    const token = await this.adminToken();
    const naves = await json<{ id: number; name: string }[]>(await this.api.get('/api/naves'), 'naves');
    const effective_from = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
    const res = await this.api.post('/api/admin/shifts', {
      data: { name, ...shift, nave_id: naves.find((n) => n.name === nave)?.id, effective_from },
      headers: { Authorization: `Bearer ${token}` },
    });
    await json(res, 'create shift');
  }

  /** Marks a user as Supervisor / Mantenimiento of naves (the andon), as the admin's 'Avisos andon' dialog does. */
  async andonRoles(userId: number, roles: { supervisor?: string[]; maintenance?: string[] }): Promise<void> {
    const token = await this.adminToken();
    const res = await this.api.put(`/api/admin/users/${userId}/andon-roles`, {
      data: { supervisor: roles.supervisor ?? [], maintenance: roles.maintenance ?? [] },
      headers: { Authorization: `Bearer ${token}` },
    });
    await json(res, 'andon roles');
  }

  async login(worker_id: string, password: string, station: TestArco): Promise<string> {
    const res = await this.api.post('/api/auth/login', {
      data: { worker_id, password, nave: station.nave, arco_sumergido_id: station.id },
    });
    return (await json<{ accessToken: string }>(res, 'login')).accessToken;
  }

  async worker(station: TestArco, name = 'Operario Prueba'): Promise<Worker> {
    const worker_id = unique('op');
    const password = 'secreto123';
    const reg = await this.api.post('/api/auth/register', { data: { worker_id, name, password, role: 'user' } });
    const { user } = await json<{ user: { id: number } }>(reg, 'register');
    const token = await this.login(worker_id, password, station);
    return { id: user.id, worker_id, name, password, token, station };
  }

  /** Starts a parada at the worker's arco, as the stops screen's 'Iniciar Parada' does; answers its id. */
  async startParada(worker: Worker, description: string): Promise<number> {
    const res = await this.api.post('/api/paradas-kaiser/start', {
      data: { description },
      headers: { Authorization: `Bearer ${worker.token}` },
    });
    if (res.status() !== 201) throw new Error(`start parada failed: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { stopId: number }).stopId;
  }
}

/**
 * Sets when a handover's shift ends, `inMs` from now, straight in the portal's database (SQLite in
 * DATA_DIR, as the browser tests run it): a test then reads the rule of
 * docs/decisions/059-handover-for-the-next-shift.md at any hour it runs, the writer's shift still
 * running (positive) or the clock past its end (negative: the next shift's to read). The driver is the API's own.
 */
export function setHandoverShiftEnd(handoverId: number, inMs: number): void {
  const require = createRequire(new URL('../apps/api/package.json', import.meta.url));
  const Sqlite = require('better-sqlite3') as new (
    file: string,
  ) => {
    pragma(text: string): unknown;
    prepare(sql: string): { run(...args: unknown[]): { changes: number } };
    close(): void;
  };
  const db = new Sqlite(path.join(process.env.E2E_DATA_DIR ?? '', 'portal.sqlite'));
  try {
    db.pragma('busy_timeout = 10000');
    const done = db.prepare('UPDATE handovers SET shift_end = ? WHERE id = ?').run(new Date(Date.now() + inMs).toISOString(), handoverId);
    if (done.changes !== 1) throw new Error(`handover ${handoverId} not found`);
  } finally {
    db.close();
  }
}

/** Opens the app already signed in with a token (as the login screen would leave it). */
export async function signIn(page: Page, token: string, path = '/dashboard') {
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(path);
}

/**
 * Every page of the context stops hearing the browser's 'online' event, as some Chromium builds do for
 * a page loaded offline: whatever follows the network must then come from the requests themselves
 * (docs/decisions/023-connection-from-requests.md), on any build.
 */
export async function silenceOnlineEvents(context: BrowserContext) {
  await context.addInitScript(() => window.addEventListener('online', (event) => event.stopImmediatePropagation(), true));
}

/** Another device: its own browser context (own storage, own event stream), a 360 px phone by default. */
export async function openDevice(browser: Browser, baseURL: string | undefined, width = 360, height = 740) {
  const context = await browser.newContext({ baseURL, viewport: { width, height }, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  return { context, page: await context.newPage() };
}

/** A flag on the window that a reload would wipe: proves an update arrived without one (with `sameDocument`). */
export const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
export const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/**
 * Signs in and waits until the page's live stream is answered: the server subscribes the stream
 * before it sends the response head, so from then on no event of the test can be missed.
 */
export async function openLive(page: Page, token: string, path: string) {
  const streaming = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
  await signIn(page, token, path);
  await streaming;
}

/**
 * A new station with a device key, and its machine reporting a state over HTTP as a device does: a
 * plain-text state, or a JSON body with the device's time.
 */
export async function boundStation(seed: Seed, baseURL: string | undefined, nave?: string) {
  const arco = await seed.station(nave);
  const admin = await seed.adminToken();
  const api = await request.newContext({ baseURL });
  const keyRes = await api.post(`/api/admin/arcos-sumergidos/${arco.id}/machine/key`, { headers: { Authorization: `Bearer ${admin}` } });
  expect(keyRes.status()).toBe(201);
  const { key } = (await keyRes.json()) as { key: string };
  const report = (state: string | { state: string; at: string }) =>
    typeof state === 'string'
      ? api.post(`/api/machines/${arco.id}/state`, { headers: { 'X-Device-Key': key, 'Content-Type': 'text/plain' }, data: state })
      : api.post(`/api/machines/${arco.id}/state`, { headers: { 'X-Device-Key': key }, data: state });
  return { arco, admin, api, report };
}

export const test = base.extend<{ seed: Seed }>({
  seed: async ({ baseURL }, use) => {
    const api = await request.newContext({ baseURL });
    await use(new Seed(api));
    await api.dispose();
  },
  // A failed test prints what its page showed and what went wrong inside it: the accessibility tree
  // of the page as it was, its script errors and console errors. The CI log then tells a flake's
  // cause without the screenshot, which stays on the machine that ran it.
  page: async ({ page }, use, testInfo) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    await use(page);
    if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
    const snapshot = await page
      .locator('body')
      .ariaSnapshot({ timeout: 2000 })
      .catch((error: unknown) => `(no snapshot: ${String(error)})`);
    console.log(
      [`--- ${testInfo.title}: the page at ${page.url()} when it failed`, snapshot.slice(0, 6000), ...problems.slice(-20)].join('\n'),
    );
  },
});

export { expect };
