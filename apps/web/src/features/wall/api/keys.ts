import type { PostsQuery } from '@portal/contract/wall';

/** Query keys of the wall: every post list lives under ['wall', 'posts'] so one invalidation reloads them all. */
export const wallKeys = {
  posts: ['wall', 'posts'] as const,
  postList: (query: Omit<PostsQuery, 'before'>) => ['wall', 'posts', query] as const,
  comments: (postId: number) => ['wall', 'comments', postId] as const,
  /** Every post's comment list at once. */
  commentLists: ['wall', 'comments'] as const,
  allComments: ['wall', 'all-comments'] as const,
  /** The admin's pages, under the keys above so every change refreshes them. */
  adminPosts: (query: Record<string, string | number>) => ['wall', 'posts', 'admin-page', query] as const,
  adminComments: (query: Record<string, string | number>) => ['wall', 'all-comments', 'page', query] as const,
};

/** Multipart body: text fields plus an optional image under `image`. */
export function formData(fields: Record<string, string | undefined>, image?: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  if (image) form.append('image', image);
  return form;
}
