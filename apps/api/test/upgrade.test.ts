import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addMonths, factoryDate, factoryMonth } from '@portal/contract/time';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import type { DbHandle } from '../src/db/index';
import { FolderMigrationProvider } from '../src/db/migrate';
import { hashPassword } from '../src/lib/passwords';
import { bearer, pgUnavailable } from './helper';
import { type AnyDb, migrator, olderDatabase } from './older-database';

/**
 * Upgrades keep every record: a database built with the migrations of the released schema (the
 * newest migration when this test was written), filled with every kind of record by SQL frozen
 * against that schema, then opened by the current app, which migrates it to the newest schema. Every
 * row the released schema held must still be there with the same values (new columns may be added),
 * and the app must serve the records, their images and the statistics from them. A migration added
 * later joins this test by itself: it runs on the filled database when the app opens it.
 */
const RELEASED = '2026-11-21T08-indexes';

type Row = Record<string, unknown>;

const PASSWORD = 'clave-anterior';
const TZ = 'Europe/Madrid';

interface Seeded {
  thisMonth: string;
  lastMonth: string;
  arco: number;
  worker: { id: number; worker_id: string; nave: string };
  images: string[];
}

/** Every kind of record, written as the released server wrote them (SQL frozen against its schema). */
async function seed(db: AnyDb, uploadsDir: string): Promise<Seeded> {
  const now = new Date();
  const at = now.toISOString();
  const thisMonth = factoryMonth(now, TZ);
  const lastMonth = addMonths(thisMonth, -1);
  const day = (month: string, d: number) => `${month}-${String(d).padStart(2, '0')}`;
  const iso = (date: string, hour: number, minute = 0) =>
    `${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`;

  mkdirSync(uploadsDir, { recursive: true });
  const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .webp()
    .toBuffer();
  const images: string[] = [];
  const image = (name: string) => {
    writeFileSync(path.join(uploadsDir, name), webp);
    images.push(`/uploads/${name}`);
    return `/uploads/${name}`;
  };

  const naves = await db.selectFrom('naves').select(['id', 'name']).orderBy('id').execute();
  const [nave1, nave2] = naves as { id: number; name: string }[];
  const arcoIds: number[] = [];
  for (const [name, nave] of [
    ['Arco Antiguo 1', nave1.id],
    ['Arco Antiguo 2', nave2.id],
  ] as const) {
    const row = await db
      .insertInto('arcos_sumergidos')
      .values({ name, nave_id: nave, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    arcoIds.push(row.id);
  }
  const hash = await hashPassword(PASSWORD);
  const userIds: number[] = [];
  for (const [worker_id, name, role, nave] of [
    ['jefe-antiguo', 'Jefe Antiguo', 'admin', null],
    ['obrero-antiguo', 'Obrero Antiguo', 'user', nave1.id],
    ['soldador-antiguo', 'Soldadora Antigua', 'user', nave2.id],
  ] as const) {
    const row = await db
      .insertInto('users')
      .values({ worker_id, name, password_hash: hash, role, nave_id: nave, token_version: 2, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds.push(row.id);
  }
  const [, obrero, soldadora] = userIds;

  const tramo = (n: number, month: string, user: number | null, withImage: boolean, arco = arcoIds[0], nave = nave1.id) => ({
    id_tramo: `TR-${n}`,
    id_proyecto: `PR-${n}`,
    id_circular: `CI-${n}`,
    circular_fecha: day(month, 10 + n),
    descripcion: n % 2 ? `Tramo ${n} soldado` : null,
    imagen: withImage ? image(`tramo-${n}.webp`) : null,
    imagen_thumb: withImage ? image(`tramo-${n}-thumb.webp`) : null,
    nave_id: nave,
    arco_sumergido_id: arco,
    user_id: user,
    created_at: at,
    updated_at: at,
  });
  await db
    .insertInto('tramos')
    .values([
      tramo(1, lastMonth, obrero, true),
      tramo(2, lastMonth, obrero, false),
      tramo(3, thisMonth, soldadora, true, arcoIds[1], nave2.id),
      // The author was deleted: the record stays, authorless.
      tramo(4, thisMonth, null, false),
    ])
    .execute();

  const parada = (user: number | null, date: string, start: string, end: string | null, minutes: number | null, arco = arcoIds[0]) => ({
    user_id: user,
    arco_sumergido_id: arco,
    date,
    start_time: start,
    end_time: end,
    duration_minutes: minutes,
    description: end ? 'Cambio de bobina' : null,
    created_at: at,
    updated_at: at,
  });
  await db
    .insertInto('paradas_kaiser')
    .values([
      parada(obrero, day(lastMonth, 3), iso(day(lastMonth, 3), 8), iso(day(lastMonth, 3), 8, 45), 45),
      parada(soldadora, day(lastMonth, 4), iso(day(lastMonth, 4), 9), iso(day(lastMonth, 4), 10, 30), 90, arcoIds[1]),
      parada(null, day(thisMonth, 1), iso(day(thisMonth, 1), 7), iso(day(thisMonth, 1), 7, 20), 20),
      // Still in progress when the old release stopped.
      parada(obrero, factoryDate(now, TZ), at, null, null),
    ])
    .execute();

  const post = (
    user: number | null,
    arco: number | null,
    wall: string,
    content: string,
    withImage: boolean,
    likes: number,
    comments: number,
  ) => ({
    user_id: user,
    arco_sumergido_id: arco,
    wall_name: wall,
    content,
    image_path: withImage ? image(`post-${content.length}.webp`) : null,
    image_thumb: withImage ? image(`post-${content.length}-thumb.webp`) : null,
    like_count: likes,
    comment_count: comments,
    created_at: at,
    updated_at: at,
  });
  const postIds: number[] = [];
  for (const values of [
    post(obrero, arcoIds[0], 'Main', 'Cambio de turno sin novedad', true, 2, 2),
    post(null, arcoIds[0], 'Main', 'Aviso de un usuario borrado', false, 0, 0),
  ]) {
    postIds.push((await db.insertInto('wall_posts').values(values).returning('id').executeTakeFirstOrThrow()).id);
  }
  await db
    .insertInto('wall_likes')
    .values([
      { post_id: postIds[0], user_id: obrero, created_at: at },
      { post_id: postIds[0], user_id: userIds[0], created_at: at },
    ])
    .execute();
  await db
    .insertInto('wall_comments')
    .values([
      {
        post_id: postIds[0],
        user_id: userIds[0],
        content: 'Recibido',
        image_path: null,
        image_thumb: null,
        created_at: at,
        updated_at: at,
      },
      {
        post_id: postIds[0],
        user_id: null,
        content: 'Con foto',
        image_path: image('comment-1.webp'),
        image_thumb: image('comment-1-thumb.webp'),
        created_at: at,
        updated_at: at,
      },
    ])
    .execute();
  await db
    .insertInto('login_attempts')
    .values({ key: 'login:127.0.0.1:nadie', count: 3, reset_at: now.getTime() + 600_000 })
    .execute();

  return { thisMonth, lastMonth, arco: arcoIds[0], worker: { id: obrero, worker_id: 'obrero-antiguo', nave: nave1.name }, images };
}

/** The user tables of a database (the migrator's own excluded), on either engine. */
async function tables(db: AnyDb): Promise<string[]> {
  // On PostgreSQL introspection reads only the current schema (docs/decisions/052-migrations-read-their-own-schema.md).
  return (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => !name.startsWith('kysely_') && !name.startsWith('sqlite_'));
}

/** Every row of a table in a stable order, restricted to `columns` when given. */
async function rowsOf(db: AnyDb, table: string, columns?: string[]): Promise<Row[]> {
  const rows = (await db.selectFrom(table).selectAll().execute()) as Row[];
  const picked = columns ? rows.map((row) => Object.fromEntries(columns.map((c) => [c, row[c]]))) : rows;
  return picked
    .map((row) => JSON.stringify(row))
    .sort()
    .map((text) => JSON.parse(text) as Row);
}

describe.skipIf(pgUnavailable)(`upgrade from the released schema (${RELEASED}) to the newest`, () => {
  let handle: DbHandle;
  let app: App;
  let dropDatabase = async () => {};
  let seeded: Seeded;
  const before = new Map<string, Row[]>();

  beforeAll(async () => {
    const older = await olderDatabase(RELEASED);
    handle = older.handle;
    dropDatabase = older.drop;
    const { config, db } = older;
    seeded = await seed(db, config.uploadsDir);
    for (const table of await tables(db)) before.set(table, await rowsOf(db, table));
    // The new release opens the old database: buildApp migrates it to the newest schema.
    app = await buildApp({ config, db: handle });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await dropDatabase();
  });

  it('applied every later migration', async () => {
    const migrations = await new FolderMigrationProvider().getMigrations();
    const applied = await (await migrator(handle.db as AnyDb)).getMigrations();
    expect(applied.filter((m) => !m.executedAt).map((m) => m.name)).toEqual([]);
    expect(applied.map((m) => m.name)).toEqual(Object.keys(migrations).sort());
  });

  it('keeps every row of every table with the same values', async () => {
    expect(before.size).toBeGreaterThanOrEqual(12);
    for (const [table, rows] of before) {
      expect(rows.length, `${table} was filled`).toBeGreaterThan(0);
      const columns = rows.length ? Object.keys(rows[0]) : undefined;
      expect(await rowsOf(handle.db as AnyDb, table, columns), table).toEqual(rows);
    }
  });

  it('serves the old records, sessions aside: the old password signs in', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { worker_id: seeded.worker.worker_id, password: PASSWORD, nave: seeded.worker.nave, arco_sumergido_id: seeded.arco },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().accessToken as string;
    const wall = await app.inject({ method: 'GET', url: '/api/wall/posts', headers: bearer(token) });
    expect(wall.statusCode).toBe(200);
    const posts = wall.json() as { content: string; like_count: number; comment_count: number; is_liked_by_current_user: boolean }[];
    expect(posts.find((p) => p.content === 'Cambio de turno sin novedad')).toMatchObject({
      like_count: 2,
      comment_count: 2,
      is_liked_by_current_user: true,
    });
    const active = await app.inject({ method: 'GET', url: '/api/paradas-kaiser/active', headers: bearer(token) });
    expect(active.statusCode).toBe(200);
    expect(active.json()).not.toBeNull();
  });

  it('serves every image the records reference', async () => {
    for (const image of seeded.images) {
      const res = await app.inject({ method: 'GET', url: image });
      expect(res.statusCode, image).toBe(200);
      expect(res.headers['content-type'], image).toBe('image/webp');
    }
  });

  it('keeps the statistics', async () => {
    const admin = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { worker_id: 'jefe-antiguo', password: PASSWORD } });
    expect(admin.statusCode).toBe(200);
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: bearer(admin.json().accessToken) });
      expect(res.statusCode, url).toBe(200);
      return res.json();
    };
    expect(await get('/api/dashboard/stats')).toEqual({
      totalUsers: 3,
      totalTramos: 4,
      totalKaiserStops: 4,
      totalWallPosts: 2,
      totalComments: 2,
    });
    const tramos = (await get('/api/dashboard/tramos-stats')) as { date: string; count: number }[];
    expect(tramos.filter((m) => m.count > 0)).toEqual([
      { date: seeded.lastMonth, count: 2 },
      { date: seeded.thisMonth, count: 2 },
    ]);
    const paradas = (await get('/api/dashboard/kaiser-stops-stats')) as { date: string; count: number; total_duration: number }[];
    expect(paradas.filter((m) => m.count > 0)).toEqual([
      { date: seeded.lastMonth, count: 2, total_duration: 135 },
      { date: seeded.thisMonth, count: 2, total_duration: 20 },
    ]);
    expect(await get('/api/dashboard/top-users-by-tramos')).toEqual([
      { name: 'Obrero Antiguo', tramo_count: 2 },
      { name: 'Soldadora Antigua', tramo_count: 1 },
    ]);
  });
});
