import type { NaveWithCount } from '@portal/contract/naves';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { catalogKeys } from '@/lib/catalog';

export const getAdminNaves = () => api<NaveWithCount[]>('/api/admin/naves');

export function useAdminNaves() {
  return useQuery({ queryKey: catalogKeys.adminNaves(), queryFn: getAdminNaves });
}
