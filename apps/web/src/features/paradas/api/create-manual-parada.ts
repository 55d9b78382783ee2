import type { ManualParadaBody, ParadaSavedResponse } from '@portal/contract/paradas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitTapped } from '@/lib/offline-queue';
import { invalidateParadas } from './invalidate';

/** Through the offline queue, stamped with when the form was saved (the server bounds it). */
export const createManualParada = (body: ManualParadaBody) =>
  submitTapped<ParadaSavedResponse>({ kind: 'parada-manual', method: 'POST', path: '/api/paradas-kaiser/manual', json: body });

export function useCreateManualParada() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createManualParada, onSuccess: () => invalidateParadas(queryClient) });
}
