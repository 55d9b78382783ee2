import type { AndonCallSaved, CreateAndonCallBody } from '@portal/contract/andon';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { andonKeys } from '@/lib/andon';
import { api } from '@/lib/api';

/**
 * The cord: calls the arco's supervisors or maintenance at once (the arco comes from the token). Sent
 * now or not at all: never queued offline (docs/decisions/045-andon-on-screen.md).
 */
export const callAndon = (body: CreateAndonCallBody) => api<AndonCallSaved>('/api/andon/calls', { method: 'POST', body });

export function useCallAndon() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: callAndon, onSettled: () => queryClient.invalidateQueries({ queryKey: andonKeys.all }) });
}
