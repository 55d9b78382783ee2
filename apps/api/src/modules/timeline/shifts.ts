import type { ShiftInstance } from '@portal/contract/shifts';
import { addDays, factoryDate, startOfFactoryDay } from '@portal/contract/time';
import type { ServiceContext } from '../../context';
import { shiftInstances } from '../shifts/service';

export type { ShiftInstance };

/** The shifts of a nave's calendar overlapping [from, to) (modules/shifts). */
export const shiftsBetween = (ctx: ServiceContext, from: string, to: string, nave: string): Promise<ShiftInstance[]> =>
  shiftInstances(ctx, new Date(from), new Date(to), nave);

/** A note written this long into a shift is still the previous shift's handover (written after its end). */
const HANDOVER_GRACE_MS = 30 * 60_000;

/**
 * The shift a handover written at `at` belongs to: the latest worked shift that began by `at` less
 * half an hour in the last three days (one written just after its shift ended, or on a day off,
 * belongs to the one that ended). A plant whose calendar has no shift in that time hands over per
 * factory day.
 */
export async function shiftAt(ctx: ServiceContext, at: Date, nave: string): Promise<ShiftInstance> {
  const recent = await shiftsBetween(
    ctx,
    new Date(at.getTime() - 3 * 86_400_000).toISOString(),
    new Date(at.getTime() + 1).toISOString(),
    nave,
  );
  const last = recent.filter((s) => s.worked && Date.parse(s.start) <= at.getTime() - HANDOVER_GRACE_MS).at(-1);
  if (last) return last;
  const date = factoryDate(at, ctx.tz);
  return {
    date,
    shift_id: 0,
    name: 'Día',
    start: startOfFactoryDay(date, ctx.tz),
    end: startOfFactoryDay(addDays(date, 1), ctx.tz),
    worked: true,
    breaks: [],
  };
}
