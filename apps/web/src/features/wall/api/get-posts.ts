import type { PostsQuery, WallPost } from '@portal/contract/wall';
import { WALL_PAGE_DEFAULT } from '@portal/contract/wall-messages';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, requestUrl } from '@/lib/api';
import { takePrefetchedData } from '@/lib/prefetch';
import { getToken } from '@/lib/token';
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
    // The first page as the route-preload script read it, if it has: it may have painted the first
    // posts already, and the first render commits the same ones in their place (app/route-preload.ts).
    // Asked once, when the query is first built.
    ...earlyFirstPage(query),
    enabled,
  });
}

function earlyFirstPage(query: Omit<PostsQuery, 'before' | 'limit'>) {
  const early = takePrefetchedData(requestUrl('/api/wall/posts', { ...query, limit: WALL_PAGE_DEFAULT }), getToken());
  if (!early || !Array.isArray(early.data)) return {};
  return { initialData: { pages: [early.data as WallPost[]], pageParams: [undefined] }, initialDataUpdatedAt: early.at };
}
