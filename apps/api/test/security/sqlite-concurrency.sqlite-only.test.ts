import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDb, type DbHandle } from '../../src/db/index';
import { upsertAdmin } from '../../src/modules/users/bootstrap';
import { testEnv } from '../helper';

/**
 * SQLite under concurrent writers: one database FILE used by two API instances, one in this process
 * and one in a child process (two connections, two processes, as when a second copy is started by
 * mistake or during a rolling restart). A mixed burst of writes against both must never answer 5xx
 * nor show SQLITE_BUSY / 'database is locked', and every counter must match its rows afterwards.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../..');
const ROUNDS = 4;
const CONCURRENT = 50;
const ADMIN = { worker_id: 'admin', password: 'admin-password' };

interface Session {
  token: string;
  worker_id: string;
}

describe('SQLite: two instances writing one file at once', () => {
  let dataDir: string;
  let handle: DbHandle;
  let app: App;
  let child: ChildProcess;
  let childLog = '';
  const bases: string[] = [];
  let stationId: number;
  let png: Buffer;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-concurrency-'));
    const env = testEnv(dataDir);
    const config = loadConfig(env);
    handle = createDb({ sqliteFile: config.sqliteFile });
    app = await buildApp({ config, db: handle, logger: { level: 'error' } });
    await upsertAdmin(handle.db, ADMIN.worker_id, ADMIN.password, 'Admin Principal');
    await app.listen({ port: 0, host: '127.0.0.1' });
    bases.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);

    // The second instance: the real server, its own process and connection, on the same file.
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`second instance did not start:\n${childLog}`)), 45_000);
      const onData = (chunk: Buffer) => {
        childLog += chunk.toString();
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(childLog);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => reject(new Error(`second instance exited (${code}):\n${childLog}`)));
    });
    bases.push(url);

    const nave = await handle.db.selectFrom('naves').select('id').where('name', '=', 'Nave 1').executeTakeFirstOrThrow();
    stationId = (
      await handle.db
        .insertInto('arcos_sumergidos')
        .values({ name: 'Arco Concurrencia', nave_id: nave.id, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let seq = 0;
  async function call(base: string, method: string, url: string, token?: string, body?: unknown) {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${base}${url}`, { method, headers, body: payload });
    const text = await res.text();
    return { status: res.status, text, json: () => JSON.parse(text) };
  }
  const form = (fields: Record<string, string | number>, image?: Buffer) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, String(v));
    if (image) f.append(fields.content ? 'image' : 'imagen', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'foto.png');
    return f;
  };

  async function newSession(base: string): Promise<Session> {
    const worker_id = `c${process.pid}x${seq++}`;
    const reg = await call(base, 'POST', '/api/auth/register', undefined, { worker_id, name: 'Concurrente', password: 'secreto123' });
    if (reg.status !== 201) throw new Error(`register ${reg.status} ${reg.text}`);
    const login = await call(base, 'POST', '/api/auth/login', undefined, {
      worker_id,
      password: 'secreto123',
      nave: 'Nave 1',
      arco_sumergido_id: stationId,
    });
    if (login.status !== 200) throw new Error(`login ${login.status} ${login.text}`);
    return { token: login.json().accessToken, worker_id };
  }

  it('a burst of mixed writes on both instances: no 5xx, no busy error, counters equal their rows', async () => {
    const failures: string[] = [];
    let requests = 0;
    let tramosCreated = 0;
    const likers = new Set<string>();
    const check = (what: string, res: { status: number; text: string }, ok: number[]) => {
      requests++;
      if (!ok.includes(res.status) || /SQLITE_BUSY|database is locked|SQLITE_/i.test(res.text)) {
        failures.push(`${what}: ${res.status} ${res.text.slice(0, 160)}`);
      }
    };

    const sessions = await Promise.all(Array.from({ length: 10 }, (_, i) => newSession(bases[i % 2])));
    const firstPost = await call(bases[0], 'POST', '/api/wall/posts', sessions[0].token, form({ content: 'Publicación compartida' }));
    expect(firstPost.status).toBe(201);
    const sharedPost = firstPost.json().post.id;

    for (let round = 0; round < ROUNDS; round++) {
      const ops = Array.from({ length: CONCURRENT }, async (_, i) => {
        const base = bases[(i + round) % 2];
        const s = sessions[i % sessions.length];
        switch (i % 6) {
          case 0: {
            const worker_id = `n${process.pid}r${round}i${i}`;
            check(
              'register',
              await call(base, 'POST', '/api/auth/register', undefined, { worker_id, name: 'Nuevo', password: 'secreto123' }),
              [201],
            );
            break;
          }
          case 1: {
            const fields = { id_tramo: `T-${round}-${i}`, id_proyecto: 'P-CONC', id_circular: 'C-CONC', arco_sumergido_id: stationId };
            const res = await call(base, 'POST', '/api/tramos', s.token, form(fields, i % 12 === 1 ? png : undefined));
            check('tramo', res, [201]);
            if (res.status === 201) tramosCreated++;
            break;
          }
          case 2: {
            // Start and end in a row; another request of the same worker may hold the active stop (409).
            const start = await call(base, 'POST', '/api/paradas-kaiser/start', s.token, { description: `r${round}` });
            check('stop start', start, [201, 409]);
            if (start.status === 201) {
              check(
                'stop end',
                await call(bases[(i + round + 1) % 2], 'PUT', `/api/paradas-kaiser/end/${start.json().stopId}`, s.token, {}),
                [200],
              );
            }
            break;
          }
          case 3:
            check('post', await call(base, 'POST', '/api/wall/posts', s.token, form({ content: `Publicación ${round}-${i}` })), [201]);
            break;
          case 4:
            likers.add(s.worker_id);
            check('like', await call(base, 'POST', `/api/wall/posts/${sharedPost}/like`, s.token), [200]);
            check('unlike', await call(base, 'DELETE', `/api/wall/posts/${sharedPost}/like`, s.token), [200]);
            check('like again', await call(base, 'POST', `/api/wall/posts/${sharedPost}/like`, s.token), [200]);
            break;
          default:
            check(
              'comment',
              await call(base, 'POST', `/api/wall/posts/${sharedPost}/comments`, s.token, form({ content: `Comentario ${i}` })),
              [201],
            );
        }
      });
      await Promise.all(ops);
    }
    console.log(`sqlite concurrency: ${requests} write requests over ${ROUNDS} rounds of ${CONCURRENT} on two instances`);
    if (failures.length)
      console.log(
        childLog
          .split('\n')
          .filter((l) => /"level":50/.test(l))
          .map((l) => l.slice(0, 600))
          .join('\n'),
      );
    expect(failures).toEqual([]);
    expect(childLog).not.toMatch(/SQLITE_BUSY|database is locked/);

    const db = handle.db;
    const post = await db.selectFrom('wall_posts').selectAll().where('id', '=', sharedPost).executeTakeFirstOrThrow();
    const likes = await db
      .selectFrom('wall_likes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('post_id', '=', sharedPost)
      .executeTakeFirstOrThrow();
    const comments = await db
      .selectFrom('wall_comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('post_id', '=', sharedPost)
      .executeTakeFirstOrThrow();
    expect(post.like_count).toBe(Number(likes.n));
    expect(post.comment_count).toBe(Number(comments.n));
    // Every like/unlike/like chain ends with a like, so each worker who ran one likes the post now.
    expect(post.like_count).toBe(likers.size);
    const active = await db.selectFrom('paradas_kaiser').select('user_id').where('end_time', 'is', null).execute();
    expect(active).toEqual([]);
    const tramos = await db
      .selectFrom('tramos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id_proyecto', '=', 'P-CONC')
      .executeTakeFirstOrThrow();
    expect(Number(tramos.n)).toBe(tramosCreated);
    expect(tramosCreated).toBeGreaterThan(0);
    expect(handle.sqlite!.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(handle.sqlite!.pragma('journal_mode', { simple: true })).toBe('wal');
  });
});
