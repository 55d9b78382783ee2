import type { MessageResponse } from '@portal/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { wallKeys } from './keys';

export const deletePost = (id: number) => api<MessageResponse>(`/api/wall/posts/${id}`, { method: 'DELETE' });

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    // Its comments go with it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: wallKeys.posts }),
        queryClient.invalidateQueries({ queryKey: wallKeys.allComments }),
      ]),
  });
}
