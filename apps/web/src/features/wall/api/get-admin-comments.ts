import type { Page } from '@portal/contract/paging';
import type { WallComment } from '@portal/contract/wall';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { wallKeys } from './keys';

export const getAdminComments = (query: Record<string, string | number>) => api<Page<WallComment>>('/api/admin/lists/comments', { query });

/** One page of every comment (admin), under the all-comments key. */
export const useAdminComments = (query: Record<string, string | number>) =>
  useQuery({ queryKey: wallKeys.adminComments(query), queryFn: () => getAdminComments(query), placeholderData: keepPreviousData });
