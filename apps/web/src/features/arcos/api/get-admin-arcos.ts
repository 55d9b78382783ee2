import type { Arco } from '@portal/contract/arcos';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const adminArcosKey = ['arcos', 'admin'] as const;

export const getAdminArcos = () => api<Arco[]>('/api/admin/arcos-sumergidos');

export function useAdminArcos() {
  return useQuery({ queryKey: adminArcosKey, queryFn: getAdminArcos });
}
