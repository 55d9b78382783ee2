import type { PostResponse } from '@portal/contract/wall';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { formData, wallKeys } from './keys';

export interface UpdatePostInput {
  id: number;
  content: string;
  wall_name: string;
  image: File | null;
}

export const updatePost = ({ id, content, wall_name, image }: UpdatePostInput) =>
  api<PostResponse>(`/api/wall/posts/${id}`, { method: 'PUT', body: formData({ content, wall_name }, image) });

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePost, onSuccess: () => queryClient.invalidateQueries({ queryKey: wallKeys.posts }) });
}
