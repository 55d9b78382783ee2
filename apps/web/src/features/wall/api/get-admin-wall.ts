import type { Page } from '@portal/contract/paging';
import type { WallComment, WallPost } from '@portal/contract/wall';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { wallKeys } from './keys';

export type AdminPost = Omit<WallPost, 'is_liked_by_current_user'>;

/** One page of every wall's posts (admin), under the posts key so every post change refreshes it. */
export const useAdminPosts = (query: Record<string, string | number>) =>
  useQuery({
    queryKey: wallKeys.adminPosts(query),
    queryFn: () => api<Page<AdminPost>>('/api/admin/lists/posts', { query }),
    placeholderData: keepPreviousData,
  });

/** One page of every comment (admin), under the all-comments key. */
export const useAdminComments = (query: Record<string, string | number>) =>
  useQuery({
    queryKey: wallKeys.adminComments(query),
    queryFn: () => api<Page<WallComment>>('/api/admin/lists/comments', { query }),
    placeholderData: keepPreviousData,
  });
