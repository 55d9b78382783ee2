import type { TimelineArc, TimelineArcTime } from '@portal/contract/timeline';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { timelineKeys } from './get-timeline';

/** The arc time of the arc-on stretch a bar opens (docs/decisions/090-arc-on-board-and-timeline.md). */
export function useTimelineArc(arcoId: number, [start, end]: TimelineArc) {
  return useQuery({
    queryKey: timelineKeys.arc(arcoId, start, end),
    queryFn: () =>
      api<TimelineArcTime>('/api/timeline/arc', {
        query: { arco_sumergido_id: arcoId, from: new Date(start).toISOString(), to: new Date(end).toISOString() },
      }),
  });
}
