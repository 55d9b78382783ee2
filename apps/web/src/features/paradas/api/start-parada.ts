import type { StartParadaBody, StartParadaResponse } from '@portal/contract/paradas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitTapped } from '@/lib/offline-queue';
import { invalidateParadas } from './invalidate';

/** Through the offline queue, stamped with the tapped moment: offline, the stop starts when tapped. */
export const startParada = (body: StartParadaBody) =>
  submitTapped<StartParadaResponse>({ kind: 'parada-start', method: 'POST', path: '/api/paradas-kaiser/start', json: body });

export function useStartParada() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: startParada, onSettled: () => invalidateParadas(queryClient) });
}
