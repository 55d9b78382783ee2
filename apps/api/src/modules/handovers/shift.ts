import { handoverMessages } from '@portal/contract/handovers-messages';
import type { ShiftInstance } from '@portal/contract/shifts';
import { addDays, factoryDate, startOfFactoryDay } from '@portal/contract/time';
import type { ServiceContext } from '../../context';
import { shiftInstances } from '../shifts/service';

// The handover's two rules of time, in one place (docs/decisions/059-handover-for-the-next-shift.md):
// which shift a note belongs to (shiftAt) and from when it is the incoming shift's to read
// (latestReadableShiftEnd).

/** A note written this long into a shift is still the previous shift's handover (written after its end). */
const HANDOVER_GRACE_MS = 30 * 60_000;

/**
 * The shift a handover written at `at` belongs to: the latest worked shift that began by `at` less
 * half an hour in the last three days (one written just after its shift ended, or on a day off,
 * belongs to the one that ended). A plant whose calendar has no shift in that time hands over per
 * factory day.
 */
export async function shiftAt(ctx: ServiceContext, at: Date, nave: string): Promise<ShiftInstance> {
  const recent = await shiftInstances(ctx, new Date(at.getTime() - 3 * 86_400_000), new Date(at.getTime() + 1), nave);
  const last = recent.filter((s) => s.worked && Date.parse(s.start) <= at.getTime() - HANDOVER_GRACE_MS).at(-1);
  if (last) return last;
  const date = factoryDate(at, ctx.tz);
  return {
    date,
    shift_id: 0,
    name: handoverMessages.dayShift,
    start: startOfFactoryDay(date, ctx.tz),
    end: startOfFactoryDay(addDays(date, 1), ctx.tz),
    worked: true,
    breaks: [],
  };
}

/**
 * A note is for the shift that follows its own at the arco, never for the colleagues of the shift
 * that wrote it: it is to read from the end of its shift by the calendar (a note written after that
 * end, in the next shift's first half hour, is to read at once). Whoever signs in at the arco from then
 * on, other than its author, is of a later shift and reads it; before then nobody does, however late
 * they signed in. The answer is the latest `shift_end` a note to read at `now` may have.
 */
export const latestReadableShiftEnd = (now: Date): string => now.toISOString();
