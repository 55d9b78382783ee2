import type { Db } from '../../db/index';
import { countRows } from '../../db/paging';

const num = (v: unknown) => Number(v ?? 0);

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
