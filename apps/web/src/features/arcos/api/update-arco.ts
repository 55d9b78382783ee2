import type { Arco } from '@portal/contract/arcos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ArcoInput } from './create-arco';
import { invalidateStations } from './invalidate';

export const updateArco = ({ id, ...body }: ArcoInput & { id: number }) =>
  api<Arco & { message: string }>(`/api/admin/arcos-sumergidos/${id}`, { method: 'PUT', body });

export function useUpdateArco() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateArco, onSuccess: () => invalidateStations(queryClient) });
}
