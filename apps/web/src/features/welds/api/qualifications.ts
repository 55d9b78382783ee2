import type { Page } from '@portal/contract/paging';
import type { UserListItem } from '@portal/contract/users';
import type { Qualification, QualificationBody } from '@portal/contract/welds';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { weldKeys } from './lots';

const qualificationKeys = {
  all: () => [...weldKeys.all, 'qualifications'] as const,
  users: (q: string) => [...weldKeys.all, 'users', q] as const,
};

export function useQualifications() {
  return useQuery({ queryKey: qualificationKeys.all(), queryFn: () => api<Qualification[]>('/api/welds/qualifications') });
}

type Saved = { qualification: Qualification; message: string };

export function useCreateQualification() {
  return useInvalidatingMutation(
    (body: QualificationBody) => api<Saved>('/api/welds/qualifications', { method: 'POST', body }),
    qualificationKeys.all(),
  );
}

/** The six-monthly confirmation by the welding coordinator. */
export function useConfirmQualification() {
  return useInvalidatingMutation(
    ({ id, confirmed_on }: { id: number; confirmed_on: string }) =>
      api<Saved>(`/api/welds/qualifications/${id}/confirmations`, { method: 'POST', body: { confirmed_on } }),
    qualificationKeys.all(),
  );
}

/** The first 25 accounts matching a name or worker number (the admin's user list, searched by the server). */
export function useOperatorSearch(q: string) {
  return useQuery({
    queryKey: qualificationKeys.users(q),
    queryFn: () => api<Page<UserListItem>>('/api/admin/lists/users', { query: { q, pageSize: 25 } }),
    enabled: q.trim().length >= 2,
  });
}

/** The operators with a qualification on record, by name, for a repair's operator. */
export function useQualifiedOperators() {
  return useQuery({
    queryKey: qualificationKeys.all(),
    queryFn: () => api<Qualification[]>('/api/welds/qualifications'),
    select: (list) =>
      [...new Map(list.map((q) => [q.user_id, { id: q.user_id, name: q.user_name }])).values()].sort((a, b) =>
        a.name.localeCompare(b.name, 'es'),
      ),
  });
}
