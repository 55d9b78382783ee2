import type { NaveWithCount } from '@portal/contract/naves';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { catalogAdminKeys } from '@/lib/catalog-admin';

export const getAdminNaves = () => api<NaveWithCount[]>('/api/admin/naves');

export function useAdminNaves() {
  return useQuery({ queryKey: catalogAdminKeys.naves, queryFn: getAdminNaves });
}
