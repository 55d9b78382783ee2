import type { ClosureBody, ShiftBody } from '@portal/contract/shifts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createClosure } from './create-closure';
import { deleteClosure } from './delete-closure';
import { shiftKeys } from './keys';
import { retireShift } from './retire-shift';
import { saveShift } from './save-shift';

export type ShiftChange =
  | { kind: 'save'; id?: number; body: ShiftBody }
  | { kind: 'retire'; id: number; from: string }
  | { kind: 'close'; body: ClosureBody }
  | { kind: 'reopen'; id: number };

const request = async (change: ShiftChange) => {
  switch (change.kind) {
    case 'save':
      return saveShift(change.id, change.body);
    case 'retire':
      return retireShift(change.id, change.from);
    case 'close':
      return createClosure(change.body);
    case 'reopen':
      return deleteClosure(change.id);
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
