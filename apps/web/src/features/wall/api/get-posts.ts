import type { PostsQuery, WallPost } from '@portal/contract/wall';
import { WALL_PAGE_DEFAULT } from '@portal/contract/wall-messages';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { wallKeys } from './keys';

export const getPosts = (query: PostsQuery) => api<WallPost[]>('/api/wall/posts', { query: { ...query } });

/**
 * Posts newest first, one page at a time; the next page starts before the last id shown. A page may
 * hold more than the page size once live posts are put on top of it (use-live-wall.ts).
 */
export function usePosts(query: Omit<PostsQuery, 'before' | 'limit'>, enabled = true) {
  return useInfiniteQuery({
    queryKey: wallKeys.postList(query),
    queryFn: ({ pageParam }) => getPosts({ ...query, limit: WALL_PAGE_DEFAULT, before: pageParam }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length >= WALL_PAGE_DEFAULT ? last[last.length - 1]?.id : undefined),
    enabled,
  });
}
