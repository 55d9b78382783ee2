import type { ArcoOption } from '@portal/contract/arcos';
import type { Nave } from '@portal/contract/naves';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The naves for the export filter (public list). */
export const getNaves = () => api<Nave[]>('/api/naves', { auth: false });

export function useExportNaves() {
  return useQuery({ queryKey: ['naves', 'public'], queryFn: getNaves, staleTime: 5 * 60_000 });
}

/** The stations of one nave for the export filter. */
export const getNaveStations = (nave: string) => api<ArcoOption[]>('/api/arcos-sumergidos', { auth: false, query: { nave } });

export function useExportStations(nave: string) {
  return useQuery({ queryKey: ['arcos', 'public', nave], queryFn: () => getNaveStations(nave), enabled: !!nave, staleTime: 60_000 });
}
