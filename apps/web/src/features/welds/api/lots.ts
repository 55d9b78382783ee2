import type { Lot, LotBody } from '@portal/contract/welds';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';

/** The weld screens' query keys. */
export const weldKeys = { all: ['welds'] as const, lots: () => [...weldKeys.all, 'lots'] as const };

export function useLots() {
  return useQuery({ queryKey: weldKeys.lots(), queryFn: () => api<Lot[]>('/api/welds/lots') });
}

type Saved = { lot: Lot; message: string };

export function useCreateLot() {
  return useInvalidatingMutation((body: LotBody) => api<Saved>('/api/welds/lots', { method: 'POST', body }), weldKeys.lots());
}

/** Blocks a lot with a reason, or unblocks it (reason null). */
export function useBlockLot() {
  return useInvalidatingMutation(
    ({ id, reason }: { id: number; reason: string | null }) =>
      reason === null
        ? api<Saved>(`/api/welds/lots/${id}/unblock`, { method: 'POST' })
        : api<Saved>(`/api/welds/lots/${id}/block`, { method: 'POST', body: { reason } }),
    weldKeys.lots(),
  );
}
