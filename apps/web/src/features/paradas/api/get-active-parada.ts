import type { Parada } from '@portal/contract/paradas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { readActiveCache, writeActiveCache } from './active-cache';
import { paradaKeys } from './keys';

export type ActiveParada = Pick<Parada, 'id' | 'start_time' | 'arco_sumergido_id'>;

export async function getActiveParada(userId: number): Promise<ActiveParada | null> {
  const parada = await api<Parada | null>('/api/paradas-kaiser/active');
  const active = parada ? { id: parada.id, start_time: parada.start_time, arco_sumergido_id: parada.arco_sumergido_id } : null;
  writeActiveCache(active && { ...active, user_id: userId });
  return active;
}

/** The running parada of the signed-in worker: the cached copy until the server answers. */
export function useActiveParada(userId: number) {
  return useQuery({
    queryKey: paradaKeys.activeOf(userId),
    queryFn: () => getActiveParada(userId),
    // A parada started or ended on another device shows up when the worker comes back to this one.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    placeholderData: () => readActiveCache(userId) ?? undefined,
  });
}
