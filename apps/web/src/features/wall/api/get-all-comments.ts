import { WALL_PAGE_DEFAULT, type WallComment } from '@portal/contract/wall-messages';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { wallKeys } from './keys';

export const getAllComments = (before?: number) =>
  api<WallComment[]>('/api/wall/comments', { query: { limit: WALL_PAGE_DEFAULT, before } });

/** Every comment of every wall (admin), newest first, one page at a time. */
export function useAllComments() {
  return useInfiniteQuery({
    queryKey: wallKeys.allComments,
    queryFn: ({ pageParam }) => getAllComments(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length === WALL_PAGE_DEFAULT ? last[last.length - 1]?.id : undefined),
  });
}
