import type { NaveWithCount } from '@portal/contract/naves';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const adminNavesKey = ['naves', 'admin'] as const;

export const getAdminNaves = () => api<NaveWithCount[]>('/api/admin/naves');

export function useAdminNaves() {
  return useQuery({ queryKey: adminNavesKey, queryFn: getAdminNaves });
}
