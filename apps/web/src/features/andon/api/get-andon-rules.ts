import type { AndonRules } from '@portal/contract/andon';
import { useQuery } from '@tanstack/react-query';
import { andonKeys } from '@/lib/andon';
import { api } from '@/lib/api';

export const getAndonRules = () => api<AndonRules>('/api/admin/andon/rules');

export function useAndonRules() {
  return useQuery({ queryKey: andonKeys.rules(), queryFn: getAndonRules });
}
