import type { Nave } from '@portal/contract/naves';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { NaveInput } from './create-nave';
import { invalidateNaves } from './invalidate';

export const updateNave = ({ id, ...body }: NaveInput & { id: number }) => api<Nave>(`/api/admin/naves/${id}`, { method: 'PUT', body });

export function useUpdateNave() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateNave, onSuccess: () => invalidateNaves(queryClient) });
}
