import type { MachineParadaBody } from '@portal/contract/machines';
import type { Parada } from '@portal/contract/paradas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { arcoParadaKey } from './get-arco-parada';

export const describeParada = ({ id, ...body }: MachineParadaBody & { id: number }) =>
  api<{ parada: Parada; message: string }>(`/api/machines/paradas/${id}`, { method: 'PUT', body });

export function useDescribeParada() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: describeParada,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: arcoParadaKey }),
  });
}
