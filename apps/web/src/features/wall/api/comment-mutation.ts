import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** A comment as its URL addresses it: its real post id and its own. */
export interface CommentAddress {
  postId: number;
  id: number;
}

export const commentPath = ({ postId, id }: CommentAddress) => `/api/wall/posts/${postId}/comments/${id}`;

/** A change to a post's comments, refreshing the lists `keys` names once the server has it. */
export function useCommentMutation<V extends { postId: number }, R>(
  mutationFn: (variables: V) => Promise<R>,
  keys: (postId: number) => QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, { postId }) => Promise.all(keys(postId).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
