/**
 * Backups and restores (src/lib/backup.ts, src/lib/restore.ts). The first test drives the real server
 * as a child process with clients writing over HTTP, takes a backup with `npm run backup`'s command
 * while they keep writing, and restores it with `npm run restore`'s: the restored database passes
 * integrity_check and foreign_key_check and holds every write acknowledged before the backup began,
 * with its images. The others check retention, an unreachable PostgreSQL, damaged backups and the locks
 * in-process.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Migrator } from 'kysely';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createDb } from '../src/db/index';
import { FolderMigrationProvider, migrateToLatest } from '../src/db/migrate';
import { applyRetention, backupOptions, createBackup, DATABASE_FILE, listBackups, MANIFEST_FILE, sha256Of } from '../src/lib/backup';
import { scheduleDailyBackup } from '../src/lib/backup-schedule';
import { checkBackup, RestoreRefused, restoreBackup } from '../src/lib/restore';
import { acquireServerLock, liveRunLocks } from '../src/lib/run-lock';
import { backupUnderLoad, type RequestInput, requestInit, runScript, ServerProcess, serverEnv } from './crash/server-process';

const PASSWORD = 'secreto123';
const ADMIN = { worker_id: 'jefe', password: 'clave-del-jefe' };
const TZ = 'Europe/Madrid';
const scratch: string[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

const webp = (file: string) => {
  const data = readFileSync(file);
  return `${data.toString('latin1', 0, 4)}${data.toString('latin1', 8, 12)}`;
};

afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe('backup during a write load, restore through the commands', () => {
  let server: ServerProcess | undefined;
  afterAll(() => server?.kill());

  it('restores every write acknowledged before the backup began, and refuses while the portal runs', async () => {
    const dataDir = tempDir('portal-backup-');
    const env = { ...serverEnv(dataDir, ADMIN), BACKUP_HOUR: 'off' };
    server = new ServerProcess(env);
    await server.start();

    const unexpected: string[] = [];
    /** Answers the JSON of a 2xx, null for a tolerated status (a race between clients). */
    async function call<T>(method: string, url: string, o: RequestInput & { tolerated?: number[] } = {}) {
      const { headers, body } = requestInit(o);
      const res = await fetch(`${server!.baseUrl}${url}`, { method, headers, body });
      const text = await res.text();
      if (res.ok) return JSON.parse(text) as T;
      if (!o.tolerated?.includes(res.status)) unexpected.push(`${method} ${url}: ${res.status} ${text}`);
      return null;
    }

    const images = await Promise.all(
      [0, 1, 2].map((i) =>
        sharp({ create: { width: 40 + i * 8, height: 30, channels: 3, background: { r: 60 * i, g: 90, b: 160 } } })
          .jpeg()
          .toBuffer(),
      ),
    );
    const admin = (await call<{ accessToken: string }>('POST', '/api/admin/login', { json: ADMIN }))!;
    const station = (await call<{ id: number }>('POST', '/api/admin/arcos-sumergidos', {
      token: admin.accessToken,
      json: { name: 'Arco Respaldo', nave: 'Nave 1' },
    }))!;

    // ---- the ledger: what each client was told, and when ----
    const now = () => performance.now();
    const users = new Map<number, { worker_id: string; at: number }>();
    const tramos = new Map<number, { id_tramo: string; imagen: string | null; imagen_thumb: string | null; at: number }>();
    const posts = new Map<number, { content: string; image_path: string | null; image_thumb: string | null; at: number; author: number }>();
    const deletions = new Map<number, { sent: number; acked?: number }>();
    const comments = new Map<number, { post_id: number; content: string; image_path: string | null; at: number }>();
    const workers: { id: number; token: string }[] = [];
    let serial = 0;

    async function register() {
      const worker_id = `resp${serial++}`;
      const res = await call<{ user: { id: number } }>('POST', '/api/auth/register', {
        json: { worker_id, name: `Trabajador ${worker_id}`, password: PASSWORD },
      });
      if (!res) return;
      users.set(res.user.id, { worker_id, at: now() });
      const login = await call<{ accessToken: string }>('POST', '/api/auth/login', {
        json: { worker_id, password: PASSWORD, nave: 'Nave 1', arco_sumergido_id: station.id },
      });
      if (login) workers.push({ id: res.user.id, token: login.accessToken });
    }
    for (let i = 0; i < 6; i++) await register();

    let writing = true;
    const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];
    const maybeImage = (field: string, p: number) => (Math.random() < p ? { field, data: pick(images) } : undefined);
    async function client() {
      while (writing) {
        const w = pick(workers);
        const roll = Math.random();
        const n = serial++;
        if (roll < 0.05) await register();
        else if (roll < 0.35) {
          const id_tramo = `TR-${n}`;
          const res = await call<{ tramo: { id: number; imagen: string | null; imagen_thumb: string | null } }>('POST', '/api/tramos', {
            token: w.token,
            form: { id_tramo, id_proyecto: `PR-${n}`, id_circular: `CI-${n}`, arco_sumergido_id: String(station.id) },
            file: maybeImage('imagen', 0.6),
          });
          if (res) tramos.set(res.tramo.id, { id_tramo, imagen: res.tramo.imagen, imagen_thumb: res.tramo.imagen_thumb, at: now() });
        } else if (roll < 0.65) {
          const content = `Publicación ${n}`;
          const res = await call<{ post: { id: number; image_path: string | null; image_thumb: string | null } }>(
            'POST',
            '/api/wall/posts',
            {
              token: w.token,
              form: { content },
              file: maybeImage('image', 0.5),
            },
          );
          if (res)
            posts.set(res.post.id, {
              content,
              image_path: res.post.image_path,
              image_thumb: res.post.image_thumb,
              at: now(),
              author: w.id,
            });
        } else if (roll < 0.9) {
          const live = [...posts.keys()].filter((id) => !deletions.has(id));
          if (!live.length) continue;
          const post_id = pick(live);
          const content = `Comentario ${n}`;
          const res = await call<{ comment: { id: number; image_path: string | null } }>('POST', `/api/wall/posts/${post_id}/comments`, {
            token: w.token,
            form: { content },
            file: maybeImage('image', 0.3),
            tolerated: [404],
          });
          if (res) comments.set(res.comment.id, { post_id, content, image_path: res.comment.image_path, at: now() });
        } else {
          const own = [...posts].filter(([id, p]) => p.author === w.id && !deletions.has(id));
          if (!own.length) continue;
          const [id] = pick(own);
          const deletion: { sent: number; acked?: number } = { sent: now() };
          deletions.set(id, deletion);
          if (await call('DELETE', `/api/wall/posts/${id}`, { token: w.token })) deletion.acked = now();
        }
      }
    }

    const clients = [client(), client(), client()];
    while (tramos.size < 15 || posts.size < 15) await new Promise((r) => setTimeout(r, 50));

    // ---- the backup, while the clients keep writing ----
    const { backup, began, ended } = await backupUnderLoad(env, () => {
      writing = false;
      return Promise.all(clients);
    });
    expect(unexpected).toEqual([]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const during = [...tramos.values(), ...posts.values(), ...comments.values()].filter((w) => w.at > began && w.at < ended).length;
    expect(during, 'writes acknowledged while the backup ran').toBeGreaterThan(0);
    const [stored] = await listBackups(path.join(dataDir, 'backups'));
    expect(backup.stdout).toContain(stored.folder);
    expect(stored.manifest.uploads.missing).toEqual([]);
    console.log(
      `backup under load: ${stored.manifest.database.tables.tramos} tramos, ${stored.manifest.uploads.files.length} files; ${during} writes acknowledged while it ran`,
    );

    // ---- restore refuses while the portal runs, and changes nothing ----
    const state = () => ({
      entries: readdirSync(dataDir).sort(),
      database: statSync(path.join(dataDir, DATABASE_FILE)).ino,
      uploads: readdirSync(path.join(dataDir, 'uploads')).sort(),
      locks: readdirSync(path.join(dataDir, 'running')).sort(),
    });
    const before = state();
    const refused = await runScript('restore', [stored.name], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Restore refused: the portal \(pid \d+.*\) is using .*Stop it first; nothing was changed\./);
    expect(state()).toEqual(before);

    // ---- a crash leaves its lock behind; it does not block the restore ----
    await server.kill();
    expect(readdirSync(path.join(dataDir, 'running'))).toHaveLength(1);
    const restored = await runScript('restore', [stored.name], env);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('Restored the backup of');

    const db = new SQLite(path.join(dataDir, DATABASE_FILE), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
      const one = (query: string, id: number) => db.prepare(query).get(id);
      const beforeBackup = <T extends { at: number }>(entries: Map<number, T>) => [...entries].filter(([, e]) => e.at < began);
      const file = (publicPath: string | null) => (publicPath ? webp(path.join(dataDir, publicPath)) : 'none');
      for (const [id, u] of beforeBackup(users))
        expect(one('select worker_id from users where id = ?', id), `user ${id}`).toEqual({ worker_id: u.worker_id });
      for (const [id, t] of beforeBackup(tramos)) {
        expect(one('select id_tramo, imagen, imagen_thumb from tramos where id = ?', id), `tramo ${id}`).toEqual({
          id_tramo: t.id_tramo,
          imagen: t.imagen,
          imagen_thumb: t.imagen_thumb,
        });
        if (t.imagen) expect([file(t.imagen), file(t.imagen_thumb)], `tramo ${id} images`).toEqual(['RIFFWEBP', 'RIFFWEBP']);
      }
      // A post whose deletion was asked for after the backup began may be in it or not.
      for (const [id, p] of beforeBackup(posts)) {
        const deletion = deletions.get(id);
        const row = one('select content, image_path, image_thumb from wall_posts where id = ?', id);
        if (deletion?.acked !== undefined && deletion.acked < began) expect(row, `post ${id} deleted before the backup`).toBeUndefined();
        if (deletion) continue;
        expect(row, `post ${id}`).toEqual({ content: p.content, image_path: p.image_path, image_thumb: p.image_thumb });
        if (p.image_path) expect([file(p.image_path), file(p.image_thumb)], `post ${id} images`).toEqual(['RIFFWEBP', 'RIFFWEBP']);
      }
      for (const [id, c] of beforeBackup(comments)) {
        if (deletions.has(c.post_id)) continue;
        expect(one('select post_id, content, image_path from wall_comments where id = ?', id), `comment ${id}`).toEqual({
          post_id: c.post_id,
          content: c.content,
          image_path: c.image_path,
        });
        if (c.image_path) expect(file(c.image_path), `comment ${id} image`).toBe('RIFFWEBP');
      }
      // Every image the restored database references is there, acknowledged or not.
      for (const [table, a, b] of [
        ['tramos', 'imagen', 'imagen_thumb'],
        ['wall_posts', 'image_path', 'image_thumb'],
        ['wall_comments', 'image_path', 'image_thumb'],
      ]) {
        for (const row of db.prepare(`select ${a} as full, ${b} as thumb from ${table} where ${a} is not null`).all() as {
          full: string;
          thumb: string;
        }[]) {
          expect([file(row.full), file(row.thumb)], `${table} ${row.full}`).toEqual(['RIFFWEBP', 'RIFFWEBP']);
        }
      }
    } finally {
      db.close();
    }

    // ---- nothing was deleted: the replaced data, writes after the backup included, is kept aside ----
    const aside = readdirSync(dataDir).find((name) => name.startsWith('pre-restore-'))!;
    expect(readdirSync(path.join(dataDir, aside)).sort()).toEqual(['RESTORE.txt', 'jwt-secret', DATABASE_FILE, 'uploads']);
    const old = new SQLite(path.join(dataDir, aside, DATABASE_FILE), { readonly: true });
    try {
      const kept = new Set(old.prepare('select id from tramos').pluck().all());
      expect([...tramos.keys()].filter((id) => !kept.has(id))).toEqual([]);
    } finally {
      old.close();
    }

    // ---- the portal starts on the restored data; sessions signed before the restore have ended ----
    await server.start();
    const reader = (await call<{ accessToken: string }>('POST', '/api/admin/login', { json: ADMIN }))!;
    const [id, t] = [...tramos].find(([, e]) => e.at < began && e.imagen)!;
    expect(await call('GET', `/api/tramos/${id}`, { token: reader.accessToken })).toMatchObject({ id_tramo: t.id_tramo, imagen: t.imagen });
    expect((await fetch(`${server.baseUrl}${t.imagen}`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/tramos/${id}`, { headers: { authorization: `Bearer ${workers[0].token}` } })).status).toBe(
      401,
    );
    await server.stop();
    expect(readdirSync(path.join(dataDir, 'running'))).toEqual([]);
  }, 90_000);
});

/** A small database of its own with a table of images, and one image file. */
function smallPortal(): { dataDir: string; env: Record<string, string> } {
  const dataDir = tempDir('portal-backup-unit-');
  mkdirSync(path.join(dataDir, 'uploads'));
  const db = new SQLite(path.join(dataDir, DATABASE_FILE));
  db.pragma('journal_mode = WAL');
  db.exec(
    "create table tramos (id integer primary key, imagen text, imagen_thumb text); create index tramos_imagen on tramos (imagen); insert into tramos (imagen, imagen_thumb) values ('/uploads/a.webp', '/uploads/a_thumb.webp')",
  );
  db.close();
  for (const name of ['a.webp', 'a_thumb.webp']) writeFileSync(path.join(dataDir, 'uploads', name), `imagen ${name}`);
  return { dataDir, env: { DATA_DIR: dataDir, FACTORY_TZ: TZ } };
}

describe('backup and restore, unit by unit', () => {
  it('retention keeps the newest BACKUP_KEEP backups and never touches folders it did not make', async () => {
    const { env } = smallPortal();
    const config = loadConfig({ ...env, BACKUP_KEEP: '3' });
    const foreign = ['notas', '2020-01-01_00-00-00'];
    for (const name of foreign) mkdirSync(path.join(config.backup.dir, name), { recursive: true });
    writeFileSync(path.join(config.backup.dir, 'LEEME.txt'), 'x');
    const names: string[] = [];
    for (let day = 1; day <= 5; day++) {
      const result = await createBackup({ ...backupOptions(config), now: () => new Date(`2026-03-0${day}T02:00:00Z`) });
      names.push(path.basename(result.folder));
      expect(result.removed).toEqual(day > 3 ? [names[day - 4]] : []);
    }
    expect(names[0]).toBe('2026-03-01_03-00-00');
    expect((await listBackups(config.backup.dir)).map((b) => b.name)).toEqual(names.slice(2).reverse());
    expect(readdirSync(config.backup.dir).sort()).toEqual([...names.slice(2), ...foreign, 'LEEME.txt'].sort());
    // Images are never rewritten: a later backup links the previous one's file instead of copying it.
    expect(statSync(path.join(config.backup.dir, names[4], 'uploads', 'a.webp')).nlink).toBe(3);
    expect(await applyRetention(config.backup.dir, 1)).toEqual(names.slice(2, 4).reverse());
  });

  it('with an unreachable PostgreSQL, backup fails without the password; a SQLite backup is not restored over DATABASE_URL', async () => {
    const { env } = smallPortal();
    const config = loadConfig(env);
    const { folder } = await createBackup(backupOptions(config));
    const url = 'postgres://portal:clave-secreta@127.0.0.1:1/portal';
    const backup = await runScript('backup', [], { ...env, DATABASE_URL: url });
    expect(backup.code).toBe(1);
    expect(backup.stderr).toMatch(/^Backup failed: PostgreSQL could not be dumped: /);
    expect(backup.stderr).not.toContain('clave-secreta');
    expect((await listBackups(config.backup.dir)).map((b) => b.folder)).toEqual([folder]);
    await expect(restoreBackup(loadConfig({ ...env, DATABASE_URL: url }), folder)).rejects.toThrow(
      /holds the embedded SQLite database, but DATABASE_URL is set/,
    );
  });

  it('restore refuses a damaged backup and changes nothing', async () => {
    const { dataDir, env } = smallPortal();
    const config = loadConfig(env);
    const { folder } = await createBackup(backupOptions(config));
    const databaseCopy = path.join(folder, DATABASE_FILE);
    const manifestFile = path.join(folder, MANIFEST_FILE);
    const good = readFileSync(databaseCopy);
    const goodManifest = readFileSync(manifestFile, 'utf8');
    // The refused restore's own lock folder aside, the data directory is as it was.
    const live = () => ({
      entries: readdirSync(dataDir)
        .filter((name) => name !== 'running')
        .sort(),
      database: sha256Of(path.join(dataDir, DATABASE_FILE)),
    });
    const before = live();
    const refused = async (pattern: RegExp) => {
      await expect(restoreBackup(config, folder)).rejects.toThrow(RestoreRefused);
      await expect(checkBackup(folder)).rejects.toThrow(pattern);
      expect(live().entries).toEqual(before.entries);
      expect(await live().database).toBe(await before.database);
    };

    // A flipped byte: the checksum of the manifest no longer matches.
    const flipped = Buffer.from(good);
    flipped[good.length - 100] ^= 0xff;
    writeFileSync(databaseCopy, flipped);
    await refused(/does not match the checksum/);

    // A row that no longer matches its index, with the checksum recorded anyway: SQLite reads the file,
    // integrity_check does not pass it.
    const altered = Buffer.from(good);
    const pageSize = altered.readUInt16BE(16);
    const inTable = altered.indexOf('/uploads/a.webp', pageSize);
    expect(inTable).toBeLessThan(2 * pageSize);
    altered.write('/uploads/b.webp', inTable, 'latin1');
    writeFileSync(databaseCopy, altered);
    const manifest = JSON.parse(goodManifest);
    manifest.database.sha256 = await sha256Of(databaseCopy);
    writeFileSync(manifestFile, JSON.stringify(manifest));
    await refused(/fails integrity_check/);

    writeFileSync(databaseCopy, good);
    writeFileSync(manifestFile, goodManifest);
    rmSync(path.join(folder, 'uploads', 'a_thumb.webp'));
    await refused(/image files of its manifest are missing or damaged \(a_thumb\.webp\)/);

    rmSync(manifestFile);
    await refused(/has no manifest\.json/);
  });

  it('restores a backup older than the portal, which the next start migrates, and refuses one from a newer portal', async () => {
    const config = loadConfig({ DATA_DIR: tempDir('portal-backup-old-'), FACTORY_TZ: TZ });
    const provider = new FolderMigrationProvider();
    const names = Object.keys(await provider.getMigrations()).sort();
    const older = createDb({ sqliteFile: config.sqliteFile });
    await new Migrator({ db: older.db, provider }).migrateTo(names[names.length - 2]);
    await older.db.destroy();
    const { folder, manifest } = await createBackup(backupOptions(config));
    expect(manifest.database.migrations).toEqual(names.slice(0, -1));

    await restoreBackup(config, folder);
    const restored = createDb({ sqliteFile: config.sqliteFile });
    await migrateToLatest(restored.db); // as the server does at start
    expect(restored.sqlite!.prepare('select name from kysely_migration order by name').pluck().all()).toEqual(names);
    restored.sqlite!.prepare("insert into kysely_migration (name, timestamp) values ('2999-01-01T00-del-futuro', 'x')").run();
    await restored.db.destroy();
    const newer = await createBackup(backupOptions(config));
    await expect(checkBackup(newer.folder)).rejects.toThrow(/made by a newer portal \(migrations 2999-01-01T00-del-futuro are unknown/);
  });

  it('a restore and a starting server keep out of each other; a lock whose process is gone does not count', async () => {
    const { dataDir } = smallPortal();
    const lockDir = path.join(dataDir, 'running');
    mkdirSync(lockDir);
    const lock = (role: string, pid: number) =>
      writeFileSync(
        path.join(lockDir, `${role}-${pid}.json`),
        JSON.stringify({ role, pid, host: hostname(), startedAt: 'x', processStart: null }),
      );
    // The parent of this process is alive: its restore lock stops a server from starting.
    lock('restore', process.ppid);
    expect(() => acquireServerLock(dataDir)).toThrow(/a restore \(pid \d+.*is replacing the data/);
    expect(existsSync(path.join(lockDir, `server-${process.pid}.json`))).toBe(false);
    rmSync(path.join(lockDir, `restore-${process.ppid}.json`));
    // A pid that no longer exists: stale, removed by the next lock taken.
    const gone = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '0']);
      child.once('exit', () => resolve(child.pid!));
    });
    lock('server', gone);
    expect(liveRunLocks(dataDir)).toEqual([]);
    const held = acquireServerLock(dataDir);
    expect(readdirSync(lockDir)).toEqual([`server-${process.pid}.json`]);
    held.release();
    expect(readdirSync(lockDir)).toEqual([]);
  });

  it('the daily backup runs once at BACKUP_HOUR on the factory clock and logs its result', async () => {
    const { env } = smallPortal();
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
    const config = loadConfig({ ...env, BACKUP_HOUR: String(hour) });
    const logged: { level: string; msg: string }[] = [];
    const record = (level: string) => (_: unknown, msg: string) => logged.push({ level, msg });
    const log = { info: record('info'), error: record('error') } as unknown as Parameters<typeof scheduleDailyBackup>[1];
    const stop = scheduleDailyBackup(config, log, 10);
    try {
      while (logged.length === 0) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      stop();
    }
    expect(logged).toEqual([{ level: 'info', msg: 'daily backup done' }]);
    expect(await listBackups(config.backup.dir)).toHaveLength(1);
  });
});
