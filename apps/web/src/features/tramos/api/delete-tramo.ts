import type { MessageResponse } from '@portal/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateTramos } from './keys';

export const deleteTramo = (id: number, endSessionOnAuthError = true) =>
  api<MessageResponse>(`/api/tramos/${id}`, { method: 'DELETE', endSessionOnAuthError });

/** `adminArea`: a 401/403 only shows the message on the admin circulares screen. */
export function useDeleteTramo({ adminArea = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteTramo(id, !adminArea),
    onSuccess: () => invalidateTramos(queryClient),
  });
}
