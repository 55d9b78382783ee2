/**
 * A full disk (src/lib/disk-space.ts, decision 030), on a small tmpfs the test mounts as DATA_DIR
 * (root only; skipped elsewhere with the reason printed, never under CI=true). With the file system
 * filled up: an upload, a database write (SQLite, whose file is on it), an Idempotency-Key write and a
 * backup get a Spanish 507 (the backup a clear refusal), leave no row, no key and no file, and succeed
 * once space returns; /metrics and the admin's disk status report the free bytes.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@portal/contract/common';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDb, type DbHandle } from '../src/db/index';
import { backupOptions, createBackup, listBackups } from '../src/lib/backup';
import { upsertAdmin } from '../src/modules/users/bootstrap';
import { ADMIN, bearer, countRows, freshDatabase, injectForm, multipart, pgUnavailable, TEST_DB, testEnv, WORKER_PASSWORD } from './helper';

const METRICS_TOKEN = 'disk-metrics-token-0123456789';

/** Mounts a 24 MB tmpfs; answers why it could not, or null. */
function mountSmallDisk(dir: string): string | null {
  if (process.getuid?.() !== 0) return 'mounting a small file system needs root';
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m,mode=0700', 'tmpfs', dir], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return `mount -t tmpfs failed: ${(error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message}`;
  }
}

const mountPoint = mkdtempSync(path.join(tmpdir(), 'portal-disk-'));
const unmountable = pgUnavailable ? null : mountSmallDisk(mountPoint);
if (pgUnavailable || unmountable) rmSync(mountPoint, { recursive: true, force: true });
if (unmountable) {
  if (process.env.CI === 'true' || process.env.CI === '1') throw new Error(`The full-disk test cannot run under CI: ${unmountable}.`);
  console.warn(`Skipping the full-disk test: ${unmountable}.`);
}

describe.skipIf(pgUnavailable || unmountable !== null)('a full disk', () => {
  const dataDir = path.join(mountPoint, 'data');
  const filler = path.join(mountPoint, 'filler');
  let app: App;
  let handle: DbHandle;
  let drop = async () => {};
  let adminToken = '';
  let workerToken = '';
  let arcoId = 0;
  let photo: Buffer;
  /** `npm run backup`'s work on this engine (SQLite's backup API or pg_dump): answers its folder. */
  let runBackup: () => Promise<string>;

  /** Writes one file until the file system refuses (ENOSPC). */
  function fillDisk(): void {
    if (handle.sqlite) {
      // The WAL is emptied first, so that any commit has to grow it.
      handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    }
    const fd = openSync(filler, 'w');
    const chunk = Buffer.alloc(64 * 1024, 1);
    try {
      for (;;) writeSync(fd, chunk);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    } finally {
      closeSync(fd);
    }
    // The last, partial blocks too.
    const tail = openSync(filler, 'a');
    try {
      for (;;) writeSync(tail, Buffer.alloc(512, 1));
    } catch {
      // full
    } finally {
      closeSync(tail);
    }
  }
  const freeDisk = () => rmSync(filler, { force: true });

  beforeAll(async () => {
    let url: string | undefined;
    if (TEST_DB === 'postgres') {
      // A database of its own, which pg_dump dumps whole.
      const database = await freshDatabase();
      url = database.url;
      drop = database.drop;
    }
    const config = loadConfig({
      ...testEnv(dataDir),
      ...(url ? { DATABASE_URL: url } : {}),
      METRICS_TOKEN,
      BACKUP_HOUR: 'off',
    });
    runBackup = async () => (await createBackup(backupOptions(config))).folder;
    handle = url ? createDb({ databaseUrl: url, sqliteFile: '', poolSize: 3 }) : createDb({ sqliteFile: config.sqliteFile });
    app = await buildApp({ config, db: handle });
    await app.ready();
    await upsertAdmin(handle.db, ADMIN.worker_id, ADMIN.password, 'Admin Principal');
    adminToken = (await app.inject({ method: 'POST', url: '/api/admin/login', payload: ADMIN })).json().accessToken;
    const arco = await app.inject({
      method: 'POST',
      url: '/api/admin/arcos-sumergidos',
      headers: bearer(adminToken),
      payload: { name: 'Arco Disco', nave: 'Nave 1' },
    });
    arcoId = arco.json().id;
    const worker_id = `disco${process.pid}`;
    await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { worker_id, name: 'Trabajador Disco', password: WORKER_PASSWORD },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { worker_id, password: WORKER_PASSWORD, nave: 'Nave 1', arco_sumergido_id: arcoId },
    });
    workerToken = login.json().accessToken;
    photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 90, b: 20 } } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await app?.close();
    await drop();
    try {
      // SQLite's checkpoint worker (db/sqlite-checkpointer.ts) lets go of its own connection to the
      // file a moment after the app closes: until then the disk is busy, so unmounting is tried again.
      for (let attempt = 1; ; attempt++) {
        try {
          execFileSync('umount', [mountPoint], { stdio: 'pipe' });
          break;
        } catch (error) {
          if (attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    } finally {
      rmSync(mountPoint, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    }
  });

  const count = (table: 'wall_posts' | 'tramos' | 'idempotency_keys') => countRows(handle.db, table);
  const uploads = () => readdirSync(path.join(dataDir, 'uploads')).sort();
  const postWithPhoto = () =>
    injectForm(
      app,
      workerToken,
      'POST',
      '/api/wall/posts',
      { content: 'Foto con el disco lleno' },
      { image: { data: photo, filename: 'foto.jpg' } },
    );
  const textPost = (content: string) => injectForm(app, workerToken, 'POST', '/api/wall/posts', { content });
  /** A circular with its photo as the phone's queue sends it: with an Idempotency-Key. */
  const tramoWithKey = async (key: string) => {
    const form = await multipart(
      { id_tramo: 'TR-DISCO', id_proyecto: 'PR-DISCO', id_circular: 'CI-DISCO', arco_sumergido_id: arcoId },
      { imagen: { data: photo, filename: 'foto.jpg', type: 'image/jpeg' } },
    );
    return app.inject({
      method: 'POST',
      url: '/api/tramos',
      headers: { ...bearer(workerToken), ...form.headers, 'idempotency-key': key },
      payload: form.payload,
    });
  };
  const metric = async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
    const line = res.body.split('\n').find((l) => l.startsWith('portal_data_dir_free_bytes '));
    return Number(line?.split(' ')[1]);
  };

  it('refuses writes with a Spanish 507, leaves nothing half made, and takes them again once space returns', async () => {
    const before = {
      posts: await count('wall_posts'),
      tramos: await count('tramos'),
      keys: await count('idempotency_keys'),
      files: uploads(),
    };
    const status = await app.inject({ method: 'GET', url: '/api/dashboard/disk', headers: bearer(adminToken) });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ low: true, warnBelowBytes: 1024 * 1024 * 1024 });
    expect(status.json().totalBytes).toBe(24 * 1024 * 1024);
    expect((await app.inject({ method: 'GET', url: '/api/dashboard/disk', headers: bearer(workerToken) })).statusCode).toBe(403);

    fillDisk();
    const { bavail, bsize } = statfsSync(mountPoint);
    expect(bavail * bsize).toBeLessThan(64 * 1024);
    expect(await metric()).toBe(bavail * bsize);
    expect((await app.inject({ method: 'GET', url: '/api/dashboard/disk', headers: bearer(adminToken) })).json()).toMatchObject({
      freeBytes: bavail * bsize,
      low: true,
    });

    // An upload: the photo cannot be written.
    const upload = await postWithPhoto();
    expect(upload.statusCode).toBe(507);
    expect(upload.json()).toEqual({ message: messages.diskFull });
    expect(upload.headers['retry-after']).toBe('60');
    // A write queued offline, with its key and a photo.
    const keyed = await tramoWithKey('disco-lleno-0001');
    expect(keyed.statusCode).toBe(507);
    expect(keyed.json()).toEqual({ message: messages.diskFull });
    if (TEST_DB === 'sqlite') {
      // A database write alone (SQLite's file is on the full disk; PostgreSQL keeps its data elsewhere).
      const post = await textPost('Sin sitio');
      expect(post.statusCode).toBe(507);
      expect(post.json()).toEqual({ message: messages.diskFull });
    }
    // A backup into DATA_DIR/backups.
    await expect(runBackup()).rejects.toThrow(/disk is full/i);
    expect(readdirSync(path.join(dataDir, 'backups'))).toEqual([]);
    expect(await count('wall_posts')).toBe(before.posts);
    expect(await count('tramos')).toBe(before.tramos);
    expect(await count('idempotency_keys')).toBe(before.keys);
    expect(uploads()).toEqual(before.files);

    // ---- space returns ----
    freeDisk();
    expect(await metric()).toBeGreaterThan(20 * 1024 * 1024);
    const again = await postWithPhoto();
    expect(again.statusCode).toBe(201);
    const retried = await tramoWithKey('disco-lleno-0001');
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect((await tramoWithKey('disco-lleno-0001')).headers['idempotent-replayed']).toBe('true');
    expect(await count('tramos')).toBe(before.tramos + 1);
    expect(await count('idempotency_keys')).toBe(before.keys + 1);
    expect(uploads()).toHaveLength(before.files.length + 4);
    expect((await textPost('Ya hay sitio')).statusCode).toBe(201);
    expect(await count('wall_posts')).toBe(before.posts + 2);
    expect(existsSync(await runBackup())).toBe(true);
    expect(await listBackups(path.join(dataDir, 'backups'))).toHaveLength(1);
  });
});
