/**
 * A realistic factory for the benchmarks: workers spread over stations of two naves, three years of
 * circulares, Kaiser stops and wall activity. Deterministic (seeded), so runs compare.
 *
 * Rows go in through Kysely as multi-row inserts (inside the caller's transaction on SQLite), so the
 * triggers keep the dashboard rollups exact, and every denormalized counter (like_count,
 * comment_count) is computed from the rows actually inserted.
 */
import { randomUUID } from 'node:crypto';
import { factoryDate } from '@portal/contract/time';
import { sql } from 'kysely';
import type { Db } from '../src/db/index';
import { hashPassword } from '../src/lib/passwords';

export interface FactorySize {
  workers: number;
  /** Stations, split evenly over the seeded naves. */
  stations: number;
  posts: number;
  likes: number;
  comments: number;
  tramos: number;
  stops: number;
  years: number;
}

export const DEFAULT_SIZE: FactorySize = {
  workers: 500,
  stations: 20,
  posts: 100_000,
  likes: 500_000,
  comments: 100_000,
  tramos: 200_000,
  stops: 1_000_000,
  years: 3,
};

/** Every seeded account (workers and the admin) signs in with this password. */
export const SEED_PASSWORD = 'bench-password';
export const SEED_ADMIN_WORKER_ID = 'bench-admin';

export interface SeededWorker {
  id: number;
  worker_id: string;
  name: string;
  nave: string;
  station: { id: number; name: string };
}

export interface SeededFactory {
  admin: { id: number; worker_id: string; name: string };
  workers: SeededWorker[];
  stations: { id: number; name: string; nave: string }[];
  /** Post ids of each station's main wall, oldest first. */
  postsByStation: Map<number, number[]>;
  /** The instant the seeded history ends (now, when seeding started). */
  until: number;
}

/** Deterministic pseudo-random numbers (mulberry32). */
export function rng(seed: number) {
  let a = seed | 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** Multi-row inserts in chunks under both engines' bound-parameter limits. */
export async function insertChunked<T extends Record<string, unknown>>(db: Db, table: string, total: number, row: (i: number) => T) {
  if (total === 0) return;
  const columns = Object.keys(row(0)).length;
  const chunk = Math.floor(30_000 / columns);
  for (let start = 0; start < total; start += chunk) {
    const rows: T[] = [];
    for (let i = start; i < Math.min(total, start + chunk); i++) rows.push(row(i));
    // biome-ignore lint/suspicious/noExplicitAny: generic bulk insert into any seeded table
    await (db as any).insertInto(table).values(rows).execute();
  }
}

const WORDS = [
  'turno',
  'línea',
  'arco',
  'soldadura',
  'revisión',
  'material',
  'equipo',
  'mañana',
  'seguridad',
  'pieza',
  'calidad',
  'parada',
];

function sentence(rand: (n: number) => number, words: number) {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[rand(WORDS.length)]);
  const text = out.join(' ');
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

const imagePaths = () => {
  const id = randomUUID();
  return { full: `/uploads/${id}.webp`, thumb: `/uploads/${id}_thumb.webp` };
};

/**
 * Counts that add up to exactly `total` over `n` items, varied but deterministic: pairs of items
 * share 2 x mean between them.
 */
function spread(rand: (n: number) => number, n: number, total: number, cap: number): number[] {
  const counts = new Array<number>(n).fill(0);
  const mean = total / n;
  for (let i = 0; i + 1 < n; i += 2) {
    const pair = Math.round(mean * (i + 2)) - Math.round(mean * i);
    const first = Math.min(cap, pair, rand(pair + 1));
    counts[i] = first;
    counts[i + 1] = Math.min(cap, pair - first);
  }
  if (n % 2) counts[n - 1] = Math.min(cap, Math.round(total - mean * (n - 1)));
  return counts;
}

export async function seedFactory(db: Db, tz: string, size: FactorySize = DEFAULT_SIZE, seed = 20261121): Promise<SeededFactory> {
  const rand = rng(seed);
  const until = Date.now();
  const span = size.years * 365 * 86_400_000;
  const from = until - span;
  const iso = (ms: number) => new Date(ms).toISOString();
  const nowIso = iso(until);
  // factoryDate goes through Intl; a quarter of an hour never straddles a date change in any zone.
  const dates = new Map<number, string>();
  const dateOf = (ms: number) => {
    const key = Math.floor(ms / 900_000);
    const known = dates.get(key);
    if (known) return known;
    const date = factoryDate(ms, tz);
    dates.set(key, date);
    return date;
  };

  const naves = await db.selectFrom('naves').select(['id', 'name']).orderBy('id').execute();
  const stations: SeededFactory['stations'] = [];
  const stationNave = new Map<number, number>();
  for (let i = 0; i < size.stations; i++) {
    const nave = naves[i % naves.length];
    const name = `Arco ${Math.floor(i / naves.length) + 1} ${nave.name}`;
    const row = await db
      .insertInto('arcos_sumergidos')
      .values({ name, nave_id: nave.id, created_at: iso(from) })
      .returning('id')
      .executeTakeFirstOrThrow();
    stations.push({ id: row.id, name, nave: nave.name });
    stationNave.set(row.id, nave.id);
  }

  const passwordHash = await hashPassword(SEED_PASSWORD);
  const admin = await db
    .insertInto('users')
    .values({
      worker_id: SEED_ADMIN_WORKER_ID,
      name: 'Admin Carga',
      password_hash: passwordHash,
      role: 'admin',
      nave_id: null,
      created_at: iso(from),
      updated_at: iso(from),
    })
    .returning(['id', 'worker_id', 'name'])
    .executeTakeFirstOrThrow();
  await insertChunked(db, 'users', size.workers, (i) => ({
    worker_id: `op${String(i).padStart(5, '0')}`,
    name: `Operario ${String(i).padStart(5, '0')}`,
    password_hash: passwordHash,
    role: 'user',
    nave_id: stationNave.get(stations[i % stations.length].id)!,
    created_at: iso(from),
    updated_at: iso(from),
  }));
  const userRows = await db
    .selectFrom('users')
    .select(['id', 'worker_id', 'name'])
    .where('worker_id', 'like', 'op%')
    .orderBy('id')
    .execute();
  // Each worker belongs to one station (i % stations), and posts, likes and comments there.
  const workers: SeededWorker[] = userRows.map((u, i) => {
    const s = stations[i % stations.length];
    return { ...u, nave: s.nave, station: { id: s.id, name: s.name } };
  });
  const byStation = new Map<number, SeededWorker[]>(stations.map((s) => [s.id, workers.filter((w) => w.station.id === s.id)]));

  await insertChunked(db, 'tramos', size.tramos, (i) => {
    const at = from + Math.floor(((i + 0.5) * span) / size.tramos);
    const w = workers[rand(workers.length)];
    const image = rand(3) === 0 ? imagePaths() : null;
    return {
      id_tramo: `T-${String(i).padStart(7, '0')}`,
      id_proyecto: `P-${rand(800)}`,
      id_circular: `C-${String(i).padStart(7, '0')}`,
      circular_fecha: dateOf(at),
      descripcion: rand(2) ? sentence(rand, 6 + rand(10)) : null,
      imagen: image?.full ?? null,
      imagen_thumb: image?.thumb ?? null,
      nave_id: stationNave.get(w.station.id)!,
      arco_sumergido_id: w.station.id,
      user_id: w.id,
      created_at: iso(at),
      updated_at: iso(at),
    };
  });

  // Each worker's stops follow each other without overlapping, all finished: any worker may start one.
  const perWorker = Math.ceil(size.stops / workers.length);
  const slot = Math.floor(span / perWorker);
  await insertChunked(db, 'paradas_kaiser', size.stops, (i) => {
    const w = workers[i % workers.length];
    const k = Math.floor(i / workers.length);
    const start = from + k * slot + rand(Math.max(1, slot - 2 * 3_600_000));
    const minutes = 1 + rand(90);
    return {
      user_id: w.id,
      arco_sumergido_id: w.station.id,
      date: dateOf(start),
      start_time: iso(start),
      end_time: iso(start + minutes * 60_000),
      duration_minutes: minutes,
      description: rand(4) === 0 ? sentence(rand, 4 + rand(6)) : null,
      created_at: iso(start),
      updated_at: iso(start + minutes * 60_000),
    };
  });

  const postStation = Array.from({ length: size.posts }, (_, i) => stations[i % stations.length].id);
  const likeCounts = spread(rand, size.posts, size.likes, Math.min(...[...byStation.values()].map((ws) => ws.length)));
  const commentCounts = spread(rand, size.posts, size.comments, 50);
  await insertChunked(db, 'wall_posts', size.posts, (i) => {
    const at = from + Math.floor(((i + 0.5) * span) / size.posts);
    const authors = byStation.get(postStation[i])!;
    const image = rand(5) === 0 ? imagePaths() : null;
    return {
      user_id: authors[rand(authors.length)].id,
      arco_sumergido_id: postStation[i],
      wall_name: 'Main',
      content: sentence(rand, 5 + rand(25)),
      image_path: image?.full ?? null,
      image_thumb: image?.thumb ?? null,
      like_count: likeCounts[i],
      comment_count: commentCounts[i],
      created_at: iso(at),
      updated_at: iso(at),
    };
  });
  const postIds = (await db.selectFrom('wall_posts').select('id').orderBy('id').execute()).map((r) => r.id);
  const postsByStation = new Map<number, number[]>(stations.map((s) => [s.id, []]));
  for (const [i, id] of postIds.entries()) postsByStation.get(postStation[i])!.push(id);

  // Likes: distinct workers of the post's station, consecutive from a random one.
  const likeRows: { post: number; user: number }[] = [];
  postIds.forEach((postId, i) => {
    const station = byStation.get(postStation[i])!;
    const first = rand(station.length);
    for (let j = 0; j < likeCounts[i]; j++) likeRows.push({ post: postId, user: station[(first + j) % station.length].id });
  });
  await insertChunked(db, 'wall_likes', likeRows.length, (i) => ({
    post_id: likeRows[i].post,
    user_id: likeRows[i].user,
    created_at: nowIso,
  }));

  const commentRows: { post: number; station: number; at: number }[] = [];
  postIds.forEach((postId, i) => {
    for (let j = 0; j < commentCounts[i]; j++)
      commentRows.push({ post: postId, station: postStation[i], at: from + Math.floor(((i + 0.5) * span) / size.posts) + j * 60_000 });
  });
  await insertChunked(db, 'wall_comments', commentRows.length, (i) => {
    const c = commentRows[i];
    const authors = byStation.get(c.station)!;
    return {
      post_id: c.post,
      user_id: authors[rand(authors.length)].id,
      content: sentence(rand, 2 + rand(12)),
      image_path: null,
      image_thumb: null,
      created_at: iso(c.at),
      updated_at: iso(c.at),
    };
  });

  // A production database has planner statistics; a freshly loaded one needs them gathered once.
  await sql.raw('analyze').execute(db);
  return { admin, workers, stations, postsByStation, until };
}
