import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject, onTestFinished, vi } from 'vitest';
import { type App, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDb, type Db, type DbHandle } from '../src/db/index';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/types';
import { upsertAdmin } from '../src/modules/users/bootstrap';
import { startTestS3 } from './s3-server';

export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/**
 * Where the apps under test keep their files: the folder (default), or with TEST_STORAGE=s3 a bucket
 * of a real S3-protocol server each app starts for itself (test/s3-server.ts; the *-bucket Vitest
 * projects, docs/decisions/068-object-storage.md).
 */
export const TEST_STORAGE = process.env.TEST_STORAGE === 's3' ? 's3' : 'folder';

/**
 * True when this run targets PostgreSQL but no binaries were found: the suites skip then, outside CI
 * only (under CI pg-global-setup.ts fails the run instead).
 */
export const pgUnavailable = TEST_DB === 'postgres' && !inject('pgUrl');

export const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
export const ADMIN = { worker_id: 'admin', password: 'admin-password' };

export interface TestApp {
  app: App;
  db: Db;
  handle: DbHandle;
  dataDir: string;
  uploadsDir: string;
  /** Files currently under the uploads folder. */
  uploadedFiles(): string[];
  close(): Promise<void>;
  /** A request with a JSON body (when given) and the token's Authorization header (when given). */
  send(token: string | null, method: HTTPMethods, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** A multipart/form-data request, as the web client sends its forms: text fields and optional files. */
  sendForm(
    token: string | null,
    method: 'POST' | 'PUT',
    url: string,
    fields: FormFields,
    files?: FormFiles,
  ): Promise<LightMyRequestResponse>;
  /** How many rows a table holds now. */
  countRows(table: keyof Database): Promise<number>;
  /** Signs the seeded admin in; answers the access token. */
  adminToken(): Promise<string>;
  /** Creates an arco straight in the database (the admin routes are tested on their own). */
  createArco(name?: string, nave?: string): Promise<TestArco>;
  /** Registers a worker through the API without signing in; answers the new worker_id. */
  registerWorker(prefix?: string, name?: string): Promise<string>;
  /** Registers a worker through the API and signs in at the arco. */
  createWorker(station: TestArco, name?: string): Promise<Worker>;
  /** A worker login at an arco, from a client address when given (inject's 127.0.0.1 otherwise). */
  login(station: TestArco, worker_id: string, password: string, remoteAddress?: string): Promise<LightMyRequestResponse>;
  /** Signs a worker in at an arco; answers the access token. */
  loginWorker(worker_id: string, password: string, station: TestArco): Promise<string>;
}

/** Runs one statement as the superuser of the throwaway PostgreSQL. */
async function pgAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('pgUrl') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of a schema in the throwaway PostgreSQL with this search path. */
export const schemaUrl = (schema: string) => `${inject('pgUrl')}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;

/**
 * A new, empty PostgreSQL schema: as isolated as a fresh database, and much faster to create.
 * Answers a URL whose connections use it, and `drop` to remove it with everything in it.
 */
export async function freshSchema(): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await pgAdmin(`create schema ${schema}`);
  return { url: schemaUrl(schema), drop: () => pgAdmin(`drop schema ${schema} cascade`) };
}

/** A new, empty PostgreSQL database (for what works on a whole database: pg_dump, pg_restore). */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `d_${randomBytes(6).toString('hex')}`;
  await pgAdmin(`create database ${name}`);
  const url = new URL(inject('pgUrl'));
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => pgAdmin(`drop database ${name} with (force)`) };
}

/**
 * The migrated database every app under test starts from, made once per worker process (Vitest keeps
 * a worker's modules from one file to the next: docs/decisions/083-suite-without-waiting.md). Each app
 * gets a copy of it and runs the migrator on that copy, as the server does at every start, which finds
 * nothing left to do (docs/decisions/098-suite-headroom.md). The migrations themselves still run on
 * fresh and older databases where they are the subject: upgrade.test.ts, older-database.ts, the crash
 * tests' servers.
 */
let sqliteTemplate: Promise<Buffer> | undefined;

/** The administrator every app under test has (ADMIN): in the templates, so its password is hashed once. */
const seedAdmin = (db: Db) => upsertAdmin(db, ADMIN.worker_id, ADMIN.password, 'Admin Principal');

/** SQLite's template: an in-memory database after every migration, serialized. */
function sqliteImage(): Promise<Buffer> {
  sqliteTemplate ??= (async () => {
    const handle = createDb({ sqliteFile: ':memory:' });
    try {
      await migrateToLatest(handle.db);
      await seedAdmin(handle.db);
      return (handle.sqlite as NonNullable<DbHandle['sqlite']>).serialize();
    } finally {
      await handle.db.destroy();
    }
  })();
  return sqliteTemplate;
}

/**
 * A new PostgreSQL schema, migrated by the app itself as it starts. (A copy made from a migrated
 * template's pg_dump was tried and taken back: on such a copy the planner chose another index for the
 * running stops than on a migrated schema, `admin-list-plans.test.ts`; docs/decisions/098-suite-headroom.md.)
 */
async function migratedSchema(): Promise<{ url: string; drop: () => Promise<void>; seeded: boolean }> {
  return { ...(await freshSchema()), seeded: false };
}

/** The database of an app under test: a copy of the template (`seeded`: its admin there already). */
async function openDatabase(): Promise<{ handle: DbHandle; url?: string; drop: () => Promise<void>; seeded: boolean }> {
  if (TEST_DB === 'sqlite') {
    return { handle: createDb({ sqliteFile: ':memory:', sqliteImage: await sqliteImage() }), drop: async () => {}, seeded: true };
  }
  const { url, drop, seeded } = await migratedSchema();
  return { handle: createDb({ databaseUrl: url, sqliteFile: '', poolSize: 5 }), url, drop, seeded };
}

/**
 * The environment of an app under test: a known secret and zone, no built web app, and address limits
 * that many registrations and failed logins from inject's one address never reach (their own tests
 * set them low).
 */
export const testEnv = (dataDir: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  JWT_SECRET,
  FACTORY_TZ: 'Europe/Madrid',
  REGISTER_MAX_PER_IP: '1000000',
  LOGIN_IP_MAX_FAILURES: '1000000',
  WEB_DIST: path.join(dataDir, 'no-web'),
});

/** Builds the real app on a fresh database (SQLite in memory, or a new PostgreSQL schema). */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const { handle, url, drop, seeded } = await openDatabase();
  const ownStore = TEST_STORAGE === 's3' && !env.STORAGE_URL && !env.S3_BUCKET;
  const s3 = ownStore ? await startTestS3() : null;
  const config = loadConfig({
    // On PostgreSQL the app also knows its URL, so live events take the real LISTEN/NOTIFY path.
    ...(url ? { DATABASE_URL: url } : {}),
    ...testEnv(dataDir),
    ...(s3 ? { STORAGE_URL: s3.url } : {}),
    ...env,
  });
  const app = await buildApp({ config, db: handle });
  await app.ready();
  if (!seeded) await seedAdmin(handle.db);
  const t: TestApp = {
    app,
    db: handle.db,
    handle,
    dataDir,
    uploadsDir: config.uploadsDir,
    uploadedFiles: () => {
      if (s3) return s3.objectNames('uploads');
      try {
        return readdirSync(config.uploadsDir).sort();
      } catch {
        return [];
      }
    },
    close: async () => {
      await app.close();
      await s3?.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    send: (token, method, url, payload) =>
      app.inject({ method, url, headers: token ? bearer(token) : {}, payload: payload as InjectOptions['payload'] }),
    sendForm: (token, method, url, fields, files) => injectForm(app, token, method, url, fields, files),
    countRows: (table) => countRows(handle.db, table),
    adminToken: () => adminToken(t),
    createArco: (name, nave) => createArco(t, name, nave),
    registerWorker: (prefix, name) => registerWorker(t, prefix, name),
    createWorker: (station, name) => createWorker(t, station, name),
    login: (station, worker_id, password, remoteAddress) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { worker_id, password, nave: station.nave, arco_sumergido_id: station.id },
      }),
    loginWorker: (worker_id, password, station) => loginWorker(t, worker_id, password, station),
  };
  return t;
}

/** How many rows a table holds now. */
export async function countRows(db: Db, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The app of one describe block: built on a fresh database before its tests (before each test with
 * `each`) and closed after them. The object is filled in when the app is built, so tests read `t.app`
 * and call `t.createWorker(...)` as on the result of buildTestApp.
 */
export function useTestApp(env: Record<string, string> = {}, { each = false } = {}): TestApp {
  const t = {} as TestApp;
  (each ? beforeEach : beforeAll)(async () => {
    Object.assign(t, await buildTestApp(env));
  });
  (each ? afterEach : afterAll)(async () => {
    await t.close?.();
  });
  return t;
}

/** A station of a seed: its name (in Nave 1) or its name and nave. */
type SeedArco = string | [name: string, nave: string];

export interface SeedSpec<A extends string, W extends string> {
  /** Stations by key, created straight in the database. */
  arcos?: Record<A, SeedArco>;
  /** Workers by key, registered and signed in at one of the stations above: [its key, name]. */
  workers?: Record<W, [arco: NoInfer<A>, name?: string]>;
}

export type Seed<A extends string, W extends string> = Record<A, TestArco> & Record<W, Worker>;

/**
 * The stations and workers a suite's tests share, made before them in the order written, with the
 * seeded admin's token (`seed.admin`). The object is filled in then, so tests read `seed.admin` and
 * `seed.ana.token`. With `each`, every test gets its own (one running stop per arco): the stations'
 * names then end in the test's number ('Arco Paradas 3'), as names are unique.
 */
export function useSeed<A extends string = never, W extends string = never>(
  t: TestApp,
  spec: SeedSpec<A, W>,
): Seed<A, W> & { admin: string };
export function useSeed<A extends string = never, W extends string = never>(
  t: TestApp,
  spec: SeedSpec<A, W>,
  options: { each: true },
): Seed<A, W>;
export function useSeed(t: TestApp, spec: SeedSpec<string, string>, { each = false } = {}): Record<string, unknown> {
  const seed: Record<string, unknown> = {};
  let n = 0;
  (each ? beforeEach : beforeAll)(async () => {
    n++;
    const arcos: Record<string, TestArco> = {};
    for (const [key, arco] of Object.entries(spec.arcos ?? {})) {
      const [name, nave] = typeof arco === 'string' ? [arco, 'Nave 1'] : arco;
      arcos[key] = await t.createArco(each ? `${name} ${n}` : name, nave);
    }
    Object.assign(seed, arcos);
    for (const [key, [arco, name]] of Object.entries(spec.workers ?? {})) seed[key] = await t.createWorker(arcos[arco], name);
    if (!each) seed.admin = await t.adminToken();
  });
  return seed;
}

/**
 * A second API instance on the same PostgreSQL schema as `t` (its own pool and LISTEN connection),
 * as a load balancer would run it. PostgreSQL only.
 */
export async function secondInstance(t: TestApp, env: Record<string, string> = {}): Promise<App> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
  const DATABASE_URL = schemaUrl(rows[0].schema);
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: t.dataDir, JWT_SECRET, DATABASE_URL, WEB_DIST: path.join(t.dataDir, 'no-web'), ...env }),
  });
  await app.ready();
  return app;
}

/**
 * Fakes Date alone until the test ends: timers and I/O stay real, so the server runs as usual, but the
 * clock stands still between steps and moves only by `travel`, so no assertion depends on how fast
 * the machine runs the test.
 */
export function fakeClock(now = Date.now()): { travel(ms: number): void } {
  vi.useFakeTimers({ toFake: ['Date'], now });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return { travel: (ms) => vi.setSystemTime(Date.now() + ms) };
}

/** Sends each case's payload and expects a 400 answering exactly that case's Spanish message. */
export async function expectBadRequests(
  send: (payload: unknown) => Promise<{ statusCode: number; json(): unknown }>,
  cases: [payload: unknown, message: string][],
): Promise<void> {
  for (const [payload, message] of cases) {
    const res = await send(payload);
    expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    expect(res.json()).toEqual({ message });
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let seq = 0;
/** A worker_id unique within the run. */
export const uniqueWorkerId = (prefix = 'w') => `${prefix}${process.pid}${Date.now().toString(36)}${seq++}`;

export interface TestArco {
  id: number;
  name: string;
  nave: string;
}

export async function adminToken(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: ADMIN });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.statusCode} ${res.body}`);
  return res.json().accessToken;
}

/** Creates a station straight in the database (the admin routes are tested on their own). */
export async function createArco(t: TestApp, name = `Arco ${seq++}`, nave = 'Nave 1'): Promise<TestArco> {
  const naveRow = await t.db.selectFrom('naves').select('id').where('name', '=', nave).executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto('arcos_sumergidos')
    // A station that has always been there: the figures and the timeline plan an arco only from its
    // creation on (docs/decisions/056-shift-figures-across-a-month.md), and the suites record stops in the past.
    .values({ name, nave_id: naveRow.id, created_at: '2000-01-01T00:00:00.000Z' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name, nave };
}

export interface Worker {
  id: number;
  worker_id: string;
  name: string;
  password: string;
  token: string;
  station: TestArco;
}

/** The password of every worker these helpers register. */
export const WORKER_PASSWORD = 'secreto123';

async function register(t: TestApp, worker_id: string, name: string): Promise<number> {
  const payload = { worker_id, name, password: WORKER_PASSWORD, role: 'user' };
  const reg = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  return reg.json().user.id;
}

export async function registerWorker(t: TestApp, prefix = 'w', name = 'Trabajador Prueba'): Promise<string> {
  const worker_id = uniqueWorkerId(prefix);
  await register(t, worker_id, name);
  return worker_id;
}

/** Registers a worker through the API and signs in at the station. */
export async function createWorker(t: TestApp, station: TestArco, name = 'Trabajador Prueba'): Promise<Worker> {
  const worker_id = uniqueWorkerId();
  const id = await register(t, worker_id, name);
  const token = await loginWorker(t, worker_id, WORKER_PASSWORD, station);
  return { id, worker_id, name, password: WORKER_PASSWORD, token, station };
}

export async function loginWorker(t: TestApp, worker_id: string, password: string, station: TestArco): Promise<string> {
  const res = await t.login(station, worker_id, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().accessToken;
}

export type FormFields = Record<string, string | number | undefined>;
export type FormFiles = Record<string, { data: Buffer; filename: string; type?: string }>;

/** TestApp.sendForm on any instance (a second one included). */
export async function injectForm(
  app: App,
  token: string | null,
  method: 'POST' | 'PUT',
  url: string,
  fields: FormFields,
  files?: FormFiles,
): Promise<LightMyRequestResponse> {
  const body = await multipart(fields, files);
  return app.inject({ method, url, headers: { ...(token ? bearer(token) : {}), ...body.headers }, payload: body.payload });
}

/** A multipart body for app.inject: text fields plus optional files. */
export async function multipart(fields: FormFields, files: FormFiles = {}): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, String(v));
  for (const [k, f] of Object.entries(files))
    form.append(k, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.filename);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type') ?? '' } };
}

/** A station terminal enrolled at an arco through the API (an admin's code, then the device's enrolment). */
export async function enrolTerminalAt(
  t: TestApp,
  arcoId: number,
  name?: string,
): Promise<{ credential: string; terminal: { id: number; name: string; arco_sumergido_id: number } }> {
  const admin = await adminToken(t);
  const code = await t.app.inject({ method: 'POST', url: `/api/admin/arcos-sumergidos/${arcoId}/terminal-codes`, headers: bearer(admin) });
  if (code.statusCode !== 201) throw new Error(`terminal code failed: ${code.statusCode} ${code.body}`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/terminal/enrol',
    payload: { code: code.json().code, ...(name ? { name } : {}) },
  });
  if (res.statusCode !== 201) throw new Error(`terminal enrolment failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The credential of a station terminal enrolled at an arco. */
export const enrolTerminal = async (t: TestApp, arcoId: number) => (await enrolTerminalAt(t, arcoId)).credential;

/** The header a station terminal sends its credential in. */
export const terminalKey = (credential: string) => ({ 'x-terminal-key': credential });
