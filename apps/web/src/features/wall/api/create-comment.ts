import type { CommentResponse } from '@portal/contract/wall';
import { formFields, submit, tapNow } from '@/lib/offline-queue';
import { useCommentMutation } from './comment-mutation';
import { formData, wallKeys } from './keys';

export interface CommentDraft {
  postId: number;
  content: string;
  image: File | null;
}

/** Through the offline queue: without network the comment is saved and sent on reconnecting. */
export const createComment = ({ postId, content, image }: CommentDraft) =>
  submit<CommentResponse>({
    kind: 'comment',
    method: 'POST',
    path: `/api/wall/posts/${postId}/comments`,
    form: formFields(formData({ content }, image)),
    tappedAt: tapNow(),
  });

/** That post's comments and its 'Comentarios (n)' count follow. */
export const useCreateComment = () => useCommentMutation(createComment, (postId) => [wallKeys.comments(postId), wallKeys.posts]);
