import type { Arco, arcoBody } from '@portal/contract/arcos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { invalidateStations } from './invalidate';

export type ArcoInput = z.output<typeof arcoBody>;

export const createArco = (body: ArcoInput) => api<Arco & { message: string }>('/api/admin/arcos-sumergidos', { method: 'POST', body });

export function useCreateArco() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createArco, onSuccess: () => invalidateStations(queryClient) });
}
