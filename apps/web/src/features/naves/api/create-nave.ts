import type { NaveWithCount, naveBody } from '@portal/contract/naves';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { invalidateNaves } from './invalidate';

export type NaveInput = z.output<typeof naveBody>;

export const createNave = (body: NaveInput) => api<NaveWithCount>('/api/admin/naves', { method: 'POST', body });

export function useCreateNave() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createNave, onSuccess: () => invalidateNaves(queryClient) });
}
