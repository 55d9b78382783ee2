import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { wallKeys } from './keys';

/** Addressed with its real post id (the old admin client's literal ':postId' is still accepted by the server). */
export const deleteComment = ({ postId, id }: { postId: number; id: number }) =>
  api<{ message: string }>(`/api/wall/posts/${postId}/comments/${id}`, { method: 'DELETE' });

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_data, { postId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: wallKeys.allComments }),
        queryClient.invalidateQueries({ queryKey: wallKeys.comments(postId) }),
        queryClient.invalidateQueries({ queryKey: wallKeys.posts }),
      ]),
  });
}
