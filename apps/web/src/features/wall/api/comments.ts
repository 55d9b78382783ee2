import type { MessageResponse } from '@portal/contract/common';
import type { CommentResponse, WallComment } from '@portal/contract/wall';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { formFields, submit, tapNow } from '@/lib/offline-queue';
import { formData, wallKeys } from './keys';

/** A comment as its URL addresses it: its real post id and its own. */
interface CommentAddress {
  postId: number;
  id: number;
}

export interface CommentDraft {
  postId: number;
  content: string;
  image: File | null;
}

const commentPath = ({ postId, id }: CommentAddress) => `/api/wall/posts/${postId}/comments/${id}`;

/** A change to a post's comments, refreshing the lists `keys` names once the server has it. */
function useCommentMutation<V extends { postId: number }, R>(
  mutationFn: (variables: V) => Promise<R>,
  keys: (postId: number) => QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, { postId }) => Promise.all(keys(postId).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Through the offline queue: without network the comment is saved and sent on reconnecting. That post's comments and its 'Comentarios (n)' count follow. */
export const useCreateComment = () =>
  useCommentMutation(
    ({ postId, content, image }: CommentDraft) =>
      submit<{ message: string; comment: WallComment }>({
        kind: 'comment',
        method: 'POST',
        path: `/api/wall/posts/${postId}/comments`,
        form: formFields(formData({ content }, image)),
        tappedAt: tapNow(),
      }),
    (postId) => [wallKeys.comments(postId), wallKeys.posts],
  );

/** The admin's edit of a comment's text and image. */
export const useUpdateComment = () =>
  useCommentMutation(
    ({ content, image, ...address }: CommentDraft & CommentAddress) =>
      api<CommentResponse>(commentPath(address), { method: 'PUT', body: formData({ content }, image) }),
    (postId) => [wallKeys.allComments, wallKeys.comments(postId)],
  );

/** Addressed with its real post id (the old admin client's literal ':postId' is still accepted by the server). */
export const useDeleteComment = () =>
  useCommentMutation(
    (address: CommentAddress) => api<MessageResponse>(commentPath(address), { method: 'DELETE' }),
    (postId) => [wallKeys.allComments, wallKeys.comments(postId), wallKeys.posts],
  );
