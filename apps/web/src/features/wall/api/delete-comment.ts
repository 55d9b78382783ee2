import type { MessageResponse } from '@portal/contract/common';
import { api } from '@/lib/api';
import { type CommentAddress, commentPath, useCommentMutation } from './comment-mutation';
import { wallKeys } from './keys';

/** Addressed with its real post id (the old admin client's literal ':postId' is still accepted by the server). */
export const deleteComment = (address: CommentAddress) => api<MessageResponse>(commentPath(address), { method: 'DELETE' });

export const useDeleteComment = () =>
  useCommentMutation(deleteComment, (postId) => [wallKeys.allComments, wallKeys.comments(postId), wallKeys.posts]);
