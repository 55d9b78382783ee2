import type { MessageResponse } from '@portal/contract/common';
import type { ClosureBody, ShiftBody, ShiftCalendar } from '@portal/contract/shifts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The calendar's query key: the admin screen's one list (shifts and closed days). */
export const shiftKeys = { all: ['shifts'] as const, calendar: ['shifts', 'calendar'] as const };

export function useShiftCalendar() {
  return useQuery({ queryKey: shiftKeys.calendar, queryFn: () => api<ShiftCalendar>('/api/admin/shifts') });
}

export type ShiftChange =
  | { kind: 'save'; id?: number; body: ShiftBody }
  | { kind: 'retire'; id: number; from: string }
  | { kind: 'close'; body: ClosureBody }
  | { kind: 'reopen'; id: number };

const request = (change: ShiftChange) => {
  switch (change.kind) {
    case 'save':
      return api<MessageResponse>(change.id ? `/api/admin/shifts/${change.id}` : '/api/admin/shifts', {
        method: change.id ? 'PUT' : 'POST',
        body: change.body,
      });
    case 'retire':
      return api<MessageResponse>(`/api/admin/shifts/${change.id}?from=${change.from}`, { method: 'DELETE' });
    case 'close':
      return api<MessageResponse>('/api/admin/shifts/closures', { method: 'POST', body: change.body });
    case 'reopen':
      return api<MessageResponse>(`/api/admin/shifts/closures/${change.id}`, { method: 'DELETE' });
  }
};

/** Every change of the calendar goes through here, so none can forget to reload it. */
export function useChangeCalendar() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSettled: () => queryClient.invalidateQueries({ queryKey: shiftKeys.all }) });
}

/**
 * How the screen sends a change: `done` once it is saved (the success banner is the screen's); a form
 * passes `failed` to show the refusal itself, else the screen's banner shows it.
 */
export type RunChange = (change: ShiftChange, done?: () => void, failed?: (error: unknown) => void) => void;
