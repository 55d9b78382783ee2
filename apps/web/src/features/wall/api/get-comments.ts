import type { WallComment } from '@portal/contract/wall';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { wallKeys } from './keys';

export const getComments = (postId: number) => api<WallComment[]>(`/api/wall/posts/${postId}/comments`);

export function useComments(postId: number) {
  return useQuery({ queryKey: wallKeys.comments(postId), queryFn: () => getComments(postId) });
}
