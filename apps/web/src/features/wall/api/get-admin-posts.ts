import type { Page } from '@portal/contract/paging';
import type { WallPost } from '@portal/contract/wall';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { wallKeys } from './keys';

export type AdminPost = Omit<WallPost, 'is_liked_by_current_user'>;

export const getAdminPosts = (query: Record<string, string | number>) => api<Page<AdminPost>>('/api/admin/lists/posts', { query });

/** One page of every wall's posts (admin), under the posts key so every post change refreshes it. */
export const useAdminPosts = (query: Record<string, string | number>) =>
  useQuery({ queryKey: wallKeys.adminPosts(query), queryFn: () => getAdminPosts(query), placeholderData: keepPreviousData });
