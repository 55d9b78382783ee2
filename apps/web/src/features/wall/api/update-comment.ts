import type { CommentResponse } from '@portal/contract/wall';
import { api } from '@/lib/api';
import { type CommentAddress, commentPath, useCommentMutation } from './comment-mutation';
import type { CommentDraft } from './create-comment';
import { formData, wallKeys } from './keys';

/** The admin's edit of a comment's text and image. */
export const updateComment = ({ content, image, ...address }: CommentDraft & CommentAddress) =>
  api<CommentResponse>(commentPath(address), { method: 'PUT', body: formData({ content }, image) });

export const useUpdateComment = () => useCommentMutation(updateComment, (postId) => [wallKeys.allComments, wallKeys.comments(postId)]);
