import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index';
import * as dashboard from '../src/modules/dashboard/repository';
import * as paradas from '../src/modules/paradas/admin-list-repository';
import * as tramos from '../src/modules/tramos/repository';
import * as users from '../src/modules/users/repository';
import * as wall from '../src/modules/wall/repository';
import { pgUnavailable, type TestArco, useTestApp } from './helper';
import { insertPeople, insertRows, type Plan, pg, queryPlans } from './plans';

// Every filter and sort of the admin lists finds its rows through an index in the answer's order
// (docs/decisions/018-admin-lists-at-scale.md), on SQLite and on PostgreSQL, for the page and for its
// count; the unfiltered totals come from the rollups, never from counting rows.

describe.skipIf(pgUnavailable)('query plans of the admin lists', () => {
  const t = useTestApp();
  const { plans, show } = queryPlans(t);
  const ids = { arco: 0, nave: 0, user: 0, motivos: [0, 0] };

  /** The table is never read whole (a walk along an index in order is not a full scan: LIMIT stops it). */
  const expectNoFullScan = (p: Plan, table: string, alias: string) =>
    expect(p.plan, show(p)).not.toMatch(pg ? new RegExp(`Seq Scan on ${table}\\b`) : new RegExp(`^SCAN ${alias}$`, 'm'));

  /** The plan reads `table` through `index` (searched or walked in order) and never scans it whole. */
  function expectReads(p: Plan, table: string, alias: string, index: string) {
    if (pg) {
      expect(p.plan, show(p)).toMatch(new RegExp(`(Index Scan|Index Only Scan|Bitmap Index Scan)( Backward)? (using|on) (${index})\\b`));
      expectNoFullScan(p, table, alias);
    } else {
      expect(p.plan, show(p)).toMatch(new RegExp(`(SEARCH|SCAN) ${alias} USING (COVERING )?INDEX (${index})\\b`));
      expectNoFullScan(p, table, alias);
    }
  }
  /** SQLite reads the rows in the answer's order (PostgreSQL may sort a bitmap scan's few rows). */
  const expectNoSort = (p: Plan) => {
    if (!pg) expect(p.plan, show(p)).not.toMatch(/TEMP B-TREE/);
  };
  /** The page's query (the one with ORDER BY) and the count's. */
  async function pageAndCount(work: (db: Db) => Promise<unknown>[]) {
    const all = await plans((db) => Promise.all(work(db)));
    const page = all.find((q) => /order by/i.test(q.sql));
    const count = all.find((q) => /count\(\*\)/i.test(q.sql));
    if (!page || !count) throw new Error(all.map(show).join('\n\n'));
    return { page, count };
  }

  beforeAll(async () => {
    const stations: TestArco[] = [];
    for (let i = 0; i < 20; i++) stations.push(await t.createArco(`Arco Listas ${i}`, i % 2 ? 'Nave 2' : 'Nave 1'));
    const naveOf = new Map(
      (await t.db.selectFrom('arcos_sumergidos').select(['id', 'nave_id']).execute()).map((r) => [r.id, r.nave_id] as const),
    );
    ids.arco = stations[0].id;
    ids.nave = naveOf.get(stations[1].id) as number;
    const people = await insertPeople(t.db, 300, 'lista', 'Persona', null);
    ids.user = people[0];
    ids.motivos = (await t.db.selectFrom('motivos').select('id').orderBy('id').limit(2).execute()).map((m) => m.id);
    const n = 4000;
    const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10);
    const at = (i: number, minutes = 0) => new Date(Date.UTC(2026, 0, 1) + (i % 365) * 86_400_000 + (480 + minutes) * 60_000).toISOString();
    const station = (i: number) => stations[i % stations.length].id;
    const author = (i: number) => people[i % people.length];
    await insertRows(t.db, 'tramos', n, (i) => ({
      id_tramo: `TR-${i}`,
      id_proyecto: `PRJ-${i % 997}`,
      id_circular: `C-${i}`,
      circular_fecha: day(i),
      nave_id: naveOf.get(station(i)) as number,
      arco_sumergido_id: station(i),
      user_id: author(i),
      created_at: at(i),
      updated_at: at(i),
    }));
    await insertRows(t.db, 'paradas_kaiser', n, (i) => ({
      user_id: author(i),
      arco_sumergido_id: station(i),
      // A stop in seven names a motivo (one of the two first).
      motivo_id: i % 7 === 0 ? ids.motivos[(i / 7) % 2] : null,
      date: day(i),
      start_time: at(i, i % 60),
      end_time: i % 301 === 0 ? null : at(i, (i % 60) + 10),
      duration_minutes: i % 301 === 0 ? null : 10 + (i % 50),
      created_at: at(i),
      updated_at: at(i),
    }));
    // The first station's wall is quiet (one post in a hundred): the case where walking the newest posts
    // of every station to find its own would read most of the table.
    const postStation = (i: number) => (i % 100 === 0 ? stations[0].id : stations[1 + (i % (stations.length - 1))].id);
    await insertRows(t.db, 'wall_posts', n, (i) => ({
      user_id: author(i),
      arco_sumergido_id: postStation(i),
      wall_name: 'Main',
      content: `Publicación ${i}`,
      like_count: i % 40,
      comment_count: i % 7,
      created_at: at(i),
      updated_at: at(i),
    }));
    const firstPost = (await t.db.selectFrom('wall_posts').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await insertRows(t.db, 'wall_comments', n, (i) => ({
      post_id: firstPost + i,
      user_id: author(i + 1),
      content: `Comentario ${i}`,
      created_at: at(i, 1),
      updated_at: at(i, 1),
    }));
    await (pg ? sql`vacuum analyze` : sql`analyze`).execute(t.db);
  });

  const stops = { active: false };
  const week = { from: '2026-03-02', to: '2026-03-07' };

  it('stops: every filter reads its index, in order, for the page and its count', async () => {
    const cases: [filter: paradas.AdminParadasFilter, index: string, countIndex?: string][] = [
      [{ ...stops, ...week, arco_sumergido_id: ids.arco }, 'paradas_arco_date_idx'],
      [{ ...stops, arco_sumergido_id: ids.arco }, 'paradas_arco_date_idx'],
      [{ ...stops, ...week, user_id: ids.user }, 'paradas_user_date_idx'],
      [{ ...stops, ...week }, 'paradas_date_idx'],
      [{ ...stops, motivo_id: ids.motivos[0] }, 'paradas_motivo_date_idx'],
      [{ ...stops, ...week, motivo_id: ids.motivos[0] }, 'paradas_motivo_date_idx|paradas_date_idx'],
      [{ active: true }, 'paradas_active_date_idx'],
    ];
    for (const [filter, index] of cases) {
      const { page, count } = await pageAndCount((db) => [
        paradas.pageParadas(db, filter, { sort: 'date', dir: 'desc', limit: 25, offset: 0 }),
        paradas.countParadas(db, filter),
      ]);
      expectReads(page, 'paradas_kaiser', 'p', index);
      expectNoSort(page);
      expectNoFullScan(count, 'paradas_kaiser', 'p');
    }
    // A nave: its stations' stops, each station's by its index.
    const { page } = await pageAndCount((db) => [
      paradas.pageParadas(db, { ...stops, ...week, nave_id: ids.nave }, { sort: 'date', dir: 'desc', limit: 25, offset: 0 }),
      paradas.countParadas(db, { ...stops, ...week, nave_id: ids.nave }),
    ]);
    expectNoFullScan(page, 'paradas_kaiser', 'p');
  });

  it('stops: the newest first and by duration walk an index and stop after the page', async () => {
    for (const [sort, index] of [
      ['date', 'paradas_date_idx'],
      ['duration', 'paradas_duration_idx'],
    ] as const) {
      const [page] = await plans((db) => paradas.pageParadas(db, stops, { sort, dir: 'desc', limit: 25, offset: 0 }));
      expectReads(page, 'paradas_kaiser', 'p', index);
      expectNoSort(page);
      // As served unfiltered: the same statement carrying the rollup's total.
      const [served] = await plans((db) => paradas.pageParadasWithTotal(db, stops, { sort, dir: 'desc', limit: 25, offset: 0 }));
      expectReads(served, 'paradas_kaiser', 'p', index);
      expectNoSort(served);
    }
  });

  it('circulares: every filter and sort reads its index', async () => {
    const cases: [filter: tramos.AdminTramosFilter, sort: 'created' | 'circular_fecha' | 'id_tramo', index: string][] = [
      [{}, 'circular_fecha', 'tramos_fecha_idx'],
      [{}, 'created', 'tramos_created_idx'],
      [{}, 'id_tramo', 'tramos_id_tramo_idx'],
      [{ arco_sumergido_id: ids.arco }, 'circular_fecha', 'tramos_arco_fecha_idx'],
      [{ nave_id: ids.nave }, 'circular_fecha', 'tramos_nave_fecha_idx'],
      [{ user_id: ids.user }, 'circular_fecha', 'tramos_user_fecha_idx'],
      [{ from: '2026-03-01', to: '2026-03-31' }, 'circular_fecha', 'tramos_fecha_idx'],
      [{ arco_sumergido_id: ids.arco, from: '2026-03-01', to: '2026-03-31' }, 'circular_fecha', 'tramos_arco_fecha_idx'],
    ];
    for (const [filter, sort, index] of cases) {
      const [page] = await plans((db) => tramos.pageTramos(db, filter, { sort, dir: 'desc', limit: 25, offset: 0 }));
      expectReads(page, 'tramos', 'tramos', index);
      // Only the page's 25 rows are sorted again, after their names are joined.
      if (!pg) expect(page.plan.match(/TEMP B-TREE/g)?.length ?? 0, show(page)).toBeLessThanOrEqual(1);
    }
    for (const filter of [
      { arco_sumergido_id: ids.arco },
      { nave_id: ids.nave },
      { user_id: ids.user },
      { from: '2026-03-01', to: '2026-03-31' },
    ]) {
      const [count] = await plans((db) => tramos.countTramos(db, filter));
      expectNoFullScan(count, 'tramos', 'tramos');
    }
    // The text in the ids: the trigram indexes (GIN on PostgreSQL, FTS5 on SQLite).
    const [text] = await plans((db) => tramos.pageTramos(db, { q: 'prj-12' }, { sort: 'created', dir: 'desc', limit: 25, offset: 0 }));
    if (pg) expect(text.plan, show(text)).toMatch(/Bitmap Index Scan on tramos_id_(tramo|proyecto|circular)_trgm_idx/);
    else expect(text.plan, show(text)).toMatch(/SCAN tramos_search VIRTUAL TABLE INDEX/);
  });

  it('posts and comments: every filter and sort reads its index', async () => {
    const postCases: [filter: wall.AdminWallFilter, sort: 'created' | 'likes' | 'comments', index: string][] = [
      [{ arco_sumergido_id: ids.arco }, 'created', 'wall_posts_station_id_idx'],
      [{ user_id: ids.user }, 'created', 'wall_posts_user(_id)?_idx'],
      [{ from: '2026-03-01T00:00:00.000Z', until: '2026-03-08T00:00:00.000Z' }, 'created', 'wall_posts_created_idx'],
      [{}, 'likes', 'wall_posts_likes_idx'],
      [{}, 'comments', 'wall_posts_comments_idx'],
    ];
    for (const [filter, sort, index] of postCases) {
      const [page] = await plans((db) => wall.pagePosts(db, filter, { sort, dir: 'desc', limit: 25, offset: 0 }));
      expectReads(page, 'wall_posts', 'p', index);
      expectNoSort(page);
    }
    const commentCases: [filter: wall.AdminWallFilter, index: string][] = [
      [{ user_id: ids.user }, 'wall_comments_user(_id)?_idx'],
      [{ from: '2026-03-01T00:00:00.000Z', until: '2026-03-08T00:00:00.000Z' }, 'wall_comments_created_idx'],
    ];
    for (const [filter, index] of commentCases) {
      const { page, count } = await pageAndCount((db) => [
        wall.pageComments(db, filter, { sort: 'created', dir: 'desc', limit: 25, offset: 0 }),
        wall.countComments(db, filter),
      ]);
      expectReads(page, 'wall_comments', 'c', index);
      expectNoSort(page);
      expectReads(count, 'wall_comments', 'c', index);
    }
    // A station's posts are counted from the station's own entries of an index, not by a filter over all.
    const [postsOfStation] = await plans((db) => wall.countPosts(db, { arco_sumergido_id: ids.arco }));
    if (pg) expect(postsOfStation.plan, show(postsOfStation)).toMatch(/Index Cond: \(arco_sumergido_id = /);
    else
      expect(postsOfStation.plan, show(postsOfStation)).toMatch(
        /SEARCH p USING COVERING INDEX wall_posts_wall_idx \(arco_sumergido_id=\?\)/,
      );
    const [byStation] = await plans((db) => wall.countComments(db, { arco_sumergido_id: ids.arco }));
    expect(byStation.plan, show(byStation)).toMatch(pg ? /wall_posts_station_id_idx/ : /wall_posts_station_id_idx/);
  });

  it('users: by name, worker ID and date of creation from their indexes; the totals from the rollups', async () => {
    for (const [sort, index] of [
      ['name', 'users_name_idx'],
      ['worker_id', pg ? 'users_worker_id_key' : 'sqlite_autoindex_users_1'],
      ['created', 'users_created_idx'],
    ] as const) {
      const [page] = await plans((db) => users.pageUsers(db, {}, { sort, dir: 'asc', limit: 25, offset: 0 }));
      expectReads(page, 'users', 'users', index);
      expectNoSort(page);
    }
    const totals = await plans((db) => dashboard.totals(db));
    for (const p of totals) expect(p.sql, show(p)).not.toMatch(/from "(users|wall_posts|wall_comments|tramos|paradas_kaiser)"/);
  });
});
