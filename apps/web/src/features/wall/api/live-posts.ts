import type { EventPayloads } from '@portal/contract/events';
import type { PostsQuery, WallPost } from '@portal/contract/wall';
import { WALL_DEFAULT_NAME } from '@portal/contract/wall-messages';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

export type PostPages = InfiniteData<WallPost[], number | undefined>;
export type PostListQuery = Omit<PostsQuery, 'before' | 'limit'>;

type WallEventType = 'post.created' | 'post.updated' | 'post.deleted' | 'comment.created' | 'comment.deleted' | 'like.changed';
/** The wall events that change a post list, as they come off the stream. */
export type WallEvent = { [K in WallEventType]: { type: K; payload: EventPayloads[K] } }[WallEventType];

/** Whether a post belongs in a list fetched with `query` (the same filter as GET /api/wall/posts). */
export function inList(post: Pick<WallPost, 'arco_sumergido_id' | 'wall_name'>, query: PostListQuery): boolean {
  const arco = query.arco_sumergido_id === undefined ? undefined : Number(query.arco_sumergido_id);
  // An admin's list without a filter moderates every wall.
  if (arco === undefined && query.wall_name === undefined) return true;
  if (arco !== undefined && post.arco_sumergido_id !== arco) return false;
  return post.wall_name === (query.wall_name ?? WALL_DEFAULT_NAME);
}

const mapPosts = (data: PostPages, fn: (post: WallPost) => WallPost | null): PostPages => ({
  ...data,
  pages: data.pages.map((page) => page.flatMap((post) => fn(post) ?? [])),
});

const has = (data: PostPages, id: number) => data.pages.some((page) => page.some((p) => p.id === id));

/**
 * A post list after one live event. Counts come from the server's event; the caller's own
 * is_liked_by_current_user stays as it was (events are the same for everyone). Returns the same
 * object when nothing changes, so TanStack Query does not re-render.
 */
export function applyWallEvent(data: PostPages | undefined, event: WallEvent, query: PostListQuery): PostPages | undefined {
  if (!data) return data;
  switch (event.type) {
    case 'post.created': {
      const { post } = event.payload;
      if (!inList(post, query) || has(data, post.id)) return data;
      const [first = [], ...rest] = data.pages;
      return { ...data, pages: [[{ ...post, is_liked_by_current_user: false }, ...first], ...rest] };
    }
    case 'post.updated': {
      const { post } = event.payload;
      if (!has(data, post.id)) return data;
      // Moved to another wall by an admin: it leaves this list.
      if (!inList(post, query)) return mapPosts(data, (p) => (p.id === post.id ? null : p));
      return mapPosts(data, (p) => (p.id === post.id ? { ...post, is_liked_by_current_user: p.is_liked_by_current_user } : p));
    }
    case 'post.deleted': {
      const { id } = event.payload;
      return has(data, id) ? mapPosts(data, (p) => (p.id === id ? null : p)) : data;
    }
    case 'comment.created':
    case 'comment.deleted': {
      const postId = event.type === 'comment.created' ? event.payload.comment.post_id : event.payload.post_id;
      const count = event.payload.comment_count;
      return has(data, postId) ? mapPosts(data, (p) => (p.id === postId ? { ...p, comment_count: count } : p)) : data;
    }
    case 'like.changed': {
      const { post_id, like_count } = event.payload;
      return has(data, post_id) ? mapPosts(data, (p) => (p.id === post_id ? { ...p, like_count } : p)) : data;
    }
  }
}

/**
 * Applies a live event to the cached list of `key`; answers whether the list changed. A fetch of the
 * list under way began before the event, and its answer would put back the list without it: that
 * fetch is replaced by a new one (tested in live-posts.test.ts).
 */
export function applyLiveEvent(queryClient: QueryClient, key: QueryKey, query: PostListQuery, event: WallEvent): boolean {
  const before = queryClient.getQueryData<PostPages>(key);
  const after = applyWallEvent(before, event, query);
  if (after !== before) queryClient.setQueryData<PostPages>(key, after);
  if (queryClient.isFetching({ queryKey: key, exact: true }) > 0) void queryClient.invalidateQueries({ queryKey: key, exact: true });
  return after !== before;
}
