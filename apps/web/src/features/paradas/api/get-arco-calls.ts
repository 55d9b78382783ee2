import type { AndonCall } from '@portal/contract/andon';
import { useQuery } from '@tanstack/react-query';
import { andonKeys } from '@/lib/andon';
import { api } from '@/lib/api';

/** The open andon calls of the worker's arco (the arco in the token): who is coming, after a reload too. */
export function useArcoCalls(enabled: boolean) {
  return useQuery({ queryKey: andonKeys.arco(), queryFn: () => api<AndonCall[]>('/api/andon/calls/arco'), enabled });
}
