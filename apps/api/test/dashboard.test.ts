import { messages } from '@portal/contract/common';
import { dashboardMessages } from '@portal/contract/dashboard';
import { addDays, addMonths, factoryDate, factoryToday, zonedInstant } from '@portal/contract/time';
import { beforeAll, describe, expect, it } from 'vitest';
import * as rollupMigration from '../src/db/migrations/2026-11-21T05-dashboard-rollups';
import { bearer, pgUnavailable, type TestApp, type TestArco, useTestApp } from './helper';

const TZ = 'Europe/Madrid';

interface Fixture {
  t: TestApp;
  station: TestArco;
  naveId: number;
  admin: string;
}

let userSeq = 0;
async function insertUser(f: Fixture, name: string): Promise<number> {
  const now = new Date().toISOString();
  const row = await f.t.db
    .insertInto('users')
    .values({ worker_id: `dash${userSeq++}`, name, password_hash: 'x', role: 'user', nave_id: f.naveId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertTramo(f: Fixture, userId: number | null, circular_fecha: string): Promise<number> {
  const now = new Date().toISOString();
  const row = await f.t.db
    .insertInto('tramos')
    .values({
      id_tramo: 'T-001',
      id_proyecto: 'P-001',
      id_circular: 'C-001',
      circular_fecha,
      nave_id: f.naveId,
      arco_sumergido_id: f.station.id,
      user_id: userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A stop as the paradas module writes it: `date` is the factory-local date of its start. */
async function insertStop(f: Fixture, userId: number | null, start: string, minutes: number | null): Promise<number> {
  const now = new Date().toISOString();
  const end = minutes === null ? null : new Date(Date.parse(start) + minutes * 60_000).toISOString();
  const row = await f.t.db
    .insertInto('paradas_kaiser')
    .values({
      user_id: userId,
      arco_sumergido_id: f.station.id,
      date: factoryDate(start, TZ),
      start_time: start,
      end_time: end,
      duration_minutes: minutes,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const get = async (f: Fixture, url: string, token: string | null = f.admin) =>
  f.t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

/** The figures computed by brute force from the raw tables, to compare with the rollup answers. */
async function rawFigures(f: Fixture, months: string[]) {
  const db = f.t.db;
  const tramos = await db
    .selectFrom('tramos')
    .leftJoin('users', 'users.id', 'tramos.user_id')
    .select(['circular_fecha', 'users.name'])
    .execute();
  const stops = await db
    .selectFrom('paradas_kaiser')
    .leftJoin('users', 'users.id', 'paradas_kaiser.user_id')
    .select(['date', 'duration_minutes', 'users.name'])
    .execute();
  const top = (names: (string | null)[]) => {
    const counts = new Map<string, number>();
    for (const n of names) if (n !== null) counts.set(n, (counts.get(n) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 5);
  };
  return {
    totalTramos: tramos.length,
    totalKaiserStops: stops.length,
    tramosStats: months.map((m) => ({ date: m, count: tramos.filter((r) => r.circular_fecha.startsWith(m)).length })),
    kaiserStats: months.map((m) => {
      const inMonth = stops.filter((r) => r.date.startsWith(m));
      return { date: m, count: inMonth.length, total_duration: inMonth.reduce((s, r) => s + (r.duration_minutes ?? 0), 0) };
    }),
    topTramos: top(tramos.map((r) => r.name)).map(([name, tramo_count]) => ({ name, tramo_count })),
    topStops: top(stops.map((r) => r.name)).map(([name, kaiser_stop_count]) => ({ name, kaiser_stop_count })),
  };
}

async function answered(f: Fixture) {
  const [stats, tramos, kaiser, topTramos, topStops] = await Promise.all([
    get(f, '/api/dashboard/stats'),
    get(f, '/api/dashboard/tramos-stats?period=monthly'),
    get(f, '/api/dashboard/kaiser-stops-stats?period=monthly'),
    get(f, '/api/dashboard/top-users-by-tramos'),
    get(f, '/api/dashboard/top-users-by-kaiser-stops'),
  ]);
  for (const res of [stats, tramos, kaiser, topTramos, topStops]) expect(res.statusCode).toBe(200);
  return {
    totalTramos: stats.json().totalTramos,
    totalKaiserStops: stats.json().totalKaiserStops,
    tramosStats: tramos.json(),
    kaiserStats: kaiser.json(),
    topTramos: topTramos.json(),
    topStops: topStops.json(),
  };
}

async function setup(t: TestApp): Promise<Fixture> {
  const station = await t.createArco('Arco Estadísticas');
  const nave = await t.db.selectFrom('naves').select('id').where('name', '=', station.nave).executeTakeFirstOrThrow();
  return { t, station, naveId: nave.id, admin: await t.adminToken() };
}

describe.skipIf(pgUnavailable)('dashboard statistics', () => {
  const t = useTestApp({ FACTORY_TZ: TZ });
  let f: Fixture;
  const current = factoryToday(TZ).slice(0, 7);
  const months = Array.from({ length: 12 }, (_, i) => addMonths(current, i - 11));
  // A month boundary inside the window: `before` is followed by `after`.
  const before = addMonths(current, -3);
  const after = addMonths(current, -2);
  const lastDayBefore = addDays(`${after}-01`, -1);

  beforeAll(async () => {
    f = await setup(t);
  });

  it('refuses anonymous callers (401) and non-admin users (403) on every endpoint', async () => {
    const worker = await f.t.createWorker(f.station, 'Trabajador Curioso');
    for (const path of [
      'stats',
      'tramos-stats?period=monthly',
      'kaiser-stops-stats?period=monthly',
      'top-users-by-tramos',
      'top-users-by-kaiser-stops',
    ]) {
      const anon = await get(f, `/api/dashboard/${path}`, null);
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toEqual({ message: messages.unauthenticated });
      const user = await get(f, `/api/dashboard/${path}`, worker.token);
      expect(user.statusCode).toBe(403);
      expect(user.json()).toEqual({ message: messages.adminOnly });
    }
  });

  it('answers an empty database with zeros and twelve zero months, oldest first', async () => {
    const stats = await get(f, '/api/dashboard/stats');
    expect(stats.json()).toMatchObject({ totalTramos: 0, totalKaiserStops: 0, totalWallPosts: 0, totalComments: 0 });
    const tramos = (await get(f, '/api/dashboard/tramos-stats?period=monthly')).json();
    expect(tramos).toEqual(months.map((date) => ({ date, count: 0 })));
    expect(tramos).toHaveLength(12);
    expect(tramos[11].date).toBe(current);
    const kaiser = (await get(f, '/api/dashboard/kaiser-stops-stats?period=monthly')).json();
    expect(kaiser).toEqual(months.map((date) => ({ date, count: 0, total_duration: 0 })));
    expect((await get(f, '/api/dashboard/top-users-by-tramos')).json()).toEqual([]);
    expect((await get(f, '/api/dashboard/top-users-by-kaiser-stops')).json()).toEqual([]);
  });

  it('rejects a period other than monthly with a Spanish 400', async () => {
    for (const url of ['/api/dashboard/tramos-stats?period=weekly', '/api/dashboard/kaiser-stops-stats?period=yearly']) {
      const res = await get(f, url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: dashboardMessages.periodInvalid });
    }
    expect((await get(f, '/api/dashboard/tramos-stats')).statusCode).toBe(200);
  });

  it('counts a known data set by factory-local month, across a month boundary', async () => {
    const ana = await insertUser(f, 'Ana');
    const bruno = await insertUser(f, 'Bruno');

    // A circular dated the last day of a month stays in that month.
    await insertTramo(f, ana, lastDayBefore);
    await insertTramo(f, ana, `${after}-01`);
    await insertTramo(f, bruno, `${current}-01`);
    // Thirteen months ago: in the total, outside the window.
    await insertTramo(f, bruno, `${addMonths(current, -12)}-15`);

    // 00:30 local on the 1st is still the previous day (and month) in UTC, yet belongs to the new month.
    const justAfterMidnight = zonedInstant(`${after}-01`, '00:30', TZ);
    expect(justAfterMidnight.slice(0, 7)).toBe(before);
    await insertStop(f, ana, justAfterMidnight, 45);
    // 23:30 local on the last day of the month stays in that month.
    await insertStop(f, bruno, zonedInstant(lastDayBefore, '23:30', TZ), 20);
    await insertStop(f, bruno, zonedInstant(lastDayBefore, '10:00', TZ), 5);
    // An active stop counts as a stop but adds no minutes.
    await insertStop(f, ana, zonedInstant(`${current}-01`, '08:00', TZ), null);

    const stats = (await get(f, '/api/dashboard/stats')).json();
    expect(stats).toMatchObject({ totalTramos: 4, totalKaiserStops: 4 });
    expect(stats.totalUsers).toBe(4); // admin, the worker of the first test, Ana, Bruno

    const tramos: { date: string; count: number }[] = (await get(f, '/api/dashboard/tramos-stats?period=monthly')).json();
    expect(tramos.map((m) => m.date)).toEqual(months);
    const tramosBy = Object.fromEntries(tramos.map((m) => [m.date, m.count]));
    expect(tramosBy[before]).toBe(1);
    expect(tramosBy[after]).toBe(1);
    expect(tramosBy[current]).toBe(1);
    expect(tramos.reduce((s, m) => s + m.count, 0)).toBe(3);
    expect(tramosBy[addMonths(current, -1)]).toBe(0);

    const kaiser: { date: string; count: number; total_duration: number }[] = (
      await get(f, '/api/dashboard/kaiser-stops-stats?period=monthly')
    ).json();
    expect(kaiser).toHaveLength(12);
    const kaiserBy = Object.fromEntries(kaiser.map((m) => [m.date, m]));
    expect(kaiserBy[before]).toEqual({ date: before, count: 2, total_duration: 25 });
    expect(kaiserBy[after]).toEqual({ date: after, count: 1, total_duration: 45 });
    expect(kaiserBy[current]).toEqual({ date: current, count: 1, total_duration: 0 });
    expect(kaiserBy[addMonths(current, -1)]).toEqual({ date: addMonths(current, -1), count: 0, total_duration: 0 });

    expect((await get(f, '/api/dashboard/top-users-by-tramos')).json()).toEqual([
      { name: 'Ana', tramo_count: 2 },
      { name: 'Bruno', tramo_count: 2 },
    ]);
    expect((await get(f, '/api/dashboard/top-users-by-kaiser-stops')).json()).toEqual([
      { name: 'Ana', kaiser_stop_count: 2 },
      { name: 'Bruno', kaiser_stop_count: 2 },
    ]);
  });

  it('keeps the top 5, breaking ties by name, and leaves out records of deleted users', async () => {
    // Inserted in an order that differs from the expected one.
    const ids: Record<string, number> = {};
    for (const name of ['Fabio', 'Elena', 'Diego', 'Carla', 'Zoe']) ids[name] = await insertUser(f, name);
    const add = async (name: string, tramos: number, stops: number) => {
      for (let i = 0; i < tramos; i++) await insertTramo(f, ids[name], `${current}-02`);
      for (let i = 0; i < stops; i++)
        await insertStop(f, ids[name], zonedInstant(addDays(`${current}-01`, i % 27), `0${i % 10}:00`, TZ), 10);
    };
    await add('Fabio', 2, 2);
    await add('Elena', 2, 1);
    await add('Diego', 2, 3);
    await add('Carla', 3, 2);
    await add('Zoe', 9, 9);

    const totalsBefore = (await get(f, '/api/dashboard/stats')).json();
    // Zoe leads, then is deleted: her records stay in the totals but she is no longer a user.
    expect((await get(f, '/api/dashboard/top-users-by-tramos')).json()[0]).toEqual({ name: 'Zoe', tramo_count: 9 });
    await f.t.db.deleteFrom('users').where('id', '=', ids.Zoe).execute();

    const totalsAfter = (await get(f, '/api/dashboard/stats')).json();
    expect(totalsAfter.totalTramos).toBe(totalsBefore.totalTramos);
    expect(totalsAfter.totalKaiserStops).toBe(totalsBefore.totalKaiserStops);
    expect(totalsAfter.totalUsers).toBe(totalsBefore.totalUsers - 1);

    // Ana 2, Bruno 2 (previous test), Carla 3, Diego 2, Elena 2, Fabio 2.
    expect((await get(f, '/api/dashboard/top-users-by-tramos')).json()).toEqual([
      { name: 'Carla', tramo_count: 3 },
      { name: 'Ana', tramo_count: 2 },
      { name: 'Bruno', tramo_count: 2 },
      { name: 'Diego', tramo_count: 2 },
      { name: 'Elena', tramo_count: 2 },
    ]);
    // Stops: Diego 3, Ana 2, Bruno 2, Carla 2, Fabio 2, Elena 1.
    expect((await get(f, '/api/dashboard/top-users-by-kaiser-stops')).json()).toEqual([
      { name: 'Diego', kaiser_stop_count: 3 },
      { name: 'Ana', kaiser_stop_count: 2 },
      { name: 'Bruno', kaiser_stop_count: 2 },
      { name: 'Carla', kaiser_stop_count: 2 },
      { name: 'Fabio', kaiser_stop_count: 2 },
    ]);
    expect(await answered(f)).toEqual(await rawFigures(f, months));
  });

  it('counts wall posts and comments', async () => {
    const author = await insertUser(f, 'Autora Muro');
    const now = new Date().toISOString();
    const post = await f.t.db
      .insertInto('wall_posts')
      .values({
        user_id: author,
        arco_sumergido_id: f.station.id,
        wall_name: 'Main',
        content: 'Hola equipo',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await f.t.db
      .insertInto('wall_posts')
      .values({ user_id: null, arco_sumergido_id: f.station.id, wall_name: 'Main', content: 'Otra', created_at: now, updated_at: now })
      .execute();
    for (const content of ['uno', 'dos', 'tres']) {
      await f.t.db
        .insertInto('wall_comments')
        .values({ post_id: post.id, user_id: author, content, created_at: now, updated_at: now })
        .execute();
    }
    const stats = (await get(f, '/api/dashboard/stats')).json();
    expect(stats.totalWallPosts).toBe(2);
    expect(stats.totalComments).toBe(3);
  });
});

describe.skipIf(pgUnavailable)('dashboard rollups stay exact under writes', () => {
  const t = useTestApp({ FACTORY_TZ: TZ });
  let f: Fixture;
  const current = factoryToday(TZ).slice(0, 7);
  const months = Array.from({ length: 12 }, (_, i) => addMonths(current, i - 11));

  beforeAll(async () => {
    f = await setup(t);
  });

  it('follows inserts, updates of date, duration and author, deletes and user deletion', async () => {
    const users: number[] = [];
    for (const name of ['Hugo', 'Irene', 'Javier', 'Laura', 'Mario', 'Nora', 'Olga']) users.push(await insertUser(f, name));
    // A deterministic pseudo-random sequence, so a failure reproduces.
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const dayIn = (monthsBack: number) => addDays(`${addMonths(current, -monthsBack)}-01`, rand(27));
    const tramoIds: number[] = [];
    const stopIds: number[] = [];
    for (let i = 0; i < 60; i++) tramoIds.push(await insertTramo(f, users[rand(users.length)], dayIn(rand(14))));
    // A user and a station have at most one active stop (unique indexes); every stop here is at one
    // station, so only the first drawn may stay open.
    const active = new Set<number>();
    for (let i = 0; i < 80; i++) {
      const start = zonedInstant(dayIn(rand(14)), `${String(rand(24)).padStart(2, '0')}:${String(rand(60)).padStart(2, '0')}`, TZ);
      const user = users[rand(users.length)];
      const open = rand(5) === 0 && active.size === 0;
      if (open) active.add(user);
      stopIds.push(await insertStop(f, user, start, open ? null : 1 + rand(120)));
    }
    expect(await answered(f)).toEqual(await rawFigures(f, months));

    const db = f.t.db;
    const now = new Date().toISOString();
    // Move circulares to another month and to another author.
    for (const id of tramoIds.slice(0, 15))
      await db
        .updateTable('tramos')
        .set({ circular_fecha: dayIn(rand(12)), updated_at: now })
        .where('id', '=', id)
        .execute();
    for (const id of tramoIds.slice(15, 25))
      await db
        .updateTable('tramos')
        .set({ user_id: users[rand(users.length)] })
        .where('id', '=', id)
        .execute();
    // An edit that touches neither the date nor the author changes nothing.
    await db.updateTable('tramos').set({ descripcion: 'editada' }).where('id', 'in', tramoIds.slice(25, 35)).execute();
    // End active stops, edit durations, move stops to another day and author.
    await db.updateTable('paradas_kaiser').set({ duration_minutes: 33, end_time: now }).where('duration_minutes', 'is', null).execute();
    for (const id of stopIds.slice(0, 20)) {
      const start = zonedInstant(dayIn(rand(12)), '23:45', TZ);
      await db
        .updateTable('paradas_kaiser')
        .set({ start_time: start, date: factoryDate(start, TZ), duration_minutes: rand(90) })
        .where('id', '=', id)
        .execute();
    }
    for (const id of stopIds.slice(20, 30))
      await db
        .updateTable('paradas_kaiser')
        .set({ user_id: users[rand(users.length)] })
        .where('id', '=', id)
        .execute();
    expect(await answered(f)).toEqual(await rawFigures(f, months));

    // Deletes of records, one by one and in bulk.
    await db.deleteFrom('tramos').where('id', 'in', tramoIds.slice(40, 50)).execute();
    await db.deleteFrom('paradas_kaiser').where('id', 'in', stopIds.slice(50, 65)).execute();
    expect(await answered(f)).toEqual(await rawFigures(f, months));

    // Deleting a user keeps their records (user_id set to null) and takes them out of the top lists.
    await db.deleteFrom('users').where('id', 'in', users.slice(0, 2)).execute();
    const raw = await rawFigures(f, months);
    expect(await answered(f)).toEqual(raw);
    expect(raw.topTramos.map((u) => u.name)).not.toContain('Hugo');
    const orphaned = await db.selectFrom('tramos').select('id').where('user_id', 'is', null).execute();
    expect(orphaned.length).toBeGreaterThan(0);
  });

  it('rebuilds the same rollups from existing rows when the migration runs on a populated database', async () => {
    const beforeRebuild = await answered(f);
    await rollupMigration.down(f.t.db);
    await rollupMigration.up(f.t.db);
    expect(await answered(f)).toEqual(beforeRebuild);
    expect(beforeRebuild).toEqual(await rawFigures(f, months));
    // And the triggers are back.
    const user = await insertUser(f, 'Pablo');
    await insertTramo(f, user, `${current}-03`);
    expect((await answered(f)).totalTramos).toBe(beforeRebuild.totalTramos + 1);
  });
});
