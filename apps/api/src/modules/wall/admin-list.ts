import type { COMMENT_SORTS, POST_SORTS } from '@portal/contract/paging';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/index';
import { allOf, type Condition, contains, countWhere, eq, gte, lt } from '../admin-lists/conditions';
import { comments, posts, toComment, toPost } from './repository';

/** Filters of the posts and comments lists; `from`/`until` are instants (factory days already resolved). */
export interface AdminWallFilter {
  from?: string;
  until?: string;
  arco_sumergido_id?: number;
  user_id?: number;
  q?: string;
}

export const isFiltered = (f: AdminWallFilter) => Boolean(f.from || f.until || f.arco_sumergido_id || f.user_id || f.q);

/**
 * The filter's conditions. A count of one station's posts reads the station's entries of
 * wall_posts_wall_idx (station first) and counts them there; the expression of the station-id index
 * is for a page in id order (PostgreSQL would count through it with a filter over every entry).
 */
function conditions(alias: 'p' | 'c', f: AdminWallFilter, forCount = false): Condition[] {
  const c: Condition[] = [];
  if (f.from) c.push(gte(`${alias}.created_at`, f.from));
  if (f.until) c.push(lt(`${alias}.created_at`, f.until));
  if (f.user_id !== undefined) c.push(eq(`${alias}.user_id`, f.user_id));
  if (f.q) c.push(contains(`${alias}.content`, f.q));
  if (f.arco_sumergido_id !== undefined) {
    // The expression of wall_posts_station_id_idx (migration 2026-11-24T03): a station's posts of every wall by id.
    const station = (column: string) => sql<SqlBool>`coalesce(${sql.ref(column)}, 0) = ${f.arco_sumergido_id}`;
    if (alias === 'p' && forCount) c.push(eq('p.arco_sumergido_id', f.arco_sumergido_id));
    else if (alias === 'p') c.push(station('p.arco_sumergido_id'));
    else c.push(sql`${sql.ref('c.post_id')} in (select id from wall_posts where ${station('arco_sumergido_id')})`);
  }
  return c;
}

/**
 * One page of posts of every wall; ids grow with time, so "newest" is the id order, and between dates
 * the created_at order (wall_posts_created_idx) is the same one.
 */
export async function pagePosts(
  db: Db,
  f: AdminWallFilter,
  sort: (typeof POST_SORTS)[number],
  dir: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  let q = posts(db).where(allOf(conditions('p', f)));
  if (sort === 'likes') q = q.orderBy('p.like_count', dir);
  else if (sort === 'comments') q = q.orderBy('p.comment_count', dir);
  else if (f.from || f.until) q = q.orderBy('p.created_at', dir);
  const rows = await q.orderBy('p.id', dir).limit(limit).offset(offset).execute();
  return rows.map(toPost);
}

export async function countPosts(db: Db, f: AdminWallFilter): Promise<number> {
  return countWhere(db, 'wall_posts as p', conditions('p', f, true));
}

export async function pageComments(
  db: Db,
  f: AdminWallFilter,
  _sort: (typeof COMMENT_SORTS)[number],
  dir: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  let q = comments(db).where(allOf(conditions('c', f)));
  // Ids grow with time: between dates the created_at index (wall_comments_created_idx) gives the same order.
  if (f.from || f.until) q = q.orderBy('c.created_at', dir);
  const rows = await q.orderBy('c.id', dir).limit(limit).offset(offset).execute();
  return rows.map(toComment);
}

export async function countComments(db: Db, f: AdminWallFilter): Promise<number> {
  return countWhere(db, 'wall_comments as c', conditions('c', f));
}
