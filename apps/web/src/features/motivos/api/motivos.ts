import type { CreateMotivoBody, Motivo, UpdateMotivoBody } from '@portal/contract/motivos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

// The same key as the stops screen's selects, so they follow the admin's changes.
const key = ['motivos'] as const;

export const useAdminMotivos = () => useQuery({ queryKey: key, queryFn: () => api<Motivo[]>('/api/motivos') });

export function useSaveMotivo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: (CreateMotivoBody | UpdateMotivoBody) & { id?: number }) =>
      api<{ motivo: Motivo; message: string }>(id ? `/api/admin/motivos/${id}` : '/api/admin/motivos', {
        method: id ? 'PUT' : 'POST',
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
