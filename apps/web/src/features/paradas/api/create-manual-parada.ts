import type { ParadaSavedResponse, ParadaTimesBody } from '@portal/contract/paradas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateParadas } from './invalidate';

export const createManualParada = (body: ParadaTimesBody) =>
  api<ParadaSavedResponse>('/api/paradas-kaiser/manual', { method: 'POST', body });

export function useCreateManualParada() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createManualParada, onSuccess: () => invalidateParadas(queryClient) });
}
