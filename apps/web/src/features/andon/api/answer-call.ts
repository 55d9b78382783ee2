import type { AndonCallSaved, AndonCallsResponse } from '@portal/contract/andon';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { andonKeys } from '@/lib/andon';
import { api } from '@/lib/api';

export type AndonAnswer = 'ack' | 'arrive';

/**
 * 'Voy' (ack) and 'En el arco' (arrive). Not queued offline: an answer sent minutes late would tell
 * the arco someone is coming who may not be (docs/decisions/045-andon-on-screen.md).
 */
export const answerCall = ({ id, answer }: { id: number; answer: AndonAnswer }) =>
  api<AndonCallSaved>(`/api/andon/calls/${id}/${answer}`, { method: 'POST' });

export function useAnswerCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerCall,
    onSuccess: ({ call }) =>
      // A call resolved by the answer (a cord with no parada, on 'En el arco') leaves the open list.
      queryClient.setQueryData<AndonCallsResponse>(
        andonKeys.calls(),
        (data) => data && { ...data, calls: data.calls.flatMap((c) => (c.id !== call.id ? [c] : call.resolved_at ? [] : [call])) },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: andonKeys.calls() }),
  });
}
