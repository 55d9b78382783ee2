import type { AndonCallSaved, CreateAndonCallBody } from '@portal/contract/andon';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { andonKeys } from '@/lib/andon';
import { api } from '@/lib/api';
import { tappedIso } from '@/lib/offline-queue';

/**
 * The cord: calls the arco's supervisors or maintenance at once (the arco comes from the token). Sent
 * now or not at all: never queued offline (docs/decisions/045-andon-on-screen.md). `tappedAt`: the tap
 * that waited for a sign-in at a station terminal (docs/decisions/058-calls-reach-whoever-may-answer.md).
 */
export const callAndon = ({ tappedAt, ...body }: CreateAndonCallBody & { tappedAt?: number }) =>
  api<AndonCallSaved>('/api/andon/calls', {
    method: 'POST',
    body: tappedAt === undefined ? body : { ...body, client_time: tappedIso(tappedAt) },
  });

export function useCallAndon() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: callAndon, onSettled: () => queryClient.invalidateQueries({ queryKey: andonKeys.all }) });
}
