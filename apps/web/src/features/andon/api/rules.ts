import type { AndonRules, AndonRulesBody, AndonRulesSaved } from '@portal/contract/andon';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { andonKeys } from '@/lib/andon';
import { api } from '@/lib/api';

const PATH = '/api/admin/andon/rules';

export function useAndonRules() {
  return useQuery({ queryKey: andonKeys.rules(), queryFn: () => api<AndonRules>(PATH) });
}

/** PUT replaces the whole rule set; the answer is the stored one. */
export function useSaveAndonRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AndonRulesBody) => api<AndonRulesSaved>(PATH, { method: 'PUT', body }),
    onSuccess: ({ rules }) => queryClient.setQueryData(andonKeys.rules(), rules),
  });
}
