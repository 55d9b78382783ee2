import type { Handover } from '@portal/contract/handovers';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { handoverKeys } from './keys';

export const getNaveHandovers = (nave: string, date: string) => api<Handover[]>('/api/admin/handovers', { query: { nave, date } });

/** Every handover of a nave's day (admin). */
export function useNaveHandovers(nave: string, date: string) {
  return useQuery({
    queryKey: handoverKeys.naveDay(nave, date),
    queryFn: () => getNaveHandovers(nave, date),
    enabled: nave !== '' && date !== '',
  });
}
