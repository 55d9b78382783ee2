import { idSchema } from '@portal/contract/common';
import {
  commentAdminEdit,
  commentDraft,
  type pageQuery,
  postAdminEdit,
  postDraft,
  type postsQuery,
  WALL_DEFAULT_NAME,
  type WallPost,
  wallMessages,
} from '@portal/contract/wall';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/index';
import type { AuthUser } from '../../lib/auth-user';
import { badRequest, forbidden, isForeignKeyViolation, notFound } from '../../lib/errors';
import type { MultipartInput } from '../../lib/images';
import { nowIso } from '../../lib/time';
import { parseOrBadRequest } from '../../lib/validate';
import { findArco } from '../arcos/service';
import { recordAudit } from '../audit/service';
import type { LoadedPage } from './page-cache/variants';
import * as repo from './repository';

// Reads other modules make of this module's tables (docs/decisions/024-one-owner-per-table.md).
// The admin lists' pages (modules/admin-lists).
export {
  type AdminWallFilter,
  countComments,
  countPosts,
  findCommentView,
  findPostCounters,
  findPostView,
  isFiltered,
  pageComments,
  pagePosts,
  withdrawLikesOf,
} from './repository';

const isAdmin = (user: AuthUser) => user.role === 'admin';

/** The station whose wall a worker may use: the one in their token, never another. */
function workerArco(user: AuthUser, asked?: number): number {
  if (user.arco_sumergido_id === null) throw forbidden(wallMessages.noArco);
  if (asked !== undefined && asked !== user.arco_sumergido_id) throw forbidden(wallMessages.otherArco);
  return user.arco_sumergido_id;
}

/** A post the caller may see: workers only those of their token's station. */
async function visiblePost(db: Db, user: AuthUser, postId: number) {
  const post = await repo.findPost(db, postId);
  if (!post) throw notFound(wallMessages.postNotFound);
  if (!isAdmin(user) && post.arco_sumergido_id !== workerArco(user)) throw forbidden(wallMessages.otherArco);
  return post;
}

function assertAuthor(user: AuthUser, authorId: number | null) {
  if (!isAdmin(user) && authorId !== user.id) throw forbidden(wallMessages.notAuthor);
}

/** What an admin's moderation of someone else's post or comment keeps in the audit trail. */
const moderated = (row: { content: string; image_path: string | null; wall_name?: string }) => ({
  content: row.content,
  image_path: row.image_path,
  ...(row.wall_name !== undefined ? { wall_name: row.wall_name } : {}),
});

/**
 * An admin changing or removing someone else's post or comment writes an audit row in the same
 * transaction (docs/decisions/028-connection-fairness.md lists the audited acts); an author's own
 * edits are not moderation and write none.
 */
async function auditModeration(
  db: Db,
  user: AuthUser,
  authorId: number | null,
  entity: 'post' | 'comment',
  id: number,
  action: 'update' | 'delete',
  before: Parameters<typeof moderated>[0],
  after: Parameters<typeof moderated>[0] | null,
): Promise<void> {
  if (!isAdmin(user) || authorId === user.id) return;
  await recordAudit(db, { actor: user, entity, entityId: id, action, before: moderated(before), after: after && moderated(after) });
}

/**
 * Which wall page the caller may read for this query (403 for a worker asking another station's): a
 * rule with no state, so it takes no context. The page itself is answered by the page cache
 * (page-cache/plugin.ts), each caller with their own like flags.
 */
export function pageFor(user: AuthUser, query: z.output<typeof postsQuery>): repo.WallPageKey {
  const { limit, before } = query;
  if (!isAdmin(user)) {
    const arco = workerArco(user, query.arco_sumergido_id);
    return { arcoSumergidoId: arco, wallName: query.wall_name ?? WALL_DEFAULT_NAME, limit, before };
  }
  // An admin with no filter moderates every wall; with one, sees that station's (or wall's) posts.
  const filtered = query.arco_sumergido_id !== undefined || query.wall_name !== undefined;
  return {
    arcoSumergidoId: query.arco_sumergido_id,
    wallName: filtered ? (query.wall_name ?? WALL_DEFAULT_NAME) : undefined,
    limit,
    before,
  };
}

/** A wall page as every viewer shares it: its posts, and who liked each. */
export async function loadPage(ctx: ServiceContext, key: repo.WallPageKey): Promise<LoadedPage> {
  const posts = await repo.listPostPage(ctx.db, key);
  return {
    posts,
    likers: await repo.likersOf(
      ctx.db,
      posts.map((p) => p.id),
    ),
  };
}

/** An arco's default wall, newest first, as nobody in particular sees it (no like flags): the station terminal's home. */
export async function arcoWall(ctx: ServiceContext, arcoId: number, limit: number): Promise<WallPost[]> {
  const posts = await repo.listPostPage(ctx.db, { arcoSumergidoId: arcoId, wallName: WALL_DEFAULT_NAME, limit });
  return posts.map((p) => ({ ...p, is_liked_by_current_user: false }));
}

export async function createPost(ctx: ServiceContext, user: AuthUser, { fields, file }: MultipartInput) {
  const draft = parseOrBadRequest(postDraft, { content: fields.content, wall_name: fields.wall_name, image: file?.buffer });
  const asked = fields.arco_sumergido_id ? parseOrBadRequest(idSchema, fields.arco_sumergido_id) : undefined;
  let arco: number | null;
  if (isAdmin(user)) {
    arco = asked ?? user.arco_sumergido_id;
    if (arco !== null && !(await findArco(ctx.db, arco))) throw badRequest(wallMessages.arcoNotFound);
  } else {
    arco = workerArco(user, asked);
  }
  const id = await ctx.images.withImage(file?.buffer, async (image) => {
    try {
      const row = await repo.insertPost(ctx.db, {
        user_id: user.id,
        arco_sumergido_id: arco,
        wall_name: draft.wall_name ?? WALL_DEFAULT_NAME,
        content: draft.content,
        image_path: image?.path ?? null,
        image_thumb: image?.thumb ?? null,
        now: nowIso(),
      });
      return row.id;
    } catch (error) {
      if (isForeignKeyViolation(error)) throw badRequest(wallMessages.arcoNotFound);
      throw error;
    }
  });
  const created = (await repo.findPostView(ctx.db, user.id, id))!;
  await ctx.events.publish('post.created', { post: { ...created, is_liked_by_current_user: false } }, { arco: created.arco_sumergido_id });
  return created;
}

type ImageColumns = { image_path: string | null; image_thumb: string | null };

/**
 * Saves an edit of a post or comment: `write` gets the new image's paths when a file came, else the
 * current ones (404 `gone` when the row has vanished). The old files go only once the row points at
 * the new ones.
 */
async function saveWithImage(
  ctx: ServiceContext,
  file: MultipartInput['file'],
  current: ImageColumns,
  gone: string,
  write: (image: ImageColumns) => Promise<{ numUpdatedRows: bigint }>,
): Promise<void> {
  const replaced = await ctx.images.withImage(file?.buffer, async (image) => {
    const paths = image
      ? { image_path: image.path, image_thumb: image.thumb }
      : { image_path: current.image_path, image_thumb: current.image_thumb };
    const res = await write(paths);
    if (Number(res.numUpdatedRows) === 0) throw notFound(gone);
    return image !== null;
  });
  if (replaced) await ctx.images.remove(current.image_path, current.image_thumb);
}

export async function updatePost(ctx: ServiceContext, user: AuthUser, postId: number, { fields, file }: MultipartInput) {
  const post = await repo.findPost(ctx.db, postId);
  if (!post) throw notFound(wallMessages.postNotFound);
  assertAuthor(user, post.user_id);
  const hasImage = file?.buffer ?? post.image_path;
  const input = { content: fields.content, wall_name: fields.wall_name, image: hasImage };
  const edit = isAdmin(user) ? parseOrBadRequest(postAdminEdit, input) : parseOrBadRequest(postDraft, input);
  await saveWithImage(ctx, file, post, wallMessages.postNotFound, (image) =>
    ctx.db.transaction().execute(async (trx) => {
      const values = { content: edit.content, wall_name: edit.wall_name ?? post.wall_name, ...image };
      const res = await repo.updatePost(trx, postId, { ...values, now: nowIso() });
      if (Number(res.numUpdatedRows) > 0) await auditModeration(trx, user, post.user_id, 'post', postId, 'update', post, values);
      return res;
    }),
  );
  const updated = (await repo.findPostView(ctx.db, user.id, postId))!;
  await ctx.events.publish('post.updated', { post: { ...updated, is_liked_by_current_user: false } }, { arco: updated.arco_sumergido_id });
  return updated;
}

export async function deletePost(ctx: ServiceContext, user: AuthUser, postId: number) {
  const { post, files } = await ctx.db.transaction().execute(async (trx) => {
    const post = await repo.findPost(trx, postId);
    if (!post) throw notFound(wallMessages.postNotFound);
    assertAuthor(user, post.user_id);
    const commentFiles = await repo.commentImagesOfPost(trx, postId);
    if (!(await repo.deletePostCascade(trx, postId))) throw notFound(wallMessages.postNotFound);
    await auditModeration(trx, user, post.user_id, 'post', postId, 'delete', post, null);
    return { post, files: [post.image_path, post.image_thumb, ...commentFiles.flatMap((c) => [c.image_path, c.image_thumb])] };
  });
  // Files are removed after the commit: a rolled-back delete keeps its images.
  await ctx.images.remove(...files);
  await ctx.events.publish(
    'post.deleted',
    { id: postId, arco_sumergido_id: post.arco_sumergido_id, wall_name: post.wall_name },
    { arco: post.arco_sumergido_id },
  );
}

export async function like(ctx: ServiceContext, user: AuthUser, postId: number) {
  const post = await visiblePost(ctx.db, user, postId);
  let changed: boolean;
  try {
    changed = await ctx.db.transaction().execute(async (trx) => {
      const added = await repo.insertLike(trx, postId, user.id, nowIso());
      if (added) await repo.bumpCount(trx, postId, 'like_count', 1);
      return added;
    });
  } catch (error) {
    // The post was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw notFound(wallMessages.postNotFound);
    throw error;
  }
  return likeAnswer(ctx, user, post, changed);
}

/** The caller's like state after a like or unlike; the station's viewers hear of the new count if it changed. */
async function likeAnswer(ctx: ServiceContext, user: AuthUser, post: { id: number; arco_sumergido_id: number | null }, changed: boolean) {
  const state = await repo.likeState(ctx.db, post.id, user.id).catch(() => {
    throw notFound(wallMessages.postNotFound);
  });
  if (changed) {
    const arco = post.arco_sumergido_id;
    await ctx.events.publish('like.changed', { post_id: post.id, like_count: state.like_count, arco_sumergido_id: arco }, { arco });
  }
  return state;
}

export async function unlike(ctx: ServiceContext, user: AuthUser, postId: number) {
  const post = await visiblePost(ctx.db, user, postId);
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const removed = await repo.deleteLike(trx, postId, user.id);
    if (removed) await repo.bumpCount(trx, postId, 'like_count', -1);
    return removed;
  });
  return likeAnswer(ctx, user, post, changed);
}

export async function listComments(ctx: ServiceContext, user: AuthUser, postId: number) {
  await visiblePost(ctx.db, user, postId);
  return repo.listCommentsOfPost(ctx.db, postId);
}

export const listAllComments = (ctx: ServiceContext, query: z.output<typeof pageQuery>) =>
  repo.listAllComments(ctx.db, query.limit, query.before);

export async function addComment(ctx: ServiceContext, user: AuthUser, postId: number, { fields, file }: MultipartInput) {
  const post = await visiblePost(ctx.db, user, postId);
  const draft = parseOrBadRequest(commentDraft, { content: fields.content, image: file?.buffer });
  const id = await ctx.images.withImage(file?.buffer, async (image) => {
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        const row = await repo.insertComment(trx, {
          post_id: postId,
          user_id: user.id,
          content: draft.content,
          image_path: image?.path ?? null,
          image_thumb: image?.thumb ?? null,
          now: nowIso(),
        });
        await repo.bumpCount(trx, postId, 'comment_count', 1);
        return row.id;
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound(wallMessages.postNotFound);
      throw error;
    }
  });
  const comment = (await repo.findCommentView(ctx.db, id))!;
  const counts = await repo.findPostView(ctx.db, user.id, postId);
  if (counts) {
    await ctx.events.publish(
      'comment.created',
      { comment, comment_count: counts.comment_count, arco_sumergido_id: post.arco_sumergido_id },
      { arco: post.arco_sumergido_id },
    );
  }
  return comment;
}

/** A comment addressed as /posts/{postId}/comments/{id}: a numeric postId must be the comment's post. */
async function addressedComment(db: Db, user: AuthUser, postIdParam: string, id: number) {
  const comment = await repo.findComment(db, id);
  if (!comment) throw notFound(wallMessages.commentNotFound);
  if (/^\d+$/.test(postIdParam.trim()) && Number(postIdParam) !== comment.post_id) throw notFound(wallMessages.commentNotFound);
  assertAuthor(user, comment.user_id);
  return comment;
}

export async function updateComment(
  ctx: ServiceContext,
  user: AuthUser,
  postIdParam: string,
  id: number,
  { fields, file }: MultipartInput,
) {
  const comment = await addressedComment(ctx.db, user, postIdParam, id);
  const input = { content: fields.content, image: file?.buffer ?? comment.image_path };
  const edit = isAdmin(user) ? parseOrBadRequest(commentAdminEdit, input) : parseOrBadRequest(commentDraft, input);
  await saveWithImage(ctx, file, comment, wallMessages.commentNotFound, (image) =>
    ctx.db.transaction().execute(async (trx) => {
      const res = await repo.updateComment(trx, id, { content: edit.content, ...image, now: nowIso() });
      const after = { content: edit.content, ...image };
      if (Number(res.numUpdatedRows) > 0) await auditModeration(trx, user, comment.user_id, 'comment', id, 'update', comment, after);
      return res;
    }),
  );
  return (await repo.findCommentView(ctx.db, id))!;
}

export async function deleteComment(ctx: ServiceContext, user: AuthUser, postIdParam: string, id: number) {
  const comment = await ctx.db.transaction().execute(async (trx) => {
    const found = await addressedComment(trx, user, postIdParam, id);
    if (!(await repo.deleteComment(trx, id))) throw notFound(wallMessages.commentNotFound);
    await auditModeration(trx, user, found.user_id, 'comment', id, 'delete', found, null);
    await repo.bumpCount(trx, found.post_id, 'comment_count', -1);
    return found;
  });
  await ctx.images.remove(comment.image_path, comment.image_thumb);
  const post = await repo.findPostView(ctx.db, user.id, comment.post_id);
  if (post) {
    await ctx.events.publish(
      'comment.deleted',
      { id, post_id: comment.post_id, comment_count: post.comment_count, arco_sumergido_id: post.arco_sumergido_id },
      { arco: post.arco_sumergido_id },
    );
  }
}
