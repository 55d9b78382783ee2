import type { Page } from '@portal/contract/paging';
import type { UserListItem } from '@portal/contract/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const usersKey = ['users', 'admin'] as const;

/** One page of the users (admin), searched, filtered and sorted by the server; under usersKey so every change refreshes it. */
export function useUserPage(query: Record<string, string | number>) {
  return useQuery({
    queryKey: [...usersKey, 'page', query],
    queryFn: () => api<Page<UserListItem>>('/api/admin/lists/users', { query }),
    placeholderData: keepPreviousData,
  });
}
