import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDb, type Db, type DbHandle } from '../src/db/index';
import { upsertAdmin } from '../src/lib/bootstrap';

export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/** True when this run targets PostgreSQL but none could be started (the suite is skipped then). */
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
}

async function openDatabase(): Promise<{ handle: DbHandle; url?: string; drop: () => Promise<void> }> {
  if (TEST_DB === 'sqlite') {
    return { handle: createDb({ sqliteFile: ':memory:' }), drop: async () => {} };
  }
  const url = inject('pgUrl');
  // A fresh schema per app: as isolated as a fresh database, and much faster to create.
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const schemaUrl = `${url}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const handle = createDb({ databaseUrl: schemaUrl, sqliteFile: '', poolSize: 5 });
  const drop = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`drop schema ${schema} cascade`);
    await c.end();
  };
  return { handle, url: schemaUrl, drop };
}

/** Builds the real app on a fresh database (SQLite in memory, or a new PostgreSQL schema). */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const { handle, url, drop } = await openDatabase();
  const config = loadConfig({
    // On PostgreSQL the app also knows its URL, so live events take the real LISTEN/NOTIFY path.
    ...(url ? { DATABASE_URL: url } : {}),
    DATA_DIR: dataDir,
    JWT_SECRET,
    FACTORY_TZ: 'Europe/Madrid',
    REGISTER_MAX_PER_IP: '1000000',
    LOGIN_IP_MAX_FAILURES: '1000000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const app = await buildApp({ config, db: handle });
  await app.ready();
  await upsertAdmin(handle.db, ADMIN.worker_id, ADMIN.password, 'Admin Principal');
  return {
    app,
    db: handle.db,
    handle,
    dataDir,
    uploadsDir: config.uploadsDir,
    uploadedFiles: () => {
      try {
        return readdirSync(config.uploadsDir).sort();
      } catch {
        return [];
      }
    },
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second API instance on the same PostgreSQL schema as `t` (its own pool and LISTEN connection),
 * as a load balancer would run it. PostgreSQL only.
 */
export async function secondInstance(t: TestApp, env: Record<string, string> = {}): Promise<App> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
  const schemaUrl = `${inject('pgUrl')}?options=${encodeURIComponent(`-c search_path=${rows[0].schema}`)}`;
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: t.dataDir, JWT_SECRET, DATABASE_URL: schemaUrl, WEB_DIST: path.join(t.dataDir, 'no-web'), ...env }),
  });
  await app.ready();
  return app;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let seq = 0;
/** A worker_id unique within the run. */
export const uniqueWorkerId = (prefix = 'w') => `${prefix}${process.pid}${Date.now().toString(36)}${seq++}`;

export interface Station {
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
export async function createStation(t: TestApp, name = `Arco ${seq++}`, nave = 'Nave 1'): Promise<Station> {
  const naveRow = await t.db.selectFrom('naves').select('id').where('name', '=', nave).executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto('arcos_sumergidos')
    .values({ name, nave_id: naveRow.id, created_at: new Date().toISOString() })
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
  station: Station;
}

/** Registers a worker through the API and signs in at the station. */
export async function createWorker(t: TestApp, station: Station, name = 'Trabajador Prueba'): Promise<Worker> {
  const worker_id = uniqueWorkerId();
  const password = 'secreto123';
  const reg = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { worker_id, name, password, role: 'user' } });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const token = await loginWorker(t, worker_id, password, station);
  return { id: reg.json().user.id, worker_id, name, password, token, station };
}

export async function loginWorker(t: TestApp, worker_id: string, password: string, station: Station): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { worker_id, password, nave: station.nave, arco_sumergido_id: station.id },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().accessToken;
}

/** A multipart body for app.inject: text fields plus optional files. */
export async function multipart(
  fields: Record<string, string | number | undefined>,
  files: Record<string, { data: Buffer; filename: string; type?: string }> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, String(v));
  for (const [k, f] of Object.entries(files))
    form.append(k, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.filename);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type') ?? '' } };
}
