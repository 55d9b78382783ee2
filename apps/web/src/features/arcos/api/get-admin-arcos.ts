import type { Arco } from '@portal/contract/arcos';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { catalogKeys } from '@/lib/catalog';

export const getAdminArcos = () => api<Arco[]>('/api/admin/arcos-sumergidos');

export function useAdminArcos() {
  return useQuery({ queryKey: catalogKeys.adminArcos(), queryFn: getAdminArcos });
}
