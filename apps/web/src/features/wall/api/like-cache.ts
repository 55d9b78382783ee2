import type { WallPost } from '@portal/contract/wall';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { wallKeys } from './keys';

type Snapshot = [readonly unknown[], InfiniteData<WallPost[]> | undefined][];

/**
 * Shows a like or unlike at once in every cached post list and returns what was there, so a
 * failure can put it back.
 */
export async function applyLike(queryClient: QueryClient, postId: number, liked: boolean): Promise<Snapshot> {
  await queryClient.cancelQueries({ queryKey: wallKeys.posts });
  const snapshot = queryClient.getQueriesData<InfiniteData<WallPost[]>>({ queryKey: wallKeys.posts });
  queryClient.setQueriesData<InfiniteData<WallPost[]>>(
    { queryKey: wallKeys.posts },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) =>
          page.map((p) =>
            p.id === postId && p.is_liked_by_current_user !== liked
              ? { ...p, is_liked_by_current_user: liked, like_count: Math.max(0, p.like_count + (liked ? 1 : -1)) }
              : p,
          ),
        ),
      },
  );
  return snapshot;
}

export function restore(queryClient: QueryClient, snapshot: Snapshot | undefined) {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}
