import type { WallComment } from '@portal/contract/wall-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { formData, wallKeys } from './keys';

export interface CreateCommentInput {
  postId: number;
  content: string;
  image: File | null;
}

export const createComment = ({ postId, content, image }: CreateCommentInput) =>
  api<{ message: string; comment: WallComment }>(`/api/wall/posts/${postId}/comments`, {
    method: 'POST',
    body: formData({ content }, image),
  });

export function useCreateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    // That post's comments and its 'Comentarios (n)' count.
    onSuccess: (_data, { postId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: wallKeys.comments(postId) }),
        queryClient.invalidateQueries({ queryKey: wallKeys.posts }),
      ]),
  });
}
