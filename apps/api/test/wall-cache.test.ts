import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type WallPost, wallPost } from '@portal/contract/wall';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { App } from '../src/app';
import type { BusEvent } from '../src/lib/event-bus';
import { WallPageCache } from '../src/modules/wall/page-cache/pages';
import { type LoadedPage, preferredEncoding } from '../src/modules/wall/page-cache/variants';
import type { WallPageKey } from '../src/modules/wall/repository';
import {
  adminToken,
  bearer,
  buildTestApp,
  createArco,
  createWorker,
  multipart,
  pgUnavailable,
  secondInstance,
  TEST_DB,
  type TestApp,
  type TestArco,
  type Worker,
} from './helper';

/**
 * The wall page cache (docs/decisions/005-wall-page-cache.md) never shows a stale wall through the API: every kind of change a
 * wall page shows is read back right after the write, by the writer and by another viewer who had
 * the page cached, on both engines. PostgreSQL also shows a change made through a second instance.
 */

async function wallOf(app: App, token: string, query = ''): Promise<WallPost[]> {
  const res = await app.inject({ method: 'GET', url: `/api/wall/posts${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  // The page cache bypasses the response serializer: its answers must match the contract exactly.
  return z.array(wallPost.strict()).parse(res.json());
}

async function createPost(app: App, token: string, content: string): Promise<WallPost> {
  const body = await multipart({ content });
  const res = await app.inject({
    method: 'POST',
    url: '/api/wall/posts',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().post;
}

/** The events the bus delivers on an instance, to wait for one (e.g. our own NOTIFY coming back). */
function record(app: App) {
  const seen: BusEvent[] = [];
  const stop = app.ctx.events.subscribe({ deliver: (event) => seen.push(event), reset: () => {} });
  return {
    stop,
    async until(type: 'post.created' | 'like.changed', postId: number) {
      const idOf = (e: BusEvent) =>
        e.type === 'like.changed' ? (e.payload as { post_id: number }).post_id : (e.payload as { post: { id: number } }).post.id;
      for (let i = 0; i < 200; i++) {
        if (seen.some((e) => e.type === type && idOf(e) === postId)) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`${type} ${postId} never delivered`);
    },
  };
}

const byId = (posts: WallPost[], id: number) => posts.find((p) => p.id === id);

/**
 * Creates a post and waits until this instance has heard its event: on PostgreSQL its own NOTIFY comes
 * back through LISTEN and makes the station's page stale, so a page kept before that would not last.
 */
async function createHeardPost(app: App, token: string, content: string): Promise<WallPost> {
  const events = record(app);
  const p = await createPost(app, token, content);
  await events.until('post.created', p.id);
  events.stop();
  return p;
}

describe.skipIf(pgUnavailable)('wall page cache through the API', () => {
  let t: TestApp;
  let station: TestArco;
  let other: TestArco;
  let ana: Worker;
  let beto: Worker;
  let admin: string;

  beforeAll(async () => {
    // A TTL far longer than the test: anything seen fresh here was invalidated, not expired.
    t = await buildTestApp({ WALL_CACHE_MS: '600000' });
    station = await createArco(t, 'Arco Caché');
    other = await createArco(t, 'Arco Vecino', 'Nave 2');
    ana = await createWorker(t, station, 'Ana Caché');
    beto = await createWorker(t, station, 'Beto Caché');
    admin = await adminToken(t);
  });
  afterAll(async () => t?.close());

  it('serves the cached page (a change that bypasses the API is not seen) and one load per page', async () => {
    const p = await createHeardPost(t.app, ana.token, 'Original');
    expect(byId(await wallOf(t.app, beto.token), p.id)?.content).toBe('Original');
    await t.db.updateTable('wall_posts').set({ content: 'Cambiado por fuera' }).where('id', '=', p.id).execute();
    expect(byId(await wallOf(t.app, beto.token), p.id)?.content).toBe('Original');
    expect(byId(await wallOf(t.app, ana.token), p.id)?.content).toBe('Original');
    // What clears it: the bus's invalidation (what renames and deletions call).
    await t.app.ctx.events.invalidateCaches();
    expect(byId(await wallOf(t.app, beto.token), p.id)?.content).toBe('Cambiado por fuera');
  });

  it('shows a like at once to the liker (flag and count) and the new count to another viewer, each with their own flag', async () => {
    const p = await createPost(t.app, ana.token, 'Para dar me gusta');
    expect(byId(await wallOf(t.app, ana.token), p.id)).toMatchObject({ like_count: 0, is_liked_by_current_user: false });
    expect(byId(await wallOf(t.app, beto.token), p.id)).toMatchObject({ like_count: 0, is_liked_by_current_user: false });

    const like = await t.app.inject({ method: 'POST', url: `/api/wall/posts/${p.id}/like`, headers: bearer(beto.token) });
    expect(like.statusCode).toBe(200);
    expect(byId(await wallOf(t.app, beto.token), p.id)).toMatchObject({ like_count: 1, is_liked_by_current_user: true });
    expect(byId(await wallOf(t.app, ana.token), p.id)).toMatchObject({ like_count: 1, is_liked_by_current_user: false });

    await t.app.inject({ method: 'DELETE', url: `/api/wall/posts/${p.id}/like`, headers: bearer(beto.token) });
    expect(byId(await wallOf(t.app, beto.token), p.id)).toMatchObject({ like_count: 0, is_liked_by_current_user: false });
  });

  it('shows new, edited and deleted posts and comment counts at once', async () => {
    await wallOf(t.app, beto.token);
    const p = await createPost(t.app, ana.token, 'Nueva');
    expect((await wallOf(t.app, beto.token))[0].id).toBe(p.id);

    const edit = await multipart({ content: 'Editada' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/wall/posts/${p.id}`,
      headers: { ...bearer(ana.token), ...edit.headers },
      payload: edit.payload,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(byId(await wallOf(t.app, beto.token), p.id)?.content).toBe('Editada');

    const comment = await multipart({ content: 'Un comentario' });
    const c = await t.app.inject({
      method: 'POST',
      url: `/api/wall/posts/${p.id}/comments`,
      headers: { ...bearer(beto.token), ...comment.headers },
      payload: comment.payload,
    });
    expect(c.statusCode, c.body).toBe(201);
    expect(byId(await wallOf(t.app, ana.token), p.id)?.comment_count).toBe(1);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/wall/posts/${p.id}/comments/${c.json().comment.id}`,
      headers: bearer(beto.token),
    });
    expect(del.statusCode).toBe(200);
    expect(byId(await wallOf(t.app, ana.token), p.id)?.comment_count).toBe(0);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/wall/posts/${p.id}`, headers: bearer(ana.token) })).statusCode).toBe(200);
    expect(byId(await wallOf(t.app, beto.token), p.id)).toBeUndefined();
  });

  it("another station's change leaves this station's page cached, and reaches the admin's all-walls page", async () => {
    const carla = await createWorker(t, other, 'Carla Vecina');
    const events = record(t.app);
    const mine = await createPost(t.app, ana.token, 'De mi estación');
    // On PostgreSQL this instance hears its own events again through LISTEN: let them all arrive.
    await events.until('post.created', mine.id);
    await wallOf(t.app, beto.token);
    await wallOf(t.app, admin);
    // Bypassing the API, so only a reload could show it.
    await t.db.updateTable('wall_posts').set({ content: 'Sin evento' }).where('id', '=', mine.id).execute();
    const theirs = await createPost(t.app, carla.token, 'De la estación vecina');
    await events.until('post.created', theirs.id);
    events.stop();
    expect(byId(await wallOf(t.app, beto.token), mine.id)?.content).toBe('De mi estación');
    const all = await wallOf(t.app, admin);
    expect(all[0].id).toBe(theirs.id);
    expect(byId(all, mine.id)?.content).toBe('Sin evento');
    await t.app.ctx.events.invalidateCaches();
  });

  it("shows an author's new name, a station's new name and a deleted author's withdrawn likes", async () => {
    const dora = await createWorker(t, station, 'Dora Antes');
    const p = await createPost(t.app, dora.token, 'De Dora');
    await t.app.inject({ method: 'POST', url: `/api/wall/posts/${p.id}/like`, headers: bearer(dora.token) });
    expect(byId(await wallOf(t.app, beto.token), p.id)).toMatchObject({ user_name: 'Dora Antes', like_count: 1 });

    const own = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/profile',
      headers: bearer(dora.token),
      payload: { name: 'Dora Después', worker_id: dora.worker_id },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(byId(await wallOf(t.app, beto.token), p.id)?.user_name).toBe('Dora Después');

    const byAdmin = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${dora.id}/profile`,
      headers: bearer(admin),
      payload: { name: 'Dora Admin', worker_id: dora.worker_id },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byId(await wallOf(t.app, beto.token), p.id)?.user_name).toBe('Dora Admin');

    const rename = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/arcos-sumergidos/${station.id}`,
      headers: bearer(admin),
      payload: { name: 'Arco Renombrado', nave: station.nave },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(byId(await wallOf(t.app, beto.token), p.id)?.arco_sumergido_name).toBe('Arco Renombrado');

    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${dora.id}`, headers: bearer(admin) })).statusCode).toBe(200);
    expect(byId(await wallOf(t.app, beto.token), p.id)).toMatchObject({ user_name: 'Usuario eliminado', like_count: 0 });
  });

  it('answers in brotli or gzip when the browser accepts it, the same JSON once decoded, each viewer with their flags', async () => {
    const long = 'Soldadura revisada en el tramo norte, sin incidencias y con la junta limpia. '.repeat(3);
    const events = record(t.app);
    const posts: WallPost[] = [];
    for (let i = 0; i < 6; i++) posts.push(await createPost(t.app, ana.token, `${long}${i}`));
    const like = await t.app.inject({ method: 'POST', url: `/api/wall/posts/${posts[0].id}/like`, headers: bearer(beto.token) });
    expect(like.statusCode, like.body).toBe(200);
    // Only kept answers are compressed: on PostgreSQL, let this instance's own events come back first.
    for (const p of posts) await events.until('post.created', p.id);
    await events.until('like.changed', posts[0].id);
    events.stop();
    const get = (token: string, acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/wall/posts',
        headers: { ...bearer(token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const plain = await get(beto.token);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const expected = plain.json() as WallPost[];
    expect(byId(expected, posts[0].id)?.is_liked_by_current_user).toBe(true);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get(beto.token, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decoders[encoding](res.rawPayload).toString('utf8')), accept).toEqual(expected);
    }
    // Another viewer's compressed answer carries their own flags.
    const anas = await get(ana.token, 'br');
    expect(anas.headers['content-encoding']).toBe('br');
    const anaPosts = z.array(wallPost.strict()).parse(JSON.parse(brotliDecompressSync(anas.rawPayload).toString('utf8')));
    expect(byId(anaPosts, posts[0].id)?.is_liked_by_current_user).toBe(false);
    expect(anaPosts.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    // No coding the server offers: plain JSON.
    for (const accept of ['identity', 'deflate', 'br;q=0'])
      expect((await get(beto.token, accept)).headers['content-encoding'], accept).toBeUndefined();
  });

  it('keeps pages apart: wall name, page (before) and limit', async () => {
    for (let i = 0; i < 4; i++) await createPost(t.app, ana.token, `Página ${i}`);
    const first = await wallOf(t.app, beto.token, '?limit=2');
    expect(first).toHaveLength(2);
    const next = await wallOf(t.app, beto.token, `?limit=2&before=${first[1].id}`);
    expect(next).toHaveLength(2);
    expect(next[0].id).toBeLessThan(first[1].id);
    expect(await wallOf(t.app, beto.token, '?wall_name=Otro')).toEqual([]);
    expect(await wallOf(t.app, beto.token, '?limit=3')).toHaveLength(3);
  });
});

describe.skipIf(pgUnavailable)('wall page cache expiry through the API (WALL_CACHE_MS)', () => {
  const TTL_MS = 5_000;
  let t: TestApp;
  let ana: Worker;

  beforeAll(async () => {
    t = await buildTestApp({ WALL_CACHE_MS: String(TTL_MS) });
    ana = await createWorker(t, await createArco(t, 'Arco Caducidad'), 'Ana Caducidad');
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => t?.close());

  it('serves a kept page until WALL_CACHE_MS has passed, then reads the wall again', async () => {
    const p = await createHeardPost(t.app, ana.token, 'Antes de caducar');
    // Only the clock the cache reads is faked: the database and the server's timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    const loadedAt = Date.now();
    expect(byId(await wallOf(t.app, ana.token), p.id)?.content).toBe('Antes de caducar');
    // A change that bypasses the API publishes no event: only the expiry can show it.
    await t.db.updateTable('wall_posts').set({ content: 'Cambiado por fuera' }).where('id', '=', p.id).execute();
    vi.setSystemTime(loadedAt + TTL_MS - 1);
    expect(byId(await wallOf(t.app, ana.token), p.id)?.content).toBe('Antes de caducar');
    vi.setSystemTime(loadedAt + TTL_MS);
    expect(byId(await wallOf(t.app, ana.token), p.id)?.content).toBe('Cambiado por fuera');
  });
});

/** The cache's answer as the wall list's route gets it: the bytes at once on a hit, else a promise of them. */
const json = (cache: WallPageCache, key: WallPageKey, viewerId: number, load: () => Promise<LoadedPage>): Buffer | Promise<Buffer> =>
  cache.hit(key, viewerId)?.body ?? cache.miss(key, viewerId, load).then((answer) => answer.body);

describe('WallPageCache', () => {
  const post = (id: number) => ({
    id,
    user_id: 1,
    user_name: 'Ana',
    arco_sumergido_id: 7,
    arco_sumergido_name: 'Arco',
    wall_name: 'Main',
    timestamp: '2026-11-21T10:00:00.000Z',
    content: `Post ${id}`,
    image_path: null,
    image_thumb: null,
    like_count: id,
    comment_count: 0,
  });
  const event = (station: number | null) =>
    ({ type: 'like.changed', payload: { post_id: 1, like_count: 1, arco_sumergido_id: station }, audience: { arco: station } }) as const;

  it('a page read while its wall changes is not kept, and concurrent misses share one load', async () => {
    const cache = new WallPageCache(60_000);
    let loads = 0;
    let release: () => void = () => {};
    const load = async () => {
      loads++;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { posts: [post(1)], likers: new Map([[1, new Set([42])]]) };
    };
    const a = json(cache, { arcoSumergidoId: 7, limit: 20 }, 42, load);
    const b = json(cache, { arcoSumergidoId: 7, limit: 20 }, 43, load);
    await Promise.resolve();
    cache.watcher(event(7));
    release();
    expect(JSON.parse(String(await a))[0].is_liked_by_current_user).toBe(true);
    expect(JSON.parse(String(await b))[0].is_liked_by_current_user).toBe(false);
    expect(loads).toBe(1);
    expect(cache.size.pages).toBe(0);

    const c = json(cache, { arcoSumergidoId: 7, limit: 20 }, 42, load);
    await Promise.resolve();
    release();
    await c;
    expect(loads).toBe(2);
    expect(cache.size.pages).toBe(1);
    // A change at another station, or a stop's event, leaves it; its own station's change does not.
    cache.watcher(event(8));
    const paradaEvent: BusEvent = { type: 'parada.changed', payload: { id: 1, arco_sumergido_id: 7 }, audience: { user: 5 } };
    cache.watcher(paradaEvent);
    await json(cache, { arcoSumergidoId: 7, limit: 20 }, 42, load);
    expect(loads).toBe(2);
    cache.watcher(event(7));
    const d = json(cache, { arcoSumergidoId: 7, limit: 20 }, 42, load);
    await Promise.resolve();
    release();
    await d;
    expect(loads).toBe(3);
  });

  it('answers a page from the cache until its TTL has passed, then loads it again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new WallPageCache(1_000);
      let loads = 0;
      const load = async () => {
        loads++;
        return { posts: [post(1)], likers: new Map() };
      };
      const key = { arcoSumergidoId: 7, limit: 20 };
      await json(cache, key, 1, load);
      await Promise.resolve();
      const loadedAt = Date.now();
      vi.setSystemTime(loadedAt + 999);
      expect(cache.hit(key, 1)).toBeDefined();
      vi.setSystemTime(loadedAt + 1_000);
      expect(cache.hit(key, 1)).toBeUndefined();
      await json(cache, key, 1, load);
      expect(loads).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds at most maxBytes of pages, dropping the oldest first', async () => {
    const load = async () => ({ posts: [post(1)], likers: new Map() });
    const one = new WallPageCache(60_000);
    await json(one, { arcoSumergidoId: 7, limit: 20 }, 1, load);
    await Promise.resolve();
    const pageBytes = one.size.bytes;
    expect(pageBytes).toBeGreaterThan(0);

    const cache = new WallPageCache(60_000, pageBytes * 3);
    let loads = 0;
    const counted = async () => {
      loads++;
      return load();
    };
    for (let before = 1; before <= 5; before++) await json(cache, { arcoSumergidoId: 7, before, limit: 20 }, 1, counted);
    await Promise.resolve();
    expect(cache.size).toEqual({ pages: 3, bytes: pageBytes * 3 });
    // The newest three stayed; the oldest went.
    await json(cache, { arcoSumergidoId: 7, before: 5, limit: 20 }, 1, counted);
    expect(loads).toBe(5);
    await json(cache, { arcoSumergidoId: 7, before: 1, limit: 20 }, 1, counted);
    expect(loads).toBe(6);
  });

  const flags = (answer: Buffer) =>
    (JSON.parse(String(answer)) as { id: number; is_liked_by_current_user: boolean }[]).map((p) => p.is_liked_by_current_user);
  // Viewer 10 liked posts 1 and 3, viewer 11 post 3, viewers 20 and 21 nothing.
  const load = async () => ({
    posts: [post(1), post(2), post(3)],
    likers: new Map([
      [1, new Set([10])],
      [3, new Set([10, 11])],
    ]),
  });
  const key = { arcoSumergidoId: 7, limit: 20 };

  it('answers from the cache synchronously, each viewer with their own flags, sharing one answer per like pattern', async () => {
    const cache = new WallPageCache(60_000);
    const first = json(cache, key, 20, load);
    expect(first).toBeInstanceOf(Promise);
    expect(flags(await first)).toEqual([false, false, false]);
    await Promise.resolve();
    const postsOnly = cache.size.bytes;

    const a = json(cache, key, 20, load);
    const b = json(cache, key, 21, load);
    const c = json(cache, key, 10, load);
    const d = json(cache, key, 11, load);
    for (const answer of [a, b, c, d]) expect(Buffer.isBuffer(answer)).toBe(true);
    expect(flags(a as Buffer)).toEqual([false, false, false]);
    expect(flags(c as Buffer)).toEqual([true, false, true]);
    expect(flags(d as Buffer)).toEqual([false, false, true]);
    // Two viewers who liked the same posts get the very same bytes; the memo counts in the cache's size.
    expect(b).toBe(a);
    expect(json(cache, key, 10, load)).toBe(c);
    expect(cache.size.bytes).toBe(postsOnly + (a as Buffer).length + (c as Buffer).length + (d as Buffer).length);

    // A change on the wall drops the page and its answers: the next answer is a fresh load.
    cache.watcher(event(7));
    const reloaded = json(cache, key, 20, async () => ({ posts: [post(1)], likers: new Map() }));
    expect(reloaded).toBeInstanceOf(Promise);
    expect(flags(await reloaded)).toEqual([false]);
  });

  it('keeps no joined answers beyond the byte cap, and none with the cache off', async () => {
    const probe = new WallPageCache(60_000);
    await json(probe, key, 20, load);
    await Promise.resolve();
    const capped = new WallPageCache(60_000, probe.size.bytes);
    await json(capped, key, 20, load);
    await Promise.resolve();
    const answer = json(capped, key, 20, load) as Buffer;
    expect(flags(answer)).toEqual([false, false, false]);
    expect(json(capped, key, 20, load)).not.toBe(answer);
    expect(capped.size).toEqual({ pages: 1, bytes: probe.size.bytes });

    const off = new WallPageCache(0);
    let loads = 0;
    const counted = async () => {
      loads++;
      return load();
    };
    expect(flags(await json(off, key, 10, counted))).toEqual([true, false, true]);
    expect(flags(await json(off, key, 10, counted))).toEqual([true, false, true]);
    expect(loads).toBe(2);
    expect(off.size).toEqual({ pages: 0, bytes: 0 });
  });
});

describe('preferredEncoding', () => {
  it('picks brotli, else gzip, and never a coding refused with q=0', () => {
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('')).toBeUndefined();
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('GZIP;q=0.5, BR;q=1.0')).toBe('br');
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredEncoding('br; q=0.000, x-gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0.1')).toBe('br');
    expect(preferredEncoding('deflate, identity, *')).toBeUndefined();
    expect(preferredEncoding('gzip;q=0')).toBeUndefined();
  });
});

describe.skipIf(pgUnavailable || TEST_DB !== 'postgres')('wall page cache across API instances (PostgreSQL)', () => {
  let t: TestApp;
  let second: App;
  let station: TestArco;

  beforeAll(async () => {
    t = await buildTestApp({ WALL_CACHE_MS: '600000' });
    second = await secondInstance(t, { WALL_CACHE_MS: '600000' });
    station = await createArco(t, 'Arco Dos Instancias');
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  /** Reads through instance A until it shows what instance B wrote (NOTIFY takes a moment). */
  async function eventually(token: string, check: (posts: WallPost[]) => boolean): Promise<WallPost[]> {
    for (let i = 0; i < 100; i++) {
      const posts = await wallOf(t.app, token);
      if (check(posts)) return posts;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('instance A kept serving a stale wall page');
  }

  it("a like, a new post and a rename through instance B reach instance A's cached pages", async () => {
    const ana = await createWorker(t, station, 'Ana Uno');
    const beto = await createWorker(t, station, 'Beto Dos');
    const p = await createPost(t.app, ana.token, 'Desde A');
    expect(byId(await wallOf(t.app, ana.token), p.id)?.like_count).toBe(0);

    await second.inject({ method: 'POST', url: `/api/wall/posts/${p.id}/like`, headers: bearer(beto.token) });
    await eventually(ana.token, (posts) => byId(posts, p.id)?.like_count === 1);

    const q = await createPost(second, beto.token, 'Desde B');
    await eventually(ana.token, (posts) => posts[0]?.id === q.id);

    await second.inject({
      method: 'PUT',
      url: '/api/users/me/profile',
      headers: bearer(beto.token),
      payload: { name: 'Beto Nuevo', worker_id: beto.worker_id },
    });
    await eventually(ana.token, (posts) => byId(posts, q.id)?.user_name === 'Beto Nuevo');
  });

  it('clears the cached pages when the LISTEN connection is lost (events may have been missed)', async () => {
    const ana = await createWorker(t, station, 'Ana Corte');
    const p = await createHeardPost(t.app, ana.token, 'Antes del corte');
    expect(byId(await wallOf(t.app, ana.token), p.id)?.content).toBe('Antes del corte');
    // Stands for a change this instance missed while its listener was away.
    await t.db.updateTable('wall_posts').set({ content: 'Perdido en el corte' }).where('id', '=', p.id).execute();
    expect(byId(await wallOf(t.app, ana.token), p.id)?.content).toBe('Antes del corte');

    // The bus clears its watchers' caches when the connection drops, and again when it listens again,
    // ending its streams right after.
    const lost = new Promise<void>((resolve) => t.app.ctx.events.subscribe({ deliver: () => {}, reset: resolve }));
    const listenQuery = `listen ${t.app.ctx.events.channel}`;
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where query = ${listenQuery}`.execute(t.db);
    await lost;
    expect(byId(await wallOf(t.app, ana.token), p.id)?.content).toBe('Perdido en el corte');
  });
});
