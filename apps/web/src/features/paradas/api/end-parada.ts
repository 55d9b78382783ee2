import type { EndParadaBody, EndParadaResponse } from '@portal/contract/paradas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitTapped } from '@/lib/offline-queue';
import { writeActiveCache } from './active-cache';
import { invalidateParadas } from './invalidate';

export interface EndParadaInput extends EndParadaBody {
  /** The stop's id; null while its start is still queued (`startKey`): the end then waits for its answer. */
  id: number | null;
  startKey?: string;
  /** When Finalizar was tapped, if it waited for a sign-in at a station terminal (else now). */
  tappedAt?: number;
}

/** Through the offline queue, stamped with the tapped moment: the stored end is when Finalizar was tapped. */
export const endParada = ({ id, startKey, tappedAt, ...body }: EndParadaInput) =>
  submitTapped<EndParadaResponse>(
    {
      kind: 'parada-end',
      method: 'PUT',
      path: `/api/paradas-kaiser/end/${id ?? ':ref'}`,
      after: id === null && startKey ? { key: startKey, field: 'stopId' } : undefined,
      json: body,
    },
    tappedAt,
  );

export function useEndParada() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endParada,
    // A queued end keeps the cached stop: after a reload offline the clock still shows it, frozen.
    onSuccess: (res) => {
      if (!res.queued) writeActiveCache(null);
    },
    // Also after a failure: a 409 means the stop was ended elsewhere and the screen must catch up.
    onSettled: () => invalidateParadas(queryClient),
  });
}
