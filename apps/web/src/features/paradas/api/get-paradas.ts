import type { Parada, ParadasQuery } from '@portal/contract/paradas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { paradaKeys } from './keys';

/** Own stops (all for an admin); without dates the newest ones (the admin grid). */
export const getParadas = (query: ParadasQuery) => api<Parada[]>('/api/paradas-kaiser', { query: { ...query } });

export function useParadas(query: ParadasQuery) {
  return useQuery({ queryKey: paradaKeys.list(query), queryFn: () => getParadas(query), placeholderData: keepPreviousData });
}
