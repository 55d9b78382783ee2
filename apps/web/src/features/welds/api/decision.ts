import type { SeamTelemetry } from '@portal/contract/telemetry';
import type { AwaitingDecision, DecisionBody } from '@portal/contract/telemetry-decision';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { weldKeys } from './lots';
import { seamKeys } from './seam';

/**
 * A circular's weld telemetry judgement and the decision of Calidad on it
 * (docs/decisions/092-seam-hold-in-the-weld-records.md). The judgement is filed under the seam's key,
 * so it is kept on the phone with the seam for a reload offline (lib/query-persist.ts); the list of
 * those awaiting a decision and the decision itself need the server: a decision is never queued.
 */
export const decisionKeys = {
  judgement: (id: number) => [...seamKeys.seam(id), 'judgement'] as const,
  awaiting: () => [...weldKeys.all, 'awaiting-decision'] as const,
};

export function useSeamJudgement(id: number) {
  return useQuery({
    queryKey: decisionKeys.judgement(id),
    queryFn: () => api<SeamTelemetry>(`/api/telemetry/seams/${id}`),
    enabled: id > 0,
  });
}

/** The circulares out of procedure awaiting a decision that the server lets the user see. */
export function useAwaitingDecision() {
  // A 403 (no Calidad anywhere) is the list's answer, not the end of the session.
  return useQuery({
    queryKey: decisionKeys.awaiting(),
    queryFn: () => api<AwaitingDecision>('/api/telemetry/seams/awaiting-decision', { endSessionOnAuthError: false }),
  });
}

/** Records the decision; the judgement takes the answer, and the seam (its state) and the list are read again. */
export function useDecide(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DecisionBody) =>
      api<{ seam: SeamTelemetry; message: string }>(`/api/telemetry/seams/${id}/decision`, {
        method: 'POST',
        body,
        endSessionOnAuthError: false,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(decisionKeys.judgement(id), saved.seam);
      void queryClient.invalidateQueries({ queryKey: seamKeys.seam(id), exact: true });
      void queryClient.invalidateQueries({ queryKey: decisionKeys.awaiting() });
    },
  });
}
