import type { AndonCall } from '@portal/contract/andon';
import { useQuery } from '@tanstack/react-query';
import { andonKeys } from '@/lib/andon';
import { api } from '@/lib/api';

/**
 * The open andon calls of the worker's arco (the arco in the token): who is coming, after a reload too.
 * A station terminal reads them with its device credential (`readCalls`), so they show with nobody
 * signed in, under a key of their own (never one worker's answer shown to another).
 */
export function useArcoCalls(enabled: boolean, readCalls?: () => Promise<AndonCall[]>) {
  return useQuery({
    queryKey: readCalls ? [...andonKeys.arco(), 'device'] : andonKeys.arco(),
    queryFn: readCalls ?? (() => api<AndonCall[]>('/api/andon/calls/arco')),
    enabled,
  });
}
