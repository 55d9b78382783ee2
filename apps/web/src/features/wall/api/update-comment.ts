import type { WallComment } from '@portal/contract/wall-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { formData, wallKeys } from './keys';

export interface UpdateCommentInput {
  postId: number;
  id: number;
  content: string;
  image: File | null;
}

export const updateComment = ({ postId, id, content, image }: UpdateCommentInput) =>
  api<{ message: string; comment: WallComment }>(`/api/wall/posts/${postId}/comments/${id}`, {
    method: 'PUT',
    body: formData({ content }, image),
  });

export function useUpdateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateComment,
    onSuccess: (_data, { postId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: wallKeys.allComments }),
        queryClient.invalidateQueries({ queryKey: wallKeys.comments(postId) }),
      ]),
  });
}
