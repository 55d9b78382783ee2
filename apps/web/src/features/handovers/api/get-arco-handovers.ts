import type { ArcoHandovers } from '@portal/contract/handovers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { LiveStream } from '@/lib/events';
import { useEventStream } from '@/lib/use-event-stream';
import { handoverKeys } from './keys';

export const getArcoHandovers = () => api<ArcoHandovers>('/api/handovers/arco');

/**
 * The caller's arco: the shift now, its handover and the previous shift's one still to read. At a
 * station terminal `userId` is the worker who acts (their session is the one sent): one answer each,
 * and `stream` the terminal's own. A note written, edited or confirmed at the arco (`handover.changed`)
 * refetches it, so the note to read shows and goes without a reload
 * (docs/decisions/059-handover-for-the-next-shift.md); the minute's poll brings it at the turn of the shift.
 */
export function useArcoHandovers(userId?: number, stream?: LiveStream) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: handoverKeys.arco() });
  useEventStream({ 'handover.changed': refresh, reconnected: refresh }, stream);
  return useQuery({
    queryKey: userId === undefined ? handoverKeys.arco() : handoverKeys.arcoOf(userId),
    queryFn: getArcoHandovers,
    // Asked again at every sign-in (a worker's answer is kept under their id): never the one of a minute before.
    staleTime: 0,
    refetchInterval: 60_000,
  });
}
