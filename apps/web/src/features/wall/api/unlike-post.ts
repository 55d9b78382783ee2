import type { LikeResponse } from '@portal/contract/wall-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { wallKeys } from './keys';
import { applyLike, restore } from './like-cache';

export const unlikePost = (postId: number) => api<LikeResponse>(`/api/wall/posts/${postId}/like`, { method: 'DELETE' });

export function useUnlikePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlikePost,
    onMutate: (postId) => applyLike(queryClient, postId, false),
    onError: (_error, _postId, snapshot) => restore(queryClient, snapshot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: wallKeys.posts }),
  });
}
