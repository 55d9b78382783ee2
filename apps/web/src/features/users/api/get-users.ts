import type { Page } from '@portal/contract/paging';
import type { UserListItem } from '@portal/contract/users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { userKeys } from './keys';

/** One page of the users (admin), searched, filtered and sorted by the server; under userKeys.admin so every change refreshes it. */
export function useUserPage(query: Record<string, string | number>) {
  return useQuery({
    queryKey: userKeys.page(query),
    queryFn: () => api<Page<UserListItem>>('/api/admin/lists/users', { query }),
    placeholderData: keepPreviousData,
  });
}
