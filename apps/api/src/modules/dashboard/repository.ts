import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { DashboardTotalsTable } from '../../db/types';

const num = (v: unknown) => Number(v ?? 0);

type Counted = DashboardTotalsTable['name'];

/**
 * Rows of a big table, from the one-row-per-table rollup the database's triggers keep (migration
 * 2026-11-24T03): PostgreSQL's COUNT(*) visits every row, and the monthly rollups' pages fill with
 * dead row versions, so even summing their few rows reads thousands of pages there.
 */
export async function countRows(db: Db, table: Counted): Promise<number> {
  const row = await db.selectFrom('dashboard_totals').select('count').where('name', '=', table).executeTakeFirst();
  return num(row?.count);
}

/**
 * The same total as a column of another statement (a scalar subquery, evaluated once): a list's page
 * carries its unfiltered total, one round trip instead of two on PostgreSQL.
 */
export const countRowsColumn = (table: Counted) =>
  sql<number | string>`(select ${sql.ref('count')} from dashboard_totals where name = ${table})`.as('total');

export async function totals(db: Db) {
  const [totalUsers, totalTramos, totalKaiserStops, totalWallPosts, totalComments] = await Promise.all([
    countRows(db, 'users'),
    countRows(db, 'tramos'),
    countRows(db, 'paradas_kaiser'),
    countRows(db, 'wall_posts'),
    countRows(db, 'wall_comments'),
  ]);
  return { totalUsers, totalTramos, totalKaiserStops, totalWallPosts, totalComments };
}

/** Monthly tramo counts for months in [from, to] ('YYYY-MM', inclusive); months without rows are absent. */
export async function tramosByMonth(db: Db, from: string, to: string) {
  const rows = await db
    .selectFrom('dashboard_tramos_monthly')
    .select(['month', 'count'])
    .where('month', '>=', from)
    .where('month', '<=', to)
    .execute();
  return rows.map((r) => ({ month: r.month, count: num(r.count) }));
}

/** Monthly Kaiser stop counts and finished minutes for months in [from, to]. */
export async function paradasByMonth(db: Db, from: string, to: string) {
  const rows = await db
    .selectFrom('dashboard_paradas_monthly')
    .select(['month', 'count', 'total_duration'])
    .where('month', '>=', from)
    .where('month', '<=', to)
    .execute();
  return rows.map((r) => ({ month: r.month, count: num(r.count), total_duration: num(r.total_duration) }));
}

/**
 * The users with most records of a kind, ties broken by name (then id, so the order is stable).
 * The inner join leaves out records whose author was deleted: their user_id is null.
 */
export async function topUsers(db: Db, column: 'tramo_count' | 'kaiser_stop_count', limit: number) {
  const rows = await db
    .selectFrom('dashboard_user_totals as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.name as name', `t.${column} as count`])
    .where(`t.${column}`, '>', 0)
    .orderBy(`t.${column}`, 'desc')
    .orderBy('u.name', 'asc')
    .orderBy('u.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ name: r.name, count: num(r.count) }));
}
