import type { HandoverSaved } from '@portal/contract/handovers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { handoverKeys } from './keys';

/** 'Leído'. */
export const confirmHandover = (id: number) => api<HandoverSaved>(`/api/handovers/${id}/confirm`, { method: 'POST' });

/** As useSaveHandover: with useMutation itself, no shared helper's chunk on the worker's shell. */
export function useConfirmHandover() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmHandover, onSettled: () => queryClient.invalidateQueries({ queryKey: handoverKeys.all }) });
}
