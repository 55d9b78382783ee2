import type { HandoverBody, HandoverSaved } from '@portal/contract/handovers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { handoverKeys } from './keys';

/** Writes the shift's handover, or edits it (`id`). */
export const saveHandover = ({ id, ...body }: HandoverBody & { id?: number }) =>
  api<HandoverSaved>(id ? `/api/handovers/${id}` : '/api/handovers', { method: id ? 'PUT' : 'POST', body });

/**
 * Written with useMutation itself, not lib/invalidating-mutation.ts: the worker's shell and the
 * terminal's home reach the handover's calls, and a shared helper is one more chunk before they paint.
 */
export function useSaveHandover() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveHandover, onSettled: () => queryClient.invalidateQueries({ queryKey: handoverKeys.all }) });
}
