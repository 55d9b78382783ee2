import type { PlantaNave } from '@portal/contract/planta';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const plantaKey = ['planta'] as const;

export const getPlanta = () => api<PlantaNave[]>('/api/admin/planta', { query: { by: 'shift' } });

/**
 * The plant board. Parada events refetch it at once (PlantaPage); the minute poll only keeps "today's
 * minutes" of running paradas and the day boundary current when nothing else happens.
 */
export function usePlanta() {
  return useQuery({ queryKey: plantaKey, queryFn: getPlanta, refetchInterval: 60_000 });
}
