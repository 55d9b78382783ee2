/**
 * PostgreSQL backups (src/lib/backup-postgres.ts, decision 030), with Debian's pg_dump and pg_restore.
 * The real server runs as a child process on a database of its own while clients write over HTTP;
 * `npm run backup`'s command dumps it meanwhile; `npm run restore`'s refuses the live database and
 * restores into an empty one every write acknowledged before the backup began, with its images; the
 * portal then starts on it. A damaged dump is refused before anything changes.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { listBackups, MANIFEST_FILE } from '../src/lib/backup';
import { POSTGRES_DUMP_FILE } from '../src/lib/backup-postgres';
import { backupUnderLoad, type RequestInput, requestInit, runScript, ServerProcess, serverEnv } from './crash/server-process';
import { freshDatabase, pgUnavailable, TEST_DB } from './helper';

const ADMIN = { worker_id: 'jefe', password: 'clave-del-jefe' };
const PASSWORD = 'secreto123';

describe.skipIf(pgUnavailable || TEST_DB !== 'postgres')('PostgreSQL backup and restore', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('restores into an empty database every write acknowledged before the backup began, and refuses a live or damaged one', async () => {
    const live = await freshDatabase();
    cleanups.push(live.drop);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-pg-backup-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { ...serverEnv(dataDir, ADMIN), DATABASE_URL: live.url, BACKUP_HOUR: 'off' };
    let server = new ServerProcess(env);
    cleanups.push(() => server.kill());
    await server.start();

    const unexpected: string[] = [];
    const call = async <T>(method: string, url: string, input: RequestInput = {}) => {
      const { headers, body } = requestInit(input);
      const res = await fetch(`${server.baseUrl}${url}`, { method, headers, body });
      const text = await res.text();
      if (res.ok) return JSON.parse(text) as T;
      unexpected.push(`${method} ${url}: ${res.status} ${text}`);
      return null;
    };
    const admin = (await call<{ accessToken: string }>('POST', '/api/admin/login', { json: ADMIN }))!;
    const station = (await call<{ id: number }>('POST', '/api/admin/arcos-sumergidos', {
      token: admin.accessToken,
      json: { name: 'Arco Volcado', nave: 'Nave 1' },
    }))!;
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      const worker_id = `volcado${i}`;
      await call('POST', '/api/auth/register', { json: { worker_id, name: `Trabajador ${i}`, password: PASSWORD } });
      const login = await call<{ accessToken: string }>('POST', '/api/auth/login', {
        json: { worker_id, password: PASSWORD, nave: 'Nave 1', arco_sumergido_id: station.id },
      });
      tokens.push(login!.accessToken);
    }
    const photo = await sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .jpeg()
      .toBuffer();

    // ---- the ledger: what each client was told, and when ----
    const now = () => performance.now();
    const tramos = new Map<number, { id_tramo: string; imagen: string | null; at: number }>();
    const posts = new Map<number, { content: string; at: number }>();
    let serial = 0;
    let writing = true;
    async function client(token: string) {
      while (writing) {
        const n = serial++;
        if (n % 2 === 0) {
          const id_tramo = `TR-${n}`;
          const res = await call<{ tramo: { id: number; imagen: string | null } }>('POST', '/api/tramos', {
            token,
            form: { id_tramo, id_proyecto: `PR-${n}`, id_circular: `CI-${n}`, arco_sumergido_id: String(station.id) },
            file: n % 4 === 0 ? { field: 'imagen', data: photo } : undefined,
          });
          if (res) tramos.set(res.tramo.id, { id_tramo, imagen: res.tramo.imagen, at: now() });
        } else {
          const content = `Publicación ${n}`;
          const res = await call<{ post: { id: number } }>('POST', '/api/wall/posts', { token, form: { content } });
          if (res) posts.set(res.post.id, { content, at: now() });
        }
      }
    }
    const clients = tokens.map(client);
    while (tramos.size < 10) await new Promise((r) => setTimeout(r, 50));

    // ---- the backup, while the clients keep writing ----
    const { backup, began, ended } = await backupUnderLoad(env, () => {
      writing = false;
      return Promise.all(clients);
    });
    expect(unexpected).toEqual([]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const during = [...tramos.values(), ...posts.values()].filter((w) => w.at > began && w.at < ended).length;
    expect(during, 'writes acknowledged while the backup ran').toBeGreaterThan(0);
    const [stored] = await listBackups(path.join(dataDir, 'backups'));
    expect(backup.stdout).toContain(stored.folder);
    expect(stored.manifest.database).toMatchObject({ engine: 'postgres', file: POSTGRES_DUMP_FILE });
    expect(stored.manifest.database.migrations.length).toBeGreaterThan(5);
    expect(stored.manifest.uploads.missing).toEqual([]);
    expect(stored.manifest.uploads.referenced).toBeGreaterThan(0);
    console.log(
      `PostgreSQL backup under load: ${stored.manifest.database.tables.tramos} tramos, ${stored.manifest.uploads.files.length} files, ` +
        `${stored.manifest.database.bytes} bytes of dump; ${during} writes acknowledged while it ran`,
    );

    // ---- restore refuses the live, non-empty database and changes nothing ----
    const refused = await runScript('restore', [stored.name], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Restore refused: the database of DATABASE_URL is not empty \(\d+ tables\)/);

    // ---- a damaged dump is refused ----
    const dump = path.join(stored.folder, POSTGRES_DUMP_FILE);
    const good = readFileSync(dump);
    const empty = await freshDatabase();
    cleanups.push(empty.drop);
    const restoreEnv = { ...env, DATABASE_URL: empty.url };
    const damaged = Buffer.from(good);
    damaged[Math.floor(damaged.length / 2)] ^= 0xff;
    writeFileSync(dump, damaged);
    const refusedDamaged = await runScript('restore', [stored.name], restoreEnv);
    expect(refusedDamaged.code).toBe(1);
    expect(refusedDamaged.stderr).toContain(`${POSTGRES_DUMP_FILE} does not match the checksum in its manifest`);
    writeFileSync(dump, good);

    // ---- restore into an empty database, with the portal stopped ----
    await server.stop();
    const restored = await runScript('restore', [stored.name], restoreEnv);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(stored.folder, MANIFEST_FILE), 'utf8'));
    const db = new pg.Client({ connectionString: empty.url });
    await db.connect();
    try {
      const one = async (query: string, id: number) => (await db.query(query, [id])).rows[0];
      for (const [table, rows] of Object.entries(manifest.database.tables as Record<string, number>))
        expect(Number((await db.query(`select count(*) as n from "${table}"`)).rows[0].n), table).toBe(rows);
      for (const [id, t] of [...tramos].filter(([, e]) => e.at < began)) {
        expect(await one('select id_tramo, imagen from tramos where id = $1', id), `tramo ${id}`).toEqual({
          id_tramo: t.id_tramo,
          imagen: t.imagen,
        });
        if (t.imagen) expect(readFileSync(path.join(dataDir, t.imagen)).toString('latin1', 8, 12), `tramo ${id} image`).toBe('WEBP');
      }
      for (const [id, p] of [...posts].filter(([, e]) => e.at < began))
        expect(await one('select content from wall_posts where id = $1', id), `post ${id}`).toEqual({ content: p.content });
    } finally {
      await db.end();
    }

    // ---- the portal starts on the restored database and serves its images ----
    server = new ServerProcess(restoreEnv);
    await server.start();
    const reader = (await call<{ accessToken: string }>('POST', '/api/admin/login', { json: ADMIN }))!;
    const [id, t] = [...tramos].find(([, e]) => e.at < began && e.imagen)!;
    expect(await call('GET', `/api/tramos/${id}`, { token: reader.accessToken })).toMatchObject({ id_tramo: t.id_tramo, imagen: t.imagen });
    expect((await fetch(`${server.baseUrl}${t.imagen}`)).status).toBe(200);
    expect(unexpected).toEqual([]);
  });
});
