import type { PostResponse } from '@portal/contract/wall';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formFields, submit, tapNow } from '@/lib/offline-queue';
import { formData, wallKeys } from './keys';

export interface CreatePostInput {
  content: string;
  wall_name: string;
  image: File | null;
}

/** Through the offline queue: without network the post is saved and published on reconnecting. */
export const createPost = ({ content, wall_name, image }: CreatePostInput) =>
  submit<PostResponse>({
    kind: 'post',
    method: 'POST',
    path: '/api/wall/posts',
    form: formFields(formData({ content, wall_name }, image)),
    tappedAt: tapNow(),
  });

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPost, onSuccess: () => queryClient.invalidateQueries({ queryKey: wallKeys.posts }) });
}
