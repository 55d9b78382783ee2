import type { ArcoHandovers, Handover, HandoverBody } from '@portal/contract/handovers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The handovers' query keys: the caller's arco now, and an admin's nave and day. */
export const handoverKeys = {
  all: ['handovers'] as const,
  arco: () => [...handoverKeys.all, 'arco'] as const,
  naveDay: (nave: string, date: string) => [...handoverKeys.all, 'nave', nave, date] as const,
};

/** The caller's arco: the shift now, its handover and the previous shift's one still to read. */
export function useArcoHandovers() {
  return useQuery({ queryKey: handoverKeys.arco(), queryFn: () => api<ArcoHandovers>('/api/handovers/arco'), refetchInterval: 60_000 });
}

/** Writes the shift's handover, or edits it (`id`). */
export function useSaveHandover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: HandoverBody & { id?: number }) =>
      api<{ handover: Handover; message: string }>(id ? `/api/handovers/${id}` : '/api/handovers', { method: id ? 'PUT' : 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: handoverKeys.all }),
  });
}

/** 'Leído'. */
export function useConfirmHandover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ handover: Handover; message: string }>(`/api/handovers/${id}/confirm`, { method: 'POST' }),
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
