import type { UserListItem } from '@portal/contract/users';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const usersKey = ['users', 'admin'] as const;

export const getUsers = () => api<UserListItem[]>('/api/admin/users');

export function useUsers() {
  return useQuery({ queryKey: usersKey, queryFn: getUsers });
}
