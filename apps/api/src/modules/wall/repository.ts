import type { COMMENT_SORTS, POST_SORTS } from '@portal/contract/paging';
import { COMMENTS_PER_POST_MAX, type WallComment, type WallPost } from '@portal/contract/wall';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/index';
import { withUserName } from '../../db/names';
import { allOf, type Condition, contains, countWhere, eq, gte, lt, type PageRequest } from '../../db/paging';

/** One page of a wall: a station's (every station's when absent, for an admin), one wall name (or all), posts before an id. */
export interface WallPageKey {
  arcoSumergidoId?: number;
  wallName?: string;
  before?: number;
  limit: number;
}

/** Posts with their author's and station's names and their counters, as every viewer sees them. */
export function posts(db: Db) {
  return db
    .selectFrom('wall_posts as p')
    .$call(withUserName('p.user_id', 'u', 'user_name'))
    .leftJoin('arcos_sumergidos as a', 'a.id', 'p.arco_sumergido_id')
    .select([
      'p.id',
      'p.user_id',
      'p.arco_sumergido_id',
      'a.name as arco_sumergido_name',
      'p.wall_name',
      'p.created_at',
      'p.content',
      'p.image_path',
      'p.image_thumb',
      'p.like_count',
      'p.comment_count',
    ]);
}

type PostRow = Awaited<ReturnType<ReturnType<typeof posts>['executeTakeFirstOrThrow']>>;

/** A post without the viewer's like flag: what a wall page shares between its viewers. */
export type SharedPost = Omit<WallPost, 'is_liked_by_current_user'>;

export const toPost = (r: PostRow): SharedPost => ({
  id: r.id,
  user_id: r.user_id,
  user_name: r.user_name,
  arco_sumergido_id: r.arco_sumergido_id,
  arco_sumergido_name: r.arco_sumergido_name ?? null,
  wall_name: r.wall_name,
  timestamp: r.created_at,
  content: r.content,
  image_path: r.image_path,
  image_thumb: r.image_thumb,
  like_count: Number(r.like_count),
  comment_count: Number(r.comment_count),
});

/** One page of a wall, newest first, as every viewer sees it (the like flags come from likersOf). */
export async function listPostPage(db: Db, filter: WallPageKey): Promise<SharedPost[]> {
  let q = posts(db);
  if (filter.arcoSumergidoId !== undefined) q = q.where('p.arco_sumergido_id', '=', filter.arcoSumergidoId);
  if (filter.wallName !== undefined) q = q.where('p.wall_name', '=', filter.wallName);
  if (filter.before !== undefined) q = q.where('p.id', '<', filter.before);
  // With both equality filters, ordering by the whole index key pins PostgreSQL's planner to the
  // station index instead of walking the primary key backwards (same order: the prefix is fixed).
  if (filter.arcoSumergidoId !== undefined && filter.wallName !== undefined) {
    q = q.orderBy('p.arco_sumergido_id', 'desc').orderBy('p.wall_name', 'desc');
  }
  const rows = await q.orderBy('p.id', 'desc').limit(filter.limit).execute();
  return rows.map(toPost);
}

/** Who liked each of these posts (by the likes' primary key, post first). */
export async function likersOf(db: Db, postIds: number[]): Promise<Map<number, Set<number>>> {
  const likers = new Map<number, Set<number>>(postIds.map((id) => [id, new Set<number>()]));
  if (postIds.length === 0) return likers;
  const rows = await db.selectFrom('wall_likes').select(['post_id', 'user_id']).where('post_id', 'in', postIds).execute();
  for (const row of rows) likers.get(row.post_id)?.add(row.user_id);
  return likers;
}

export async function findPostView(db: Db, viewerId: number, id: number): Promise<WallPost | undefined> {
  const row = await posts(db)
    .leftJoin('wall_likes as mine', (join) => join.onRef('mine.post_id', '=', 'p.id').on('mine.user_id', '=', viewerId))
    .select('mine.user_id as liked_by')
    .where('p.id', '=', id)
    .executeTakeFirst();
  return row && { ...toPost(row), is_liked_by_current_user: row.liked_by !== null && row.liked_by !== undefined };
}

export const findPost = (db: Db, id: number) =>
  db
    .selectFrom('wall_posts')
    .select(['id', 'user_id', 'arco_sumergido_id', 'wall_name', 'content', 'image_path', 'image_thumb'])
    .where('id', '=', id)
    .executeTakeFirst();

/** What a new post and a new comment share: the author, the text, the image, and when (both times). */
interface Authored {
  user_id: number;
  content: string;
  image_path: string | null;
  image_thumb: string | null;
  now: string;
}

/** The row of a new post or comment: its columns, created and updated `now`. */
const newRow = <T extends Authored>({ now, ...columns }: T) => ({ ...columns, created_at: now, updated_at: now });

export const insertPost = (db: Db, values: Authored & { arco_sumergido_id: number | null; wall_name: string }) =>
  db.insertInto('wall_posts').values(newRow(values)).returning('id').executeTakeFirstOrThrow();

export const updatePost = (
  db: Db,
  id: number,
  values: { content: string; wall_name: string; image_path: string | null; image_thumb: string | null; now: string },
) =>
  db
    .updateTable('wall_posts')
    .set({
      content: values.content,
      wall_name: values.wall_name,
      image_path: values.image_path,
      image_thumb: values.image_thumb,
      updated_at: values.now,
    })
    .where('id', '=', id)
    .executeTakeFirst();

/** Image files of a post's comments, to remove once the post is gone. */
export const commentImagesOfPost = (db: Db, postId: number) =>
  db.selectFrom('wall_comments').select(['image_path', 'image_thumb']).where('post_id', '=', postId).execute();

export async function deletePostCascade(db: Db, postId: number): Promise<boolean> {
  await db.deleteFrom('wall_comments').where('post_id', '=', postId).execute();
  await db.deleteFrom('wall_likes').where('post_id', '=', postId).execute();
  const res = await db.deleteFrom('wall_posts').where('id', '=', postId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** True when this call created the like (a second like of the same user does nothing). */
export async function insertLike(db: Db, postId: number, userId: number, now: string): Promise<boolean> {
  const rows = await db
    .insertInto('wall_likes')
    .values({ post_id: postId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .returning('post_id')
    .execute();
  return rows.length > 0;
}

/** True when a like of this user existed and was removed. */
export async function deleteLike(db: Db, postId: number, userId: number): Promise<boolean> {
  const rows = await db.deleteFrom('wall_likes').where('post_id', '=', postId).where('user_id', '=', userId).returning('post_id').execute();
  return rows.length > 0;
}

export const bumpCount = (db: Db, postId: number, column: 'like_count' | 'comment_count', delta: 1 | -1) =>
  db
    .updateTable('wall_posts')
    .set((eb) => ({ [column]: eb(column, delta > 0 ? '+' : '-', 1) }))
    .where('id', '=', postId)
    .executeTakeFirst();

export async function likeState(db: Db, postId: number, userId: number) {
  const row = await db
    .selectFrom('wall_posts as p')
    .leftJoin('wall_likes as mine', (join) => join.onRef('mine.post_id', '=', 'p.id').on('mine.user_id', '=', userId))
    .select(['p.like_count', 'mine.user_id as liked_by'])
    .where('p.id', '=', postId)
    .executeTakeFirstOrThrow();
  return { like_count: Number(row.like_count), is_liked_by_current_user: row.liked_by !== null };
}

export function comments(db: Db) {
  return db
    .selectFrom('wall_comments as c')
    .$call(withUserName('c.user_id', 'u', 'user_name'))
    .select(['c.id', 'c.post_id', 'c.user_id', 'c.content', 'c.image_path', 'c.image_thumb', 'c.created_at']);
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof comments>['executeTakeFirstOrThrow']>>;

export const toComment = (r: CommentRow): WallComment => ({
  id: r.id,
  post_id: r.post_id,
  user_id: r.user_id,
  user_name: r.user_name,
  content: r.content,
  image_path: r.image_path,
  image_thumb: r.image_thumb,
  timestamp: r.created_at,
});

/** The newest comments of a post (bounded), oldest first as the thread reads. */
export async function listCommentsOfPost(db: Db, postId: number): Promise<WallComment[]> {
  const rows = await comments(db).where('c.post_id', '=', postId).orderBy('c.id', 'desc').limit(COMMENTS_PER_POST_MAX).execute();
  return rows.reverse().map(toComment);
}

export async function listAllComments(db: Db, limit: number, before?: number): Promise<WallComment[]> {
  let q = comments(db);
  if (before !== undefined) q = q.where('c.id', '<', before);
  const rows = await q.orderBy('c.id', 'desc').limit(limit).execute();
  return rows.map(toComment);
}

export async function findCommentView(db: Db, id: number): Promise<WallComment | undefined> {
  const row = await comments(db).where('c.id', '=', id).executeTakeFirst();
  return row && toComment(row);
}

export const findComment = (db: Db, id: number) =>
  db
    .selectFrom('wall_comments')
    .select(['id', 'post_id', 'user_id', 'content', 'image_path', 'image_thumb'])
    .where('id', '=', id)
    .executeTakeFirst();

export const insertComment = (db: Db, values: Authored & { post_id: number }) =>
  db.insertInto('wall_comments').values(newRow(values)).returning('id').executeTakeFirstOrThrow();

export const updateComment = (
  db: Db,
  id: number,
  values: { content: string; image_path: string | null; image_thumb: string | null; now: string },
) =>
  db
    .updateTable('wall_comments')
    .set({ content: values.content, image_path: values.image_path, image_thumb: values.image_thumb, updated_at: values.now })
    .where('id', '=', id)
    .executeTakeFirst();

export async function deleteComment(db: Db, id: number): Promise<boolean> {
  const res = await db.deleteFrom('wall_comments').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Takes a user's likes back from the posts' counters, then removes the likes (an account being deleted). */
export async function withdrawLikesOf(db: Db, userId: number) {
  await db
    .updateTable('wall_posts')
    .set((eb) => ({
      like_count: eb
        .case()
        .when('like_count', '>', 0)
        .then(eb('like_count', '-', 1))
        .else(0)
        .end(),
    }))
    .where('id', 'in', (eb) => eb.selectFrom('wall_likes').select('post_id').where('user_id', '=', userId))
    .execute();
  await db.deleteFrom('wall_likes').where('user_id', '=', userId).execute();
}

/** The counters and station of a post, for a comment event rebuilt from the database. */
export const findPostCounters = (db: Db, id: number) =>
  db.selectFrom('wall_posts').select(['id', 'arco_sumergido_id', 'comment_count']).where('id', '=', id).executeTakeFirst();

// The admin lists of posts and comments (modules/admin-lists): one page and the total its filters match.

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
export async function pagePosts(db: Db, f: AdminWallFilter, { sort, dir, limit, offset }: PageRequest<(typeof POST_SORTS)[number]>) {
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

export async function pageComments(db: Db, f: AdminWallFilter, { dir, limit, offset }: PageRequest<(typeof COMMENT_SORTS)[number]>) {
  let q = comments(db).where(allOf(conditions('c', f)));
  // Ids grow with time: between dates the created_at index (wall_comments_created_idx) gives the same order.
  if (f.from || f.until) q = q.orderBy('c.created_at', dir);
  const rows = await q.orderBy('c.id', dir).limit(limit).offset(offset).execute();
  return rows.map(toComment);
}

export async function countComments(db: Db, f: AdminWallFilter): Promise<number> {
  return countWhere(db, 'wall_comments as c', conditions('c', f));
}
