import type { EndParadaBody, EndParadaResponse } from '@portal/contract/paradas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { writeActiveCache } from './active-cache';
import { invalidateParadas } from './invalidate';

export const endParada = ({ id, ...body }: EndParadaBody & { id: number }) =>
  api<EndParadaResponse>(`/api/paradas-kaiser/end/${id}`, { method: 'PUT', body });

export function useEndParada() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endParada,
    onSuccess: () => writeActiveCache(null),
    // Also after a failure: a 409 means the stop was ended elsewhere and the screen must catch up.
    onSettled: () => invalidateParadas(queryClient),
  });
}
