import { PARADAS_RANGE_LIMIT } from '@portal/contract/paradas';
import { SEARCH_MAX } from '@portal/contract/tramos';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import * as dashboard from '../src/modules/dashboard/repository';
import * as paradas from '../src/modules/paradas/repository';
import * as tramos from '../src/modules/tramos/repository';
import * as wall from '../src/modules/wall/repository';
import { pgUnavailable, type TestArco, useTestApp } from './helper';
import { finishedStop, insertPeople, insertRows, pg, queryPlans } from './plans';

// The hot read queries must find their rows through an index, so they stay quick as years of records
// pile up. The SQL is captured from the real repository functions (a Kysely plugin compiles every
// query they run), then explained: EXPLAIN QUERY PLAN on SQLite, EXPLAIN on PostgreSQL after ANALYZE
// and with sequential scans priced out, so that on these small tables the plan shows which index the
// planner can use instead of the scan a tiny table would get anyway.

describe.skipIf(pgUnavailable)('query plans of the hot read paths', () => {
  const t = useTestApp();
  let stationA: number;
  let workerId: number;

  const { plans, show, expectIndex, expectNoFullScan, expectNoSort } = queryPlans(t);

  beforeAll(async () => {
    // A factory has many stations: the planner then sees that one station's wall is a small slice.
    const stations: TestArco[] = [];
    for (let i = 0; i < 20; i++) stations.push(await t.createArco(`Arco Planes ${i}`));
    const [a, b] = stations;
    // TestArco A is a quiet wall (one post in a hundred): the case where walking the newest posts of
    // every station to find A's would read most of the table.
    const stationOf = (i: number) => (i % 100 === 0 ? a.id : stations[1 + (i % (stations.length - 1))].id);
    stationA = a.id;
    const w1 = await t.createWorker(a, 'Planes Uno');
    const w2 = await t.createWorker(b, 'Planes Dos');
    workerId = w1.id;
    const naveId = (await t.db.selectFrom('arcos_sumergidos').select('nave_id').where('id', '=', a.id).executeTakeFirstOrThrow()).nave_id;

    // A few thousand rows per big table, spread over the stations, two users and a year of dates:
    // enough for the planners to prefer an index where production would.
    const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10);
    const at = (i: number, minutes = 0) =>
      new Date(Date.UTC(2026, 0, 1) + (i % 365) * 86_400_000 + (8 * 60 + minutes) * 60_000).toISOString();
    const n = 4000;
    // A few hundred colleagues, so the statistics rank more users than a page shows.
    const others = await insertPeople(t.db, 300, 'planes', 'Compañero', naveId);
    const authors = [w1.id, w2.id, ...others];
    await insertRows(t.db, 'tramos', n, (i) => ({
      id_tramo: `TR-${String(i).padStart(5, '0')}`,
      id_proyecto: `PRJ_${i % 997}`,
      id_circular: `CIRC-${(i * 7919) % 10007}`,
      circular_fecha: day(i),
      descripcion: null,
      imagen: null,
      imagen_thumb: null,
      nave_id: naveId,
      arco_sumergido_id: i % 2 ? a.id : b.id,
      user_id: authors[i % authors.length],
      created_at: at(i),
      updated_at: at(i),
    }));
    await insertRows(t.db, 'paradas_kaiser', n, (i) => finishedStop(i % 2 ? w1.id : w2.id, i % 2 ? a.id : b.id, at(i, 10)));
    await insertRows(t.db, 'wall_posts', n, (i) => ({
      user_id: i % 2 ? w1.id : w2.id,
      arco_sumergido_id: stationOf(i),
      wall_name: 'Main',
      content: `Publicación ${i}`,
      image_path: null,
      image_thumb: null,
      like_count: 0,
      comment_count: 0,
      created_at: at(i),
      updated_at: at(i),
    }));
    const posts = await t.db.selectFrom('wall_posts').select('id').where('arco_sumergido_id', '=', a.id).limit(50).execute();
    await t.db
      .insertInto('wall_likes')
      .values(posts.map((p) => ({ post_id: p.id, user_id: w1.id, created_at: at(0) })))
      .execute();
    // VACUUM also merges the GIN pending lists, as autovacuum does on a live server.
    await (pg ? sql`vacuum analyze` : sql`analyze`).execute(t.db);
  });

  it('wall of a station: posts by the station index with author and station, no sort', async () => {
    const [p] = await plans((db) => wall.listPostPage(db, { arcoSumergidoId: stationA, wallName: 'Main', limit: 20 }));
    expectIndex(p, pg ? 'wall_posts' : 'p', 'wall_posts_wall_idx');
    expectNoSort(p);
    expectNoFullScan(p, pg ? ['wall_posts', 'users'] : ['p', 'u']);
  });

  it("the like flags of a page: the page's likes by the likes' primary key", async () => {
    const ids = (await wall.listPostPage(t.db, { arcoSumergidoId: stationA, wallName: 'Main', limit: 20 })).map((p) => p.id);
    expect(ids.length).toBe(20);
    const [p] = await plans((db) => wall.likersOf(db, ids));
    if (pg) expect(p.plan, show(p)).toMatch(/Index (Only )?Scan using wall_likes_pk on wall_likes/);
    else expect(p.plan, show(p)).toMatch(/SEARCH wall_likes USING (COVERING )?INDEX sqlite_autoindex_wall_likes_1 \(post_id=\?\)/);
    expectNoFullScan(p, ['wall_likes']);
  });

  it('next page of a wall (before=id) keeps to the station index', async () => {
    const [p] = await plans((db) => wall.listPostPage(db, { arcoSumergidoId: stationA, wallName: 'Main', before: 2000, limit: 20 }));
    expectIndex(p, pg ? 'wall_posts' : 'p', 'wall_posts_wall_idx');
    expectNoSort(p);
  });

  it('every wall (admin): newest posts walked backwards on the primary key, no sort', async () => {
    const [p] = await plans((db) => wall.listPostPage(db, { limit: 20 }));
    if (pg) expect(p.plan, show(p)).toMatch(/Index Scan Backward using wall_posts_pkey on wall_posts/);
    // SQLite walks the rowid from the end; without a temp B-tree the LIMIT stops it after 20 rows.
    else expect(p.plan, show(p)).toMatch(/^SCAN p$/m);
    expectNoSort(p);
  });

  it('latest circulares: newest first on tramos_created_idx; the total comes from its rollup row, in the same statement', async () => {
    const queries = await plans((db) => tramos.listTramos(db, 20, 0));
    // One statement per answer: the page carries the total (one round trip on PostgreSQL).
    expect(queries, queries.map(show).join('\n\n')).toHaveLength(1);
    const [list] = queries;
    expect(list.sql, show(list)).toMatch(/order by/i);
    if (pg) expect(list.plan, show(list)).toMatch(/Index Scan Backward using tramos_created_idx on tramos/);
    else expect(list.plan, show(list)).toMatch(/SCAN tramos USING INDEX tramos_created_idx/);
    expectNoSort(list);
    // The total never counts the tramos rows themselves: it reads the rollup row by its key.
    expect(list.sql, show(list)).toMatch(/from dashboard_totals where name = /);
    if (!pg) expect(list.plan, show(list)).toMatch(/SEARCH dashboard_totals USING (COVERING )?INDEX \S+ \(name=\?\)/);
    // SQLite's walk along the index reads as a SCAN of tramos; LIMIT stops it (checked above).
    if (pg) expectNoFullScan(list, ['tramos']);
  });

  for (const field of ['id_tramo', 'id_proyecto', 'id_circular'] as const) {
    it(`search by ${field}: the trigram index finds the rows`, async () => {
      const value = { id_tramo: 'tr-0012', id_proyecto: 'prj_123', id_circular: 'circ-79' }[field];
      const [p] = await plans((db) => tramos.searchTramos(db, t.handle.engine, { [field]: value }, SEARCH_MAX));
      if (pg) expect(p.plan, show(p)).toMatch(new RegExp(`Bitmap Index Scan on tramos_${field}_trgm_idx`));
      else expect(p.plan, show(p)).toMatch(/SCAN tramos_search VIRTUAL TABLE INDEX 0:L/);
      expectNoFullScan(p, ['tramos']);
    });
  }

  it('search answers the same rows with the index as a plain scan would', async () => {
    // The trigram narrowing must not lose or add rows: compare with the escaped LIKE alone.
    for (const [field, value] of [
      ['id_tramo', 'TR-0001'],
      ['id_proyecto', 'prj_1'],
      ['id_proyecto', 'J_1'],
      ['id_circular', 'IRC-1'],
      ['id_tramo', '%'],
    ] as const) {
      const found = await tramos.searchTramos(t.db, t.handle.engine, { [field]: value }, 10_000);
      const all = await t.db.selectFrom('tramos').select(['id', field]).execute();
      const expected = all
        .filter((r) => r[field].toLowerCase().includes(value.toLowerCase()))
        .map((r) => r.id)
        .sort((x, y) => x - y);
      expect(
        found.map((r) => r.id).sort((x, y) => x - y),
        `${field} ~ ${value}`,
      ).toEqual(expected);
    }
  });

  it('search by date uses tramos_fecha_idx', async () => {
    const [p] = await plans((db) => tramos.searchTramos(db, t.handle.engine, { circular_fecha: '2026-03-01' }, SEARCH_MAX));
    expectIndex(p, 'tramos', 'tramos_fecha_idx');
  });

  it("a week of one worker's stops reads only that week from paradas_user_date_idx, already in order", async () => {
    const [p] = await plans((db) =>
      paradas.listParadas(db, { userId: workerId, startDate: '2026-03-02', endDate: '2026-03-07', limit: PARADAS_RANGE_LIMIT }),
    );
    expectIndex(p, pg ? 'paradas_kaiser' : 'p', 'paradas_user_date_idx');
    expectNoSort(p);
  });

  it("a week of everyone's stops (admin) reads only that week from paradas_date_idx", async () => {
    const [p] = await plans((db) =>
      paradas.listParadas(db, { startDate: '2026-03-02', endDate: '2026-03-07', limit: PARADAS_RANGE_LIMIT }),
    );
    expectIndex(p, pg ? 'paradas_kaiser' : 'p', 'paradas_date_idx');
  });

  it('statistics read the rollups by key and the top users by their count index', async () => {
    const monthly = await plans(async (db) => {
      await dashboard.tramosByMonth(db, '2026-01', '2026-12');
      await dashboard.paradasByMonth(db, '2026-01', '2026-12');
    });
    // One row per month: SQLite may read such a table whole; PostgreSQL can range over its key.
    for (const p of monthly) {
      if (pg) expect(p.plan, show(p)).toMatch(/(Index (Only )?Scan using|Bitmap Index Scan on) dashboard_(tramos|paradas)_monthly_pkey/);
      expect(p.sql, show(p)).toMatch(/^select .* from "dashboard_(tramos|paradas)_monthly" where/);
    }
    const [tramosTop] = await plans((db) => dashboard.topUsers(db, 'tramo_count', 5));
    expectIndex(tramosTop, pg ? 'dashboard_user_totals' : 't', 'dashboard_user_totals_tramos_idx');
    const [paradasTop] = await plans((db) => dashboard.topUsers(db, 'kaiser_stop_count', 5));
    expectIndex(paradasTop, pg ? 'dashboard_user_totals' : 't', 'dashboard_user_totals_paradas_idx');
    // Totals of the big tables come from the rollups, never from COUNT(*) over tramos or paradas.
    const totals = await plans((db) => dashboard.totals(db));
    for (const p of totals) expect(p.sql, show(p)).not.toMatch(/from "(tramos|paradas_kaiser)"/);
  });
});
