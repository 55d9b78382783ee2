import type { LikeResponse } from '@portal/contract/wall';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { wallKeys } from './keys';
import { applyLike, restore } from './like-cache';

/** 'Me gusta' (POST) or its withdrawal (DELETE), shown at once and undone if the server refuses. */
function useLikeMutation(liked: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: number) => api<LikeResponse>(`/api/wall/posts/${postId}/like`, { method: liked ? 'POST' : 'DELETE' }),
    onMutate: (postId) => applyLike(queryClient, postId, liked),
    onError: (_error, _postId, snapshot) => restore(queryClient, snapshot),
    // Reloaded in every case: other workers may have liked meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: wallKeys.posts }),
  });
}

export const useLikePost = () => useLikeMutation(true);
export const useUnlikePost = () => useLikeMutation(false);
