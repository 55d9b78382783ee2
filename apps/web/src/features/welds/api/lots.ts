import type { Lot, LotBody } from '@portal/contract/welds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The weld screens' query keys. */
export const weldKeys = { all: ['welds'] as const, lots: () => [...weldKeys.all, 'lots'] as const };

export function useLots() {
  return useQuery({ queryKey: weldKeys.lots(), queryFn: () => api<Lot[]>('/api/welds/lots') });
}

type Saved = { lot: Lot; message: string };

export function useCreateLot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LotBody) => api<Saved>('/api/welds/lots', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: weldKeys.lots() }),
  });
}

/** Blocks a lot with a reason, or unblocks it (reason null). */
export function useBlockLot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string | null }) =>
      reason === null
        ? api<Saved>(`/api/welds/lots/${id}/unblock`, { method: 'POST' })
        : api<Saved>(`/api/welds/lots/${id}/block`, { method: 'POST', body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: weldKeys.lots() }),
  });
}
