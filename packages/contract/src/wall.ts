import { z } from 'zod';
import { authorFields, idSchema, imageFields } from './common';
import {
  COMMENT_MAX,
  COMMENT_MIN_WITHOUT_IMAGE,
  POST_MAX,
  POST_MIN_WITHOUT_IMAGE,
  WALL_DEFAULT_NAME,
  WALL_PAGE_DEFAULT,
  WALL_PAGE_MAX,
  wallMessages,
} from './wall-messages';

// The texts, limits and types, zod-free (the wall screen imports them from wall-messages directly).
export * from './wall-messages';

export const wallNameSchema = z
  .string({ error: wallMessages.wallNameMax })
  .trim()
  .max(50, wallMessages.wallNameMax)
  .transform((s) => s || WALL_DEFAULT_NAME);

/** `image` is anything truthy when an image will be attached (a File in the browser, a Buffer or stored path on the server). */
const imageFlag = z.unknown().optional();
const text = z
  .string()
  .nullish()
  .transform((s) => (s ?? '').trim());

/** A new post, or an author's edit: content or image, at most 500, at least 5 without image. */
export const postDraft = z.object({ content: text, wall_name: wallNameSchema.optional(), image: imageFlag }).superRefine((v, ctx) => {
  const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['content'], message });
  if (!v.content && !v.image) issue(wallMessages.postRequired);
  else if (v.content.length > POST_MAX) issue(wallMessages.postMax);
  else if (!v.image && v.content.length < POST_MIN_WITHOUT_IMAGE) issue(wallMessages.postMin);
});
export type PostDraft = z.input<typeof postDraft>;

/** An administrator's edit (the admin edit rule): not empty unless there is an image, at most 500. */
export const postAdminEdit = z.object({ content: text, wall_name: wallNameSchema.optional(), image: imageFlag }).superRefine((v, ctx) => {
  const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['content'], message });
  if (!v.content && !v.image) issue(wallMessages.postEmpty);
  else if (v.content.length > POST_MAX) issue(wallMessages.postMax);
});
export type PostAdminEdit = z.input<typeof postAdminEdit>;

/** A new comment, or an author's edit: content or image, at most 250, at least 2 without image. */
export const commentDraft = z.object({ content: text, image: imageFlag }).superRefine((v, ctx) => {
  const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['content'], message });
  if (!v.content && !v.image) issue(wallMessages.commentRequired);
  else if (v.content.length > COMMENT_MAX) issue(wallMessages.commentMax);
  else if (!v.image && v.content.length < COMMENT_MIN_WITHOUT_IMAGE) issue(wallMessages.commentMin);
});
export type CommentDraft = z.input<typeof commentDraft>;

/** An administrator's comment edit: not empty unless there is an image, at most 250. */
export const commentAdminEdit = z.object({ content: text, image: imageFlag }).superRefine((v, ctx) => {
  const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['content'], message });
  if (!v.content && !v.image) issue(wallMessages.commentEmpty);
  else if (v.content.length > COMMENT_MAX) issue(wallMessages.commentAdminMax);
});
export type CommentAdminEdit = z.input<typeof commentAdminEdit>;

const limitSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,4}$/, { error: wallMessages.limitInvalid }),
    ],
    { error: wallMessages.limitInvalid },
  )
  .transform(Number)
  .pipe(z.number().int(wallMessages.limitInvalid).min(1, wallMessages.limitInvalid).max(WALL_PAGE_MAX, wallMessages.limitInvalid));

/** Paging: newest first by id; `before` is the id of the last item already shown. */
export const pageQuery = z.object({
  limit: limitSchema.default(WALL_PAGE_DEFAULT),
  before: idSchema.optional(),
});
export type PageQuery = z.input<typeof pageQuery>;

export const postsQuery = pageQuery.extend({
  arco_sumergido_id: idSchema.optional(),
  wall_name: wallNameSchema.optional(),
});
export type PostsQuery = z.input<typeof postsQuery>;

/** `postId` is not checked as a number: the old admin client sent the literal ':postId'. */
export const commentParams = z.object({ postId: z.string(), id: idSchema });

export const wallPost = z.object({
  id: z.number(),
  ...authorFields(),
  arco_sumergido_id: z.number().nullable(),
  arco_sumergido_name: z.string().nullable(),
  wall_name: z.string(),
  timestamp: z.string(),
  content: z.string(),
  ...imageFields(),
  like_count: z.number(),
  comment_count: z.number(),
  is_liked_by_current_user: z.boolean(),
});
export type WallPost = z.infer<typeof wallPost>;

export const wallComment = z.object({
  id: z.number(),
  post_id: z.number(),
  ...authorFields(),
  content: z.string(),
  ...imageFields(),
  timestamp: z.string(),
});
export type WallComment = z.infer<typeof wallComment>;

export const postResponse = z.object({ message: z.string(), post: wallPost });
export type PostResponse = z.infer<typeof postResponse>;
export const commentResponse = z.object({ message: z.string(), comment: wallComment });
export type CommentResponse = z.infer<typeof commentResponse>;
export const likeResponse = z.object({ message: z.string(), like_count: z.number(), is_liked_by_current_user: z.boolean() });
export type LikeResponse = z.infer<typeof likeResponse>;
