import type { AndonRulesBody, AndonRulesSaved } from '@portal/contract/andon';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { andonKeys } from '@/lib/andon';
import { api } from '@/lib/api';

/** PUT replaces the whole rule set; the answer is the stored one. */
export const saveAndonRules = (body: AndonRulesBody) => api<AndonRulesSaved>('/api/admin/andon/rules', { method: 'PUT', body });

export function useSaveAndonRules() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAndonRules, onSuccess: ({ rules }) => queryClient.setQueryData(andonKeys.rules(), rules) });
}
