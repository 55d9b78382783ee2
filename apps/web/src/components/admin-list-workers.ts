import { pagingMessages as t } from '@portal/contract/paging';
import type { UserListItem } from '@portal/contract/users';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { catalogAdminKeys } from '@/lib/catalog-admin';
import type { FilterField } from './admin-list-filters';

/** The worker filter of the admin lists (`user_id`): every account by name, its worker ID beside it. */
export function useWorkerField(): FilterField<'user_id'> {
  // A refusal leaves the filter empty: the list's own call says what went wrong, and the session stays.
  const users = useQuery({
    queryKey: catalogAdminKeys.workerFilters,
    queryFn: () => api<UserListItem[]>('/api/admin/users', { endSessionOnAuthError: false }),
    staleTime: 60_000,
  });
  return {
    name: 'user_id',
    label: t.worker,
    type: 'select',
    options: () =>
      [...(users.data ?? [])]
        .sort((a, b) => a.name.localeCompare(b.name, 'es'))
        .map((u) => ({ value: String(u.id), label: `${u.name} (${u.worker_id})` })),
  };
}
