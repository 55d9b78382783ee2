import type { ArcoOption } from '@portal/contract/arcos';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The stations of a nave for the circular forms; a failure is only logged and the list is empty. */
export async function getStations(nave: string): Promise<ArcoOption[]> {
  try {
    return await api<ArcoOption[]>('/api/arcos-sumergidos', { auth: false, query: { nave } });
  } catch (error) {
    console.error('Error al cargar arcos sumergidos', error);
    return [];
  }
}

export function useStations(nave: string | null | undefined) {
  return useQuery({
    queryKey: ['tramo-stations', nave ?? ''],
    queryFn: () => getStations(nave ?? ''),
    enabled: !!nave,
    staleTime: 60_000,
  });
}
