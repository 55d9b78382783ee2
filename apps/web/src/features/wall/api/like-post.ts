import type { LikeResponse } from '@portal/contract/wall-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { wallKeys } from './keys';
import { applyLike, restore } from './like-cache';

export const likePost = (postId: number) => api<LikeResponse>(`/api/wall/posts/${postId}/like`, { method: 'POST' });

export function useLikePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: likePost,
    onMutate: (postId) => applyLike(queryClient, postId, true),
    onError: (_error, _postId, snapshot) => restore(queryClient, snapshot),
    // Reloaded in every case: other workers may have liked meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: wallKeys.posts }),
  });
}
