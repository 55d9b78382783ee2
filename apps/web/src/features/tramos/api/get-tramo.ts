import type { Tramo } from '@portal/contract/tramos';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { tramoKeys } from './keys';

export const getTramo = (id: string) => api<Tramo>(`/api/tramos/${encodeURIComponent(id)}`);

export function useTramo(id: string) {
  return useQuery({ queryKey: tramoKeys.detail(id), queryFn: () => getTramo(id) });
}
