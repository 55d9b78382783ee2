import type { CreateMotivoBody, MotivoSavedResponse, UpdateMotivoBody } from '@portal/contract/motivos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { motivoKeys } from '@/lib/motivos';

export function useSaveMotivo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: (CreateMotivoBody | UpdateMotivoBody) & { id?: number }) =>
      api<MotivoSavedResponse>(id ? `/api/admin/motivos/${id}` : '/api/admin/motivos', {
        method: id ? 'PUT' : 'POST',
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: motivoKeys.all }),
  });
}
