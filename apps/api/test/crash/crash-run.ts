/**
 * Crashes lose nothing: the real server runs as a child process on a database (a SQLite file, or a
 * PostgreSQL schema) and is killed with SIGKILL at a seeded random moment while several clients write through HTTP; after each
 * kill the database file is examined before the restart, against a ledger of every write that was
 * acknowledged with a 2xx.
 *
 * CRASH_ITERATIONS (default 20; `npm run test:crash` runs 200), CRASH_SEED replays a kill schedule.
 * Under CI the schedule is a fixed one, so a red CI run replays as it was; elsewhere each run draws a
 * new one. The seed used is printed either way.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { durationMinutes } from '@portal/contract/paradas';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { freshSchema } from '../helper';
import { startTestS3, type TestS3 } from '../s3-server';
import { type RequestInput, requestInit, ServerProcess, serverEnv } from './server-process';

export const ITERATIONS = Number(process.env.CRASH_ITERATIONS ?? 20);
const CI_SEED = 20261124;
const inCi = process.env.CI === 'true' || process.env.CI === '1';
const SEED = Number(process.env.CRASH_SEED ?? (inCi ? CI_SEED : Math.floor(Math.random() * 2 ** 31)));
const CLIENTS = 4;
const WORKERS_PER_CLIENT = 3;
const PASSWORD = 'secreto123';
const ADMIN = { worker_id: 'crashadmin', password: 'crash-password' };

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number) {
  let a = seed | 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (n: number) => Math.floor(next() * n), chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof rng>;

// ---- the ledger: what the clients were told ----------------------------------------------------

interface Worker {
  id: number;
  worker_id: string;
  name: string;
  token: string;
  station: number;
  /** Known active stop, none, or unknown (a start or end was in flight at the kill). */
  stop: { id: number; start_time: string } | null | 'unknown';
}
interface TramoEntry {
  owner: number;
  id_tramo: string;
  id_proyecto: string;
  id_circular: string;
  imagen: string | null;
  imagen_thumb: string | null;
  /** id_tramo of an edit (with a new image) in flight at the kill. */
  pendingEdit?: string;
}
interface StopEntry {
  user_id: number;
  start_time: string;
  end?: { duration: number };
  endPending?: boolean;
}
interface PostEntry {
  author: number;
  station: number;
  content: string;
  image_path: string | null;
  deletePending?: boolean;
}
interface CommentEntry {
  post_id: number;
  content: string;
  image_path: string | null;
}

const ledger = {
  users: new Map<number, { worker_id: string; name: string }>(),
  tramos: new Map<number, TramoEntry>(),
  stops: new Map<number, StopEntry>(),
  posts: new Map<number, PostEntry>(),
  deletedPosts: new Set<number>(),
  comments: new Map<number, CommentEntry>(),
  /** `${post}:${user}` -> liked; `pending` while a like or unlike was in flight at the kill. */
  likes: new Map<string, { liked: boolean; pending: boolean }>(),
  acknowledged: 0,
};

// ---- HTTP through the real network stack -------------------------------------------------------

let server = new ServerProcess({});
const drive = { killed: false, unexpected: [] as string[], inFlight: 0 };

class Unacknowledged extends Error {}

interface CallOptions extends RequestInput {
  /** Statuses a race between clients may produce (e.g. 404 for a post another client deleted). */
  tolerated?: number[];
}

/** Answers the JSON of a 2xx; throws Unacknowledged when the request died with the server or was refused. */
async function call<T>(method: string, url: string, options: CallOptions = {}): Promise<T> {
  const { headers, body } = requestInit(options);
  drive.inFlight++;
  try {
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${server.baseUrl}${url}`, { method, headers, body, signal: AbortSignal.timeout(30_000) });
      text = await res.text();
    } catch (error) {
      if (!drive.killed) drive.unexpected.push(`${method} ${url}: ${(error as Error).message} without a kill`);
      throw new Unacknowledged();
    }
    if (res.status >= 200 && res.status < 300) {
      ledger.acknowledged++;
      return JSON.parse(text) as T;
    }
    // A stopping server refuses new requests with 503 (the balancer sends them to another instance).
    const stopping = drive.killed && res.status === 503;
    if (!stopping && !options.tolerated?.includes(res.status)) drive.unexpected.push(`${method} ${url}: ${res.status} ${text}`);
    throw new Unacknowledged();
  } finally {
    drive.inFlight--;
  }
}

// ---- the clients ---------------------------------------------------------------------------------

let images: Buffer[] = [];
const stations: { id: number; nave: string }[] = [];
const workersOf: Worker[][] = Array.from({ length: CLIENTS }, () => []);
let serial = 0;
const unique = (prefix: string) => `${prefix}-${SEED}-${serial++}`;

async function login(worker_id: string, station: { id: number; nave: string }): Promise<string> {
  const res = await call<{ accessToken: string }>('POST', '/api/auth/login', {
    json: { worker_id, password: PASSWORD, nave: station.nave, arco_sumergido_id: station.id },
  });
  return res.accessToken;
}

async function register(client: number, r: Rng): Promise<void> {
  const worker_id = unique('w').replaceAll('-', '');
  const name = `Trabajador ${worker_id}`;
  const res = await call<{ user: { id: number } }>('POST', '/api/auth/register', {
    json: { worker_id, name, password: PASSWORD, role: 'admin' },
  });
  ledger.users.set(res.user.id, { worker_id, name });
  const station = stations[r.int(stations.length)];
  const token = await login(worker_id, station);
  workersOf[client].push({ id: res.user.id, worker_id, name, token, station: station.id, stop: null });
}

const maybeImage = (r: Rng, field: string, p: number) => (r.chance(p) ? { field, data: images[r.int(images.length)] } : undefined);

async function createTramo(w: Worker, r: Rng) {
  const fields = { id_tramo: unique('TR'), id_proyecto: unique('PR'), id_circular: unique('CI') };
  const res = await call<{ tramo: { id: number; imagen: string | null; imagen_thumb: string | null } }>('POST', '/api/tramos', {
    token: w.token,
    form: { ...fields, arco_sumergido_id: String(w.station), descripcion: 'Creado en la prueba de caídas' },
    file: maybeImage(r, 'imagen', 0.6),
  });
  ledger.tramos.set(res.tramo.id, { owner: w.id, ...fields, imagen: res.tramo.imagen, imagen_thumb: res.tramo.imagen_thumb });
}

async function editTramo(w: Worker, r: Rng) {
  const own = [...ledger.tramos].filter(([, t]) => t.owner === w.id && !t.pendingEdit);
  if (!own.length) return createTramo(w, r);
  const [id, entry] = own[r.int(own.length)];
  const id_tramo = unique('TR');
  entry.pendingEdit = id_tramo;
  const res = await call<{ tramo: { imagen: string; imagen_thumb: string } }>('PUT', `/api/tramos/${id}`, {
    token: w.token,
    form: { id_tramo },
    file: { field: 'imagen', data: images[r.int(images.length)] },
  });
  Object.assign(entry, { id_tramo, imagen: res.tramo.imagen, imagen_thumb: res.tramo.imagen_thumb, pendingEdit: undefined });
}

async function toggleStop(w: Worker) {
  if (w.stop === 'unknown') return;
  if (w.stop === null) {
    w.stop = 'unknown';
    // A colleague's running stop at the station answers 409 (one per arco): this worker then leaves
    // stops alone ('unknown'), which the ledger never counts.
    const res = await call<{ stopId: number; start_time: string }>('POST', '/api/paradas-kaiser/start', {
      token: w.token,
      json: {},
      tolerated: [409],
    });
    w.stop = { id: res.stopId, start_time: res.start_time };
    ledger.stops.set(res.stopId, { user_id: w.id, start_time: res.start_time });
    return;
  }
  const stopId = w.stop.id;
  const entry = ledger.stops.get(stopId)!;
  w.stop = 'unknown';
  entry.endPending = true;
  const res = await call<{ duration: number }>('PUT', `/api/paradas-kaiser/end/${stopId}`, { token: w.token, json: {} });
  entry.end = { duration: res.duration };
  entry.endPending = false;
  w.stop = null;
}

async function createPost(w: Worker, r: Rng) {
  const content = `Publicación ${unique('p')}`;
  const res = await call<{ post: { id: number; image_path: string | null } }>('POST', '/api/wall/posts', {
    token: w.token,
    form: { content },
    file: maybeImage(r, 'image', 0.4),
  });
  ledger.posts.set(res.post.id, { author: w.id, station: w.station, content, image_path: res.post.image_path });
}

function stationPost(w: Worker, r: Rng): number | undefined {
  const ids = [...ledger.posts].filter(([, p]) => p.station === w.station && !p.deletePending).map(([id]) => id);
  return ids.length ? ids[r.int(ids.length)] : undefined;
}

async function toggleLike(w: Worker, r: Rng) {
  const postId = stationPost(w, r);
  if (postId === undefined) return createPost(w, r);
  const key = `${postId}:${w.id}`;
  const state = ledger.likes.get(key) ?? { liked: false, pending: false };
  if (state.pending) return;
  state.pending = true;
  ledger.likes.set(key, state);
  const res = await call<{ is_liked_by_current_user: boolean }>(state.liked ? 'DELETE' : 'POST', `/api/wall/posts/${postId}/like`, {
    token: w.token,
    tolerated: [404],
  });
  // Acknowledged after the post's deletion was, as a comment can be: the like went with the post.
  if (ledger.deletedPosts.has(postId)) ledger.likes.delete(key);
  else ledger.likes.set(key, { liked: res.is_liked_by_current_user, pending: false });
}

async function comment(w: Worker, r: Rng) {
  const postId = stationPost(w, r);
  if (postId === undefined) return createPost(w, r);
  const content = `Comentario ${unique('c')}`;
  const res = await call<{ comment: { id: number; image_path: string | null } }>('POST', `/api/wall/posts/${postId}/comments`, {
    token: w.token,
    form: { content },
    file: maybeImage(r, 'image', 0.3),
    tolerated: [404],
  });
  // Acknowledged after the post's deletion was: the comment went with the post.
  if (!ledger.deletedPosts.has(postId))
    ledger.comments.set(res.comment.id, { post_id: postId, content, image_path: res.comment.image_path });
}

async function deletePost(w: Worker, r: Rng) {
  const own = [...ledger.posts].filter(([, p]) => p.author === w.id && !p.deletePending);
  if (!own.length) return createPost(w, r);
  const [id, entry] = own[r.int(own.length)];
  entry.deletePending = true;
  await call('DELETE', `/api/wall/posts/${id}`, { token: w.token });
  forgetPost(id);
}

function forgetPost(id: number) {
  ledger.posts.delete(id);
  ledger.deletedPosts.add(id);
  for (const [cid, c] of ledger.comments) if (c.post_id === id) ledger.comments.delete(cid);
  for (const key of ledger.likes.keys()) if (key.startsWith(`${id}:`)) ledger.likes.delete(key);
}

/** One client: its own workers, so a worker's stops and likes are never raced by another client. */
async function runClient(client: number, r: Rng) {
  while (!drive.killed) {
    const workers = workersOf[client];
    const w = workers[r.int(workers.length)];
    const roll = r.int(100);
    try {
      if (roll < 5) await register(client, r);
      else if (roll < 20) await createTramo(w, r);
      else if (roll < 25) await editTramo(w, r);
      else if (roll < 45) await toggleStop(w);
      else if (roll < 60) await createPost(w, r);
      else if (roll < 63) await deletePost(w, r);
      else if (roll < 85) await toggleLike(w, r);
      else await comment(w, r);
    } catch (error) {
      if (!(error instanceof Unacknowledged)) throw error;
    }
  }
}

// ---- the examination of the dead server's files --------------------------------------------------

let dataDir = '';
/** The bucket the server keeps its images in, when the suite runs with one (decision 068); else DATA_DIR/uploads. */
let bucket: TestS3 | null = null;
const uploadsDir = () => path.join(dataDir, 'uploads');
/** The file holding an upload's bytes, by its name: in the folder, or in s3rver's folder for the bucket. */
const uploadFile = (name: string) => (bucket ? bucket.objectFile(`uploads/${name}`) : path.join(uploadsDir(), name));
const fileOf = (publicPath: string) => uploadFile(publicPath.replace(/^\/uploads\//, ''));
const uploadNames = () => (bucket ? bucket.objectNames('uploads') : readdirSync(uploadsDir()));

type Row = Record<string, unknown>;

/** The dead server's database as the examination reads it, on either engine (`?` parameters). */
interface Examined {
  one(query: string, ...params: unknown[]): Promise<Row | undefined>;
  all(query: string, ...params: unknown[]): Promise<Row[]>;
  /** The engine's own consistency checks where it has them (SQLite: integrity and foreign keys). */
  checkIntegrity(where: (what: string) => string): Promise<void>;
  close(): Promise<void>;
}

function openSqlite(): Examined {
  // A second handle on the file, as the restarted server would open it (this replays the WAL).
  const db = new SQLite(path.join(dataDir, 'portal.sqlite'), { fileMustExist: true });
  return {
    one: async (query, ...params) => db.prepare(query).get(...params) as Row | undefined,
    all: async (query, ...params) => db.prepare(query).all(...params) as Row[],
    checkIntegrity: async (where) => {
      expect(db.pragma('integrity_check', { simple: true }), where('integrity_check')).toBe('ok');
      expect(db.pragma('foreign_key_check'), where('foreign_key_check')).toEqual([]);
    },
    close: async () => {
      db.close();
    },
  };
}

/** Counts and sums come back as bigint text from node-postgres: numbers, as the server reads them. */
const asNumbers = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === 20 || oid === 1700 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format),
} as pg.CustomTypesConfig;

async function openPostgres(url: string): Promise<Examined> {
  // A new connection, as the restarted server would open one: only what committed is there.
  const client = new pg.Client({ connectionString: url, types: asNumbers });
  await client.connect();
  const run = async (query: string, params: unknown[]) => {
    let n = 0;
    return (
      await client.query(
        query.replace(/\?/g, () => `$${++n}`),
        params,
      )
    ).rows as Row[];
  };
  return {
    one: async (query, ...params) => (await run(query, params))[0],
    all: (query, ...params) => run(query, params),
    // Foreign keys and constraints hold by construction on PostgreSQL; nothing to check by hand.
    checkIntegrity: async () => {},
    close: () => client.end(),
  };
}

/** Checks everything the kill must not have broken; answers the unreferenced (orphaned) files. */
async function examine(db: Examined, iteration: number): Promise<string[]> {
  const where = (what: string) => `iteration ${iteration}: ${what}`;
  await db.checkIntegrity(where);
  const { one, all } = db;

  for (const [id, u] of ledger.users) {
    expect(await one('select worker_id, name from users where id = ?', id), where(`user ${id}`)).toEqual(u);
  }

  for (const [id, t] of ledger.tramos) {
    const row = await one('select id_tramo, id_proyecto, id_circular, imagen, imagen_thumb from tramos where id = ?', id);
    expect(row, where(`tramo ${id} acknowledged`)).toBeDefined();
    if (t.pendingEdit && row?.id_tramo === t.pendingEdit) {
      // The edit committed without its answer: its fields and its new image arrived together.
      expect(row.imagen, where(`tramo ${id} edited without its image`)).not.toBe(t.imagen);
      Object.assign(t, { id_tramo: row.id_tramo, imagen: row.imagen, imagen_thumb: row.imagen_thumb });
    }
    t.pendingEdit = undefined;
    expect(row, where(`tramo ${id}`)).toEqual({
      id_tramo: t.id_tramo,
      id_proyecto: t.id_proyecto,
      id_circular: t.id_circular,
      imagen: t.imagen,
      imagen_thumb: t.imagen_thumb,
    });
  }

  for (const [id, s] of ledger.stops) {
    const row = await one('select user_id, start_time, end_time, duration_minutes from paradas_kaiser where id = ?', id);
    expect(row, where(`stop ${id} acknowledged`)).toBeDefined();
    expect({ user_id: row?.user_id, start_time: row?.start_time }, where(`stop ${id}`)).toEqual({
      user_id: s.user_id,
      start_time: s.start_time,
    });
    if (s.end) expect(row?.duration_minutes, where(`stop ${id} end acknowledged`)).toBe(s.end.duration);
    if (s.endPending && row?.end_time !== null) s.end = { duration: Number(row?.duration_minutes) };
    s.endPending = false;
  }
  // No stop is half written, whoever wrote it (acknowledged or not).
  for (const row of await all('select id, start_time, end_time, duration_minutes from paradas_kaiser')) {
    if (row.end_time === null) expect(row.duration_minutes, where(`active stop ${row.id}`)).toBeNull();
    else expect(row.duration_minutes, where(`stop ${row.id}`)).toBe(durationMinutes(String(row.start_time), String(row.end_time)));
  }
  // The statistics rollups move in the same transaction as the rows they count.
  expect(
    await all('select month, count, total_duration from dashboard_paradas_monthly where count <> 0 order by month'),
    where('paradas rollup'),
  ).toEqual(
    await all(
      `select substr(date, 1, 7) as month, count(*) as count, coalesce(sum(duration_minutes), 0) as total_duration
       from paradas_kaiser group by 1 order by 1`,
    ),
  );
  expect(await all('select month, count from dashboard_tramos_monthly where count <> 0 order by month'), where('tramos rollup')).toEqual(
    await all('select substr(circular_fecha, 1, 7) as month, count(*) as count from tramos group by 1 order by 1'),
  );

  for (const [id, p] of ledger.posts) {
    const row = await one('select content, image_path from wall_posts where id = ?', id);
    if (p.deletePending) {
      if (row) p.deletePending = false;
      else forgetPost(id);
      continue;
    }
    expect(row, where(`post ${id}`)).toEqual({ content: p.content, image_path: p.image_path });
  }
  for (const id of ledger.deletedPosts) {
    expect(await one('select id from wall_posts where id = ?', id), where(`deleted post ${id}`)).toBeUndefined();
    expect(await all('select id from wall_comments where post_id = ?', id), where(`comments of deleted post ${id}`)).toEqual([]);
  }
  for (const [id, c] of ledger.comments) {
    expect(await one('select post_id, content, image_path from wall_comments where id = ?', id), where(`comment ${id}`)).toEqual(c);
  }
  for (const [key, state] of ledger.likes) {
    const [postId, userId] = key.split(':').map(Number);
    const liked = (await one('select 1 as x from wall_likes where post_id = ? and user_id = ?', postId, userId)) !== undefined;
    if (state.pending) ledger.likes.set(key, { liked, pending: false });
    else expect(liked, where(`like ${key}`)).toBe(state.liked);
  }
  expect(
    await all(`select p.id, p.like_count, p.comment_count,
           (select count(*) from wall_likes l where l.post_id = p.id) as likes,
           (select count(*) from wall_comments c where c.post_id = p.id) as comments
         from wall_posts p
         where p.like_count <> (select count(*) from wall_likes l where l.post_id = p.id)
            or p.comment_count <> (select count(*) from wall_comments c where c.post_id = p.id)`),
    where('denormalized counters'),
  ).toEqual([]);

  // Every referenced image is a complete file (the pipeline writes WebP).
  const referenced = new Set<string>();
  for (const [table, a, b] of [
    ['tramos', 'imagen', 'imagen_thumb'],
    ['wall_posts', 'image_path', 'image_thumb'],
    ['wall_comments', 'image_path', 'image_thumb'],
  ]) {
    for (const row of await all(`select id, ${a} as full, ${b} as thumb from ${table} where ${a} is not null or ${b} is not null`)) {
      expect(row.full !== null && row.thumb !== null, where(`${table} ${row.id} has both image paths`)).toBe(true);
      for (const p of [row.full, row.thumb] as string[]) {
        let head = '';
        try {
          const data = readFileSync(fileOf(p));
          head = `${data.toString('latin1', 0, 4)}${data.toString('latin1', 8, 12)}`;
        } catch {
          head = 'missing';
        }
        expect(head, where(`${table} ${row.id} file ${p}`)).toBe('RIFFWEBP');
        referenced.add(path.basename(p));
      }
    }
  }

  // The clients learn what became of the writes that had no answer, as a reloaded page would.
  for (const workers of workersOf) {
    for (const w of workers) {
      const active = await one('select id, start_time from paradas_kaiser where user_id = ? and end_time is null', w.id);
      w.stop = active ? { id: Number(active.id), start_time: String(active.start_time) } : null;
      if (active && !ledger.stops.has(Number(active.id)))
        ledger.stops.set(Number(active.id), { user_id: w.id, start_time: String(active.start_time) });
    }
  }

  return uploadNames().filter((name) => !referenced.has(name));
}

// ---- the run -------------------------------------------------------------------------------------

/**
 * Opens an event stream and reads it up to its `ready`; answers how it ends later: `ended` when the
 * server closed it properly, `cut` when the connection broke.
 */
async function openStream(token: string): Promise<{ end: Promise<'ended' | 'cut'> }> {
  const res = await fetch(`${server.baseUrl}/api/events`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!text.includes('event: ready')) {
    const { value, done } = await reader.read();
    if (done) throw new Error('event stream ended before ready');
    text += value;
  }
  const end = (async () => {
    try {
      while (!(await reader.read()).done);
      return 'ended' as const;
    } catch {
      return 'cut' as const;
    }
  })();
  return { end };
}

/** SIGTERMs after the kills: the graceful shutdown under the same write load. */
const STOPS = 3;

/** The rounds in order: ITERATIONS kills (1…ITERATIONS), then STOPS graceful stops. */
export const ROUNDS = ITERATIONS + STOPS;

/**
 * The suite on one engine: rounds `from` to `to` of ROUNDS (kills, then graceful stops: SIGTERM),
 * each followed by the examination of the database against the ledger. A file may run a part of
 * the rounds on a server and database of its own (crash.postgres.test.ts and crash-2.postgres.test.ts
 * run them side by side); each round keeps its place in the seeded schedule, so under one seed
 * (CRASH_SEED, or CI's fixed one) the kill times and the clients' writes are those of a run of all
 * rounds. Elsewhere each file draws and prints its own seed.
 */
export function crashSuite(
  engine: 'sqlite' | 'postgres',
  { from, to }: { from: number; to: number } = { from: 1, to: ROUNDS },
  storage: 'folder' | 'bucket' = 'folder',
) {
  const kills = Math.max(0, Math.min(to, ITERATIONS) - from + 1);
  const stops = to - from + 1 - kills;
  let pgSchema: { url: string; drop: () => Promise<void> } | undefined;
  const openExamined = () => (pgSchema ? openPostgres(pgSchema.url) : Promise.resolve(openSqlite()));

  /** Runs the clients for the schedule's time, then ends the server with `end`; examines what is left. */
  async function round(label: string, iteration: number, wait: number, end: () => Promise<unknown>): Promise<string[]> {
    drive.killed = false;
    const clients = Array.from({ length: CLIENTS }, (_, c) => runClient(c, rng(SEED + iteration * 131 + c)));
    await new Promise((r) => setTimeout(r, wait));
    drive.killed = true;
    const inFlight = drive.inFlight;
    await end();
    await Promise.all(clients);
    expect(drive.unexpected, `${label}: answers no client should get`).toEqual([]);
    const db = await openExamined();
    try {
      const orphans = await examine(db, iteration);
      console.log(
        `${label}: ${inFlight} requests in flight; ${ledger.acknowledged} acknowledged writes so far; ${orphans.length} orphaned files`,
      );
      return orphans;
    } finally {
      await db.close();
    }
  }

  describe(`crash safety on ${engine}${storage === 'bucket' ? ' with a bucket' : ''}: SIGKILL and SIGTERM during writes`, () => {
    afterAll(async () => {
      await server.kill();
      await pgSchema?.drop();
      await bucket?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it(
      `loses no acknowledged write across ${kills} kills and ${stops} graceful stops (rounds ${from} to ${to} of ${ROUNDS})`,
      async () => {
        console.log(
          `crash test (${engine}): seed ${SEED} (CRASH_SEED=${SEED} replays the kill schedule), rounds ${from} to ${to}: ${kills} kills, ${stops} stops`,
        );
        dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));
        if (engine === 'postgres') pgSchema = await freshSchema();
        // No JWT_SECRET: the generated one kept in DATA_DIR must survive the kills with the sessions.
        // The bucket's server runs in this process: it outlives every kill of the portal's.
        if (storage === 'bucket') bucket = await startTestS3();
        server = new ServerProcess({
          ...serverEnv(dataDir, ADMIN),
          ...(pgSchema ? { DATABASE_URL: pgSchema.url } : {}),
          ...(bucket ? { STORAGE_URL: bucket.url } : {}),
        });
        images = await Promise.all(
          [0, 1, 2].map((i) =>
            sharp({ create: { width: 64 + i * 16, height: 48, channels: 3, background: { r: 40 * i, g: 120, b: 200 - 50 * i } } })
              .jpeg()
              .toBuffer(),
          ),
        );

        await server.start();
        const admin = await call<{ accessToken: string }>('POST', '/api/admin/login', { json: ADMIN });
        for (const nave of ['Nave 1', 'Nave 2']) {
          const res = await call<{ id: number }>('POST', '/api/admin/arcos-sumergidos', {
            token: admin.accessToken,
            json: { name: `Arco ${nave}`, nave },
          });
          stations.push({ id: res.id, nave });
        }
        const setup = rng(SEED);
        for (let c = 0; c < CLIENTS; c++) for (let i = 0; i < WORKERS_PER_CLIENT; i++) await register(c, setup);

        // The whole schedule is drawn, so that each round waits as it would in a run of all rounds.
        const schedule = rng(SEED ^ 0x5eed);
        const waits = Array.from({ length: ROUNDS + 1 }, (_, i) => (i === 0 ? 0 : 150 + schedule.int(1850)));
        let agedOrphans: string[] = [];
        for (let iteration = from; iteration <= to; iteration++) {
          const started = Date.now();
          if (iteration > from) await server.start();
          const startMs = Date.now() - started;
          // Orphans aged past the sweep's minimum age before this start are gone once it answers.
          const survivors = agedOrphans.filter((name) => uploadNames().includes(name));
          expect(survivors, `iteration ${iteration}: orphaned files the start-up sweep left`).toEqual([]);

          const wait = waits[iteration];
          let orphans: string[];
          if (iteration <= ITERATIONS) {
            orphans = await round(`#${iteration}: up in ${startMs} ms, killed after ${wait} ms`, iteration, wait, () => server.kill());
          } else {
            let exit: Awaited<ReturnType<ServerProcess['stop']>> | undefined;
            let stopMs = 0;
            let stream: { end: Promise<'ended' | 'cut'> } | undefined;
            orphans = await round(`#${iteration}: up in ${startMs} ms, SIGTERM after ${wait} ms`, iteration, wait, async () => {
              stream = await openStream(workersOf[0][0].token);
              const signalled = performance.now();
              exit = await server.stop();
              stopMs = performance.now() - signalled;
            });
            // The open event stream was ended by the server (its client reconnects elsewhere), not cut.
            expect(await stream?.end, `iteration ${iteration}: event stream at SIGTERM`).toBe('ended');
            // Exit code 0: everything in flight finished and the database closed before the grace
            // (SHUTDOWN_GRACE_MS, 8 s, under the 10 s an orchestrator allows) forced an exit with 1.
            console.log(`#${iteration}: exited ${JSON.stringify(exit)} ${stopMs.toFixed(0)} ms after SIGTERM`);
            expect(exit, `iteration ${iteration}: graceful exit`).toEqual({ code: 0, signal: null });
          }
          // Pretend the orphans are old, so that the next start's sweep must remove them.
          const old = new Date(Date.now() - 3_600_000);
          for (const name of orphans) utimesSync(uploadFile(name), old, old);
          agedOrphans = orphans;
        }

        await server.start();
        expect(agedOrphans.filter((name) => uploadNames().includes(name))).toEqual([]);
        // The restarted server serves what was acknowledged, to sessions issued before the kills.
        const owner = workersOf.flat();
        for (const [id, t] of [...ledger.tramos].slice(-5)) {
          const w = owner.find((o) => o.id === t.owner)!;
          const res = await call<{ id_tramo: string; imagen: string | null }>('GET', `/api/tramos/${id}`, { token: w.token });
          expect(res).toMatchObject({ id_tramo: t.id_tramo, imagen: t.imagen });
          if (t.imagen) expect((await fetch(`${server.baseUrl}${t.imagen}`)).status).toBe(200);
        }
        await server.kill();
      },
      (to - from + 1) * 20_000 + 60_000,
    );
  });
}
