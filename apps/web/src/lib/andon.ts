import type { AndonCall, AndonCallsResponse } from '@portal/contract/andon';
import { andonMessages } from '@portal/contract/andon-messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { useEventStream } from './use-event-stream';

/** Query keys of the andon: everything under ['andon'] refreshes together after a call changes. */
export const andonKeys = {
  all: ['andon'] as const,
  calls: () => [...andonKeys.all, 'calls'] as const,
  arco: () => [...andonKeys.all, 'arco'] as const,
  rules: () => [...andonKeys.all, 'rules'] as const,
  roles: (userId: number) => [...andonKeys.all, 'roles', userId] as const,
};

/** Whether the andon calls this user: a nave's supervisor or maintenance, or an administrator (every nave). */
export const isCalled = (data: AndonCallsResponse | undefined, role: string | undefined) =>
  role === 'admin' || (data !== undefined && data.supervisor.length + data.maintenance.length > 0);

/**
 * The open calls for the signed-in user (GET /api/andon/calls: oldest first, administrators all) and
 * the naves where they are called: the shells show the alert bar and 'Avisos', and the profile the
 * push opt-in, only for someone who can be called. The events `andon.called` and `andon.changed`
 * refetch it (the alert bar); the minute poll only covers a lost stream, and only for someone called.
 */
export function useAndonCalls(enabled = true) {
  return useQuery({
    queryKey: andonKeys.calls(),
    queryFn: () => api<AndonCallsResponse>('/api/andon/calls'),
    enabled,
    staleTime: 30_000,
    refetchInterval: (query) =>
      query.state.data && query.state.data.supervisor.length + query.state.data.maintenance.length > 0 ? 60_000 : false,
  });
}

/**
 * Follows the signed-in user's own capabilities live: when an administrator names them Supervisor or
 * Mantenimiento of a nave, or removes it, the server tells their open pages (`andon.roles`) and the
 * alert bar, 'Avisos' and the push opt-in appear or go without a reload
 * (docs/decisions/058-calls-reach-whoever-may-answer.md).
 */
export function useFollowAndonRoles() {
  const queryClient = useQueryClient();
  useEventStream({ 'andon.roles': () => void queryClient.invalidateQueries({ queryKey: andonKeys.all }) });
}

/** 'Voy: Ana', 'En el arco: Luis': who answered a call (the bar, the list, the worker at the arco); null while nobody has. */
export function callProgress(call: AndonCall): string | null {
  if (call.arrived_by_name) return `${andonMessages.enElArco}: ${call.arrived_by_name}`;
  if (call.acknowledged_by_name) return `${andonMessages.voy}: ${call.acknowledged_by_name}`;
  return null;
}
