import type { StartParadaBody, StartParadaResponse } from '@portal/contract/paradas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitTapped } from '@/lib/offline-queue';
import { invalidateParadas } from './invalidate';

/**
 * Through the offline queue, stamped with the tapped moment (now, or `tappedAt` when the tap waited for
 * a sign-in at a station terminal): offline, the stop starts when tapped.
 */
export const startParada = ({ tappedAt, ...body }: StartParadaBody & { tappedAt?: number }) =>
  submitTapped<StartParadaResponse>({ kind: 'parada-start', method: 'POST', path: '/api/paradas-kaiser/start', json: body }, tappedAt);

export function useStartParada() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: startParada, onSettled: () => invalidateParadas(queryClient) });
}
