import type { ArcoHandovers, Handover, HandoverBody, HandoverSaved } from '@portal/contract/handovers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { LiveStream } from '@/lib/events';
import { useEventStream } from '@/lib/use-event-stream';

/** The handovers' query keys: the caller's arco now, and an admin's nave and day. */
export const handoverKeys = {
  all: ['handovers'] as const,
  arco: () => [...handoverKeys.all, 'arco'] as const,
  /** At a station terminal: the arco as one signed-in worker sees it (which note is theirs to read). */
  arcoOf: (userId: number) => [...handoverKeys.arco(), userId] as const,
  naveDay: (nave: string, date: string) => [...handoverKeys.all, 'nave', nave, date] as const,
};

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
    queryFn: () => api<ArcoHandovers>('/api/handovers/arco'),
    // Asked again at every sign-in (a worker's answer is kept under their id): never the one of a minute before.
    staleTime: 0,
    refetchInterval: 60_000,
  });
}

/** Writes the shift's handover, or edits it (`id`). */
export function useSaveHandover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: HandoverBody & { id?: number }) =>
      api<HandoverSaved>(id ? `/api/handovers/${id}` : '/api/handovers', { method: id ? 'PUT' : 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: handoverKeys.all }),
  });
}

/** 'Leído'. */
export function useConfirmHandover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<HandoverSaved>(`/api/handovers/${id}/confirm`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: handoverKeys.all }),
  });
}

/** Every handover of a nave's day (admin). */
export function useNaveHandovers(nave: string, date: string) {
  return useQuery({
    queryKey: handoverKeys.naveDay(nave, date),
    queryFn: () => api<Handover[]>('/api/admin/handovers', { query: { nave, date } }),
    enabled: nave !== '' && date !== '',
  });
}
