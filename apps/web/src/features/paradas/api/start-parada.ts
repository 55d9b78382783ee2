import type { StartParadaBody, StartParadaResponse } from '@portal/contract/paradas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateParadas } from './invalidate';

export const startParada = (body: StartParadaBody) => api<StartParadaResponse>('/api/paradas-kaiser/start', { method: 'POST', body });

export function useStartParada() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: startParada, onSettled: () => invalidateParadas(queryClient) });
}
