import type { ArcoOption } from '@portal/contract/arcos';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** SPEC.md section 7: a failure of this list is only logged and the list becomes empty. */
export async function getArcosByNave(nave: string): Promise<ArcoOption[]> {
  try {
    return await api<ArcoOption[]>('/api/arcos-sumergidos', { auth: false, query: { nave } });
  } catch (error) {
    console.error('Error al cargar arcos sumergidos', error);
    return [];
  }
}

export function useArcosByNave(nave: string) {
  return useQuery({
    queryKey: ['arcos', 'public', nave],
    queryFn: () => getArcosByNave(nave),
    enabled: nave !== '',
  });
}
