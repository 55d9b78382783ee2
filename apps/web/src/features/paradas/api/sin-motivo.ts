import type { AddMotivoBody, Parada, ParadaSavedResponse } from '@portal/contract/paradas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateParadas } from './invalidate';
import { paradaKeys } from './keys';

/** The arco's ended paradas of the last days without a motivo (the machine's and colleagues' too). */
export const getParadasSinMotivo = () => api<Parada[]>('/api/paradas-kaiser/sin-motivo');

export function useParadasSinMotivo(enabled: boolean) {
  return useQuery({ queryKey: paradaKeys.sinMotivo(), queryFn: getParadasSinMotivo, enabled });
}

export const addMotivo = ({ id, ...body }: AddMotivoBody & { id: number }) =>
  api<ParadaSavedResponse>(`/api/paradas-kaiser/${id}/motivo`, { method: 'PUT', body });

export function useAddMotivo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addMotivo, onSuccess: () => invalidateParadas(queryClient) });
}
