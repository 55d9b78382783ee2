import type { Parada } from '@portal/contract/paradas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const arcoParadaKey = ['paradas', 'arco-active'] as const;

export const getArcoParada = () => api<Parada | null>('/api/paradas-kaiser/active/arco');

/**
 * The parada running at the worker's arco, whoever started it. Its events reach everyone at the arco
 * (ArcoParada refetches on them); the refetch interval is only a fallback.
 */
export function useArcoParada(enabled: boolean) {
  return useQuery({
    queryKey: arcoParadaKey,
    queryFn: getArcoParada,
    enabled,
    staleTime: 0,
    refetchInterval: 15_000,
    refetchOnWindowFocus: 'always',
  });
}
