import type { ArcoOption } from '@portal/contract/arcos';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Every station (the stops screen calls it without a nave), for the edit modal's station list. */
export const getArcos = () => api<ArcoOption[]>('/api/arcos-sumergidos', { auth: false });

export function useArcos() {
  return useQuery({ queryKey: ['arcos', 'all'], queryFn: getArcos, staleTime: 5 * 60_000 });
}
