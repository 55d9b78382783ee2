import type { Parada } from '@portal/contract/paradas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const arcoParadaKey = ['machines', 'arco-parada'] as const;

/** The parada running at the worker's arco, whoever (or whatever) opened it; null when none. */
export const getArcoParada = () => api<Parada | null>('/api/paradas-kaiser/active/arco');

export function useArcoParada(enabled: boolean) {
  return useQuery({ queryKey: arcoParadaKey, queryFn: getArcoParada, enabled });
}
