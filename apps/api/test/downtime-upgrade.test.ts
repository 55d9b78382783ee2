import { addMonths, factoryDate, factoryMonth } from '@portal/contract/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import type { DbHandle } from '../src/db/index';
import { hashPassword } from '../src/lib/passwords';
import { bearer, pgUnavailable } from './helper';
import { type AnyDb, olderDatabase } from './older-database';

/**
 * Older databases may hold overlapping stops at one arco (before a stop belonged to its station two
 * workers could time the same stoppage). The downtime migration must keep every row, still create the
 * one-running-stop-per-arco index, and make the statistics and the board count the station once.
 * Built as upgrade.test.ts does: the schema before the migration, rows written by frozen SQL.
 */
const BEFORE = '2026-11-21T08-indexes';
const TZ = 'Europe/Madrid';
const PASSWORD = 'clave-anterior';

describe.skipIf(pgUnavailable)('downtime migration over overlapping older stops', () => {
  let handle: DbHandle;
  let app: App;
  let dropDatabase = async () => {};
  let arco: number;
  let nave: string;
  const ids: Record<string, number> = {};
  const lastMonth = addMonths(factoryMonth(new Date(), TZ), -1);
  const day = `${lastMonth}-03`;
  const at = (hh: number, mm = 0) => `${day}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00.000Z`;
  let rowsBefore: unknown[];

  const admin = async () =>
    (await app.inject({ method: 'POST', url: '/api/admin/login', payload: { worker_id: 'jefe-viejo', password: PASSWORD } })).json()
      .accessToken as string;
  const workerToken = async (worker_id: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { worker_id, password: PASSWORD, nave, arco_sumergido_id: arco },
      })
    ).json().accessToken as string;

  beforeAll(async () => {
    const older = await olderDatabase(BEFORE);
    handle = older.handle;
    dropDatabase = older.drop;
    const { config, db } = older;

    const now = new Date();
    const nowIso = now.toISOString();
    const naveRow = await db.selectFrom('naves').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    nave = naveRow.name;
    arco = (
      await db
        .insertInto('arcos_sumergidos')
        .values({ name: 'Arco Doble', nave_id: naveRow.id, created_at: nowIso })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const hash = await hashPassword(PASSWORD);
    for (const [worker_id, name, role] of [
      ['jefe-viejo', 'Jefe Viejo', 'admin'],
      ['ana-vieja', 'Ana Vieja', 'user'],
      ['beto-viejo', 'Beto Viejo', 'user'],
      ['carla-vieja', 'Carla Vieja', 'user'],
    ] as const) {
      ids[worker_id] = (
        await db
          .insertInto('users')
          .values({
            worker_id,
            name,
            password_hash: hash,
            role,
            nave_id: role === 'admin' ? null : naveRow.id,
            token_version: 1,
            created_at: nowIso,
            updated_at: nowIso,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    const stop = (user: string, start: string, end: string | null, minutes: number | null) => ({
      user_id: ids[user],
      arco_sumergido_id: arco,
      date: factoryDate(start, TZ),
      start_time: start,
      end_time: end,
      duration_minutes: minutes,
      description: null,
      created_at: nowIso,
      updated_at: nowIso,
    });
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
    for (const [key, values] of [
      // One stoppage from 08:00 to 09:30, timed by two workers: 90 minutes of downtime, not 120.
      ['a', stop('ana-vieja', at(8), at(9), 60)],
      ['b', stop('beto-viejo', at(8, 30), at(9, 30), 60)],
      // Wholly inside another: counts nothing.
      ['c', stop('carla-vieja', at(8, 40), at(8, 50), 10)],
      // The same running stop, started by two workers.
      ['run1', stop('ana-vieja', ago(20), null, null)],
      ['run2', stop('beto-viejo', ago(10), null, null)],
    ] as const) {
      ids[key] = (await db.insertInto('paradas_kaiser').values(values).returning('id').executeTakeFirstOrThrow()).id;
    }
    rowsBefore = await db
      .selectFrom('paradas_kaiser')
      .select(['id', 'user_id', 'start_time', 'end_time', 'duration_minutes'])
      .orderBy('id')
      .execute();

    app = await buildApp({ config, db: handle });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await dropDatabase();
  });

  it('keeps every older stop as it was', async () => {
    const rows = await (handle.db as AnyDb)
      .selectFrom('paradas_kaiser')
      .select(['id', 'user_id', 'start_time', 'end_time', 'duration_minutes'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual(rowsBefore);
  });

  it("counts the station's minutes once in the statistics", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/dashboard/kaiser-stops-stats', headers: bearer(await admin()) });
    const months = res.json() as { date: string; count: number; total_duration: number }[];
    expect(months.find((m) => m.date === lastMonth)).toEqual({ date: lastMonth, count: 3, total_duration: 90 });
  });

  it('shows the earliest running stop on the board and refuses a new start at the station', async () => {
    const board = (await app.inject({ method: 'GET', url: '/api/admin/planta', headers: bearer(await admin()) })).json() as {
      arcos: { id: number; active_stop: { id: number } | null; today_minutes: number }[];
    }[];
    const station = board.flatMap((n) => n.arcos).find((a) => a.id === arco);
    expect(station?.active_stop?.id).toBe(ids.run1);
    // Twenty minutes running, not thirty (the second running row covers the same time); the clock
    // may have just ticked past midnight, so at most twenty.
    expect(station?.today_minutes).toBeLessThanOrEqual(20);

    const carla = await workerToken('carla-vieja');
    const start = await app.inject({ method: 'POST', url: '/api/paradas-kaiser/start', headers: bearer(carla), payload: {} });
    expect(start.statusCode).toBe(409);
    expect(start.json().message).toMatch(/^Este arco ya tiene una parada activa, iniciada por Ana Vieja el /);
  });

  it('lets a colleague end both running rows; the covered one adds no minutes', async () => {
    const carla = await workerToken('carla-vieja');
    for (const id of [ids.run1, ids.run2]) {
      const res = await app.inject({ method: 'PUT', url: `/api/paradas-kaiser/end/${id}`, headers: bearer(carla), payload: {} });
      expect(res.statusCode).toBe(200);
    }
    const rows = await (handle.db as AnyDb)
      .selectFrom('paradas_kaiser')
      .select(['id', 'counted_minutes', 'ended_by'])
      .where('id', 'in', [ids.run1, ids.run2])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: ids.run1, counted_minutes: null, ended_by: ids['carla-vieja'] },
      { id: ids.run2, counted_minutes: 0, ended_by: ids['carla-vieja'] },
    ]);
    const start = await app.inject({ method: 'POST', url: '/api/paradas-kaiser/start', headers: bearer(carla), payload: {} });
    expect(start.statusCode).toBe(201);
  });

  it('recounts a covered stop when the one covering it is deleted', async () => {
    const token = await admin();
    expect((await app.inject({ method: 'DELETE', url: `/api/paradas-kaiser/${ids.a}`, headers: bearer(token) })).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: '/api/dashboard/kaiser-stops-stats', headers: bearer(token) });
    const months = res.json() as { date: string; count: number; total_duration: number }[];
    // b (08:30-09:30) now counts whole, c (08:40-08:50) stays inside b.
    expect(months.find((m) => m.date === lastMonth)).toEqual({ date: lastMonth, count: 2, total_duration: 60 });
  });
});
