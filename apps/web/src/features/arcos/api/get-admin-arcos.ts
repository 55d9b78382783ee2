import type { Arco } from '@portal/contract/arcos';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { catalogAdminKeys } from '@/lib/catalog-admin';

export const getAdminArcos = () => api<Arco[]>('/api/admin/arcos-sumergidos');

export function useAdminArcos() {
  return useQuery({ queryKey: catalogAdminKeys.arcos, queryFn: getAdminArcos });
}
