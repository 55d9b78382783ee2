import type { Parada } from '@portal/contract/paradas';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { paradaKeys } from './keys';

export const getArcoParada = () => api<Parada | null>('/api/paradas-kaiser/active/arco');

/**
 * The parada running at the worker's arco, whoever started it. Its events reach everyone at the arco
 * (ArcoParada refetches on them); the refetch interval is only a fallback.
 */
export function useArcoParada(enabled: boolean) {
  return useQuery({
    queryKey: paradaKeys.arcoActive(),
    queryFn: getArcoParada,
    enabled,
    staleTime: 0,
    refetchInterval: 15_000,
    refetchOnWindowFocus: 'always',
  });
}
