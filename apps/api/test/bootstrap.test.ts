import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDb, type Db } from '../src/db/index';
import { ensureAdmin } from '../src/modules/users/bootstrap';
import { ADMIN, freshSchema, pgUnavailable, TEST_DB, useTestApp } from './helper';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe.skipIf(pgUnavailable)('first administrator: ensureAdmin at start', () => {
  const t = useTestApp({}, { each: true });
  let printed: string[];

  beforeEach(() => {
    printed = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      printed.push(args.join(' '));
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const adminLogin = (worker_id: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { worker_id, password } });
  const countUsers = async () => (await t.db.selectFrom('users').select('id').execute()).length;
  const removeAllAdmins = () => t.db.deleteFrom('users').where('role', '=', 'admin').execute();

  it('creates the admin of ADMIN_WORKER_ID / ADMIN_PASSWORD', async () => {
    await ensureAdmin(t.db, t.handle.engine, { adminWorkerId: 'jefa01', adminPassword: 'clave-jefa' }, t.app.log);
    const res = await adminLogin('jefa01', 'clave-jefa');
    expect(res.statusCode).toBe(200);
    expect(printed.join('\n')).not.toContain('clave-jefa');
  });

  it('applying the same pair again changes nothing and keeps the admin signed in', async () => {
    const env = { adminWorkerId: 'jefa02', adminPassword: 'clave-jefa' };
    await ensureAdmin(t.db, t.handle.engine, env, t.app.log);
    const token = (await adminLogin('jefa02', 'clave-jefa')).json().accessToken;
    await ensureAdmin(t.db, t.handle.engine, env, t.app.log);
    expect((await t.send(token, 'GET', '/api/admin/users')).statusCode).toBe(200);
    // A different password in the environment is applied, and retires the sessions of that account.
    await ensureAdmin(t.db, t.handle.engine, { ...env, adminPassword: 'otra-clave' }, t.app.log);
    // ensureAdmin runs at start, before this instance has cached any account: model that restart.
    t.app.ctx.userCache.invalidate();
    expect((await t.send(token, 'GET', '/api/admin/users')).statusCode).toBe(401);
    expect((await adminLogin('jefa02', 'otra-clave')).statusCode).toBe(200);
  });

  it('promotes an existing user with that worker_id, sets the password and retires their old tokens', async () => {
    const w = await t.createWorker(await t.createArco());
    expect((await adminLogin(w.worker_id, w.password)).statusCode).toBe(403);
    await ensureAdmin(t.db, t.handle.engine, { adminWorkerId: w.worker_id, adminPassword: 'promovido1' }, t.app.log);
    expect((await adminLogin(w.worker_id, 'promovido1')).statusCode).toBe(200);
    expect((await adminLogin(w.worker_id, w.password)).statusCode).toBe(401);
    const old = await t.send(w.token, 'GET', '/api/admin/users');
    expect(old.statusCode).toBe(401);
  });

  it('on an embedded database without admin, creates `admin` with a random password printed once', async () => {
    await removeAllAdmins();
    // The embedded engine is what triggers this: the decision, not the SQL, depends on it.
    await ensureAdmin(t.db, 'sqlite', {}, t.app.log);
    const banner = printed.join('\n');
    const workerId = /ID de Trabajador:\s+(\S+)/.exec(banner)?.[1];
    const password = /Contraseña:\s+(\S+)/.exec(banner)?.[1];
    expect(workerId).toBe('admin');
    expect(password?.length).toBeGreaterThanOrEqual(10);
    expect((await adminLogin('admin', password as string)).statusCode).toBe(200);

    // Printed only once: the next start finds an admin and does nothing.
    printed.length = 0;
    const before = await countUsers();
    await ensureAdmin(t.db, 'sqlite', {}, t.app.log);
    expect(printed).toEqual([]);
    expect(await countUsers()).toBe(before);
  });

  it('picks another worker_id when `admin` belongs to a regular user', async () => {
    await removeAllAdmins();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { worker_id: 'admin', name: 'Se Llama Admin', password: 'secreto1' },
    });
    await ensureAdmin(t.db, 'sqlite', {}, t.app.log);
    const password = /Contraseña:\s+(\S+)/.exec(printed.join('\n'))?.[1] as string;
    expect((await adminLogin('admin2', password)).statusCode).toBe(200);
    const regular = await t.db.selectFrom('users').select('role').where('worker_id', '=', 'admin').executeTakeFirstOrThrow();
    expect(regular.role).toBe('user');
  });

  it('does nothing when an admin exists', async () => {
    const before = await countUsers();
    await ensureAdmin(t.db, 'sqlite', {}, t.app.log);
    expect(printed).toEqual([]);
    expect(await countUsers()).toBe(before);
    expect((await adminLogin(ADMIN.worker_id, ADMIN.password)).statusCode).toBe(200);
  });

  it('creates no random admin on an external PostgreSQL database', async () => {
    await removeAllAdmins();
    await ensureAdmin(t.db, 'postgres', {}, t.app.log);
    expect(printed).toEqual([]);
    expect(await t.db.selectFrom('users').select('id').where('role', '=', 'admin').execute()).toEqual([]);
  });
});

describe.skipIf(pgUnavailable)('first administrator: npm run create-admin', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let db: Db;
  let dropSchema: () => Promise<void>;

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-create-admin-'));
    env = { ...process.env, DATA_DIR: dataDir } as Record<string, string>;
    delete env.DATABASE_URL;
    delete env.ADMIN_WORKER_ID;
    delete env.ADMIN_PASSWORD;
    dropSchema = async () => {};
    if (TEST_DB === 'postgres') {
      const schema = await freshSchema();
      env.DATABASE_URL = schema.url;
      dropSchema = schema.drop;
    }
  });
  afterEach(async () => {
    await db?.destroy();
    await dropSchema();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const run = (args: string[], input = '') =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/scripts/create-admin.ts', ...args], {
      cwd: apiRoot,
      env,
      input,
      encoding: 'utf8',
      timeout: 60_000,
    });
  const open = () => {
    db = createDb({ databaseUrl: env.DATABASE_URL, sqliteFile: path.join(dataDir, 'portal.sqlite') }).db;
    return db;
  };

  it('creates an admin from flags, then updates it on a second run', async () => {
    const first = run(['--worker-id', 'jefe01', '--password', 'clave-uno', '--name', 'Jefe de Turno']);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('Administrator jefe01 created.');
    expect(first.stdout).not.toContain('clave-uno');
    const second = run(['--worker-id', 'jefe01', '--password', 'clave-dos']);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toContain('Administrator jefe01 updated.');
    const row = await open()
      .selectFrom('users')
      .select(['role', 'name', 'password_hash', 'token_version'])
      .where('worker_id', '=', 'jefe01')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'admin', name: 'Jefe de Turno', token_version: 1 });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('asks for what the flags do not give', async () => {
    const res = run([], 'jefe02\nclave-preguntada\n');
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toContain('Administrator jefe02 created.');
    const row = await open().selectFrom('users').select('role').where('worker_id', '=', 'jefe02').executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');
  });

  it('refuses a short worker ID or password and writes nothing', async () => {
    for (const args of [
      ['--worker-id', 'jj', '--password', 'clave-larga'],
      ['--worker-id', 'jefe03', '--password', '123'],
    ]) {
      const res = run(args);
      expect(res.status).not.toBe(0);
    }
    const ok = run(['--worker-id', 'jefe04', '--password', 'clave-cuatro']);
    expect(ok.status, ok.stderr).toBe(0);
    const ids = (await open().selectFrom('users').select('worker_id').execute()).map((r) => r.worker_id);
    expect(ids).toEqual(['jefe04']);
  });
});
