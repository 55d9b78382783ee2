import type { TimelineResponse } from '@portal/contract/timeline';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface TimelineRange {
  nave: string | null;
  from: string;
  to: string;
}

/** The timeline's query keys; every range sits under ['timeline'], so a parada or machine event refreshes them all. */
export const timelineKeys = {
  all: ['timeline'] as const,
  range: (r: TimelineRange) => [...timelineKeys.all, r.nave, r.from, r.to] as const,
  parada: (id: number) => [...timelineKeys.all, 'parada', id] as const,
  arc: (arcoId: number, from: number, to: number) => [...timelineKeys.all, 'arc', arcoId, from, to] as const,
};

/** A nave's bars over a range; the minute poll moves 'now' along when nothing else happens. */
export function useTimeline(range: TimelineRange, enabled: boolean) {
  return useQuery({
    queryKey: timelineKeys.range(range),
    queryFn: () => api<TimelineResponse>('/api/timeline', { query: { nave: range.nave ?? undefined, from: range.from, to: range.to } }),
    enabled,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}
