import type { WallComment } from '@portal/contract/wall-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formFields, submit, tapNow } from '@/lib/offline-queue';
import { formData, wallKeys } from './keys';

export interface CreateCommentInput {
  postId: number;
  content: string;
  image: File | null;
}

/** Through the offline queue: without network the comment is saved and sent on reconnecting. */
export const createComment = ({ postId, content, image }: CreateCommentInput) =>
  submit<{ message: string; comment: WallComment }>({
    kind: 'comment',
    method: 'POST',
    path: `/api/wall/posts/${postId}/comments`,
    form: formFields(formData({ content }, image)),
    tappedAt: tapNow(),
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
