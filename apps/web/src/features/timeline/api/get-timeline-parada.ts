import type { TimelineParada } from '@portal/contract/timeline';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { timelineKeys } from './get-timeline';

/** The parada a bar opens (its arco's nave: any for admins, the session's for workers). */
export function useTimelineParada(id: number | null) {
  return useQuery({
    queryKey: timelineKeys.parada(id ?? 0),
    queryFn: () => api<TimelineParada>(`/api/timeline/paradas/${id}`),
    enabled: id !== null,
  });
}
