import type { WallPost } from '@portal/contract/wall-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { formData, wallKeys } from './keys';

export interface CreatePostInput {
  content: string;
  wall_name: string;
  image: File | null;
}

export const createPost = ({ content, wall_name, image }: CreatePostInput) =>
  api<{ message: string; post: WallPost }>('/api/wall/posts', { method: 'POST', body: formData({ content, wall_name }, image) });

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPost, onSuccess: () => queryClient.invalidateQueries({ queryKey: wallKeys.posts }) });
}
