import { addDays, factoryDate, zonedInstant } from '@portal/contract/time';
import type { ServiceContext } from '../../context';

/** A shift as the calendar gives it (modules/shifts): its factory date, bounds and whether it is worked. */
export interface ShiftInstance {
  date: string;
  shift_id: number;
  name: string;
  start: string;
  end: string;
  worked: boolean;
}

/** The shifts overlapping [from, to) of a nave. */
export async function shiftsBetween(_ctx: ServiceContext, _from: string, _to: string, _nave: string): Promise<ShiftInstance[]> {
  return [];
}

const DEFAULT_SHIFTS = [
  { shift_id: 1, name: 'Mañana', start: '06:00', end: '14:00', nextDay: false },
  { shift_id: 2, name: 'Tarde', start: '14:00', end: '22:00', nextDay: false },
  { shift_id: 3, name: 'Noche', start: '22:00', end: '06:00', nextDay: true },
];

/**
 * The shift a handover written at `at` belongs to: the latest worked shift that began by `at` (one
 * written just after its shift ended still belongs to it).
 */
export async function shiftAt(ctx: ServiceContext, at: Date, nave: string): Promise<ShiftInstance> {
  const atIso = at.toISOString();
  const recent = await shiftsBetween(ctx, new Date(at.getTime() - 3 * 86_400_000).toISOString(), atIso, nave);
  const last = recent.filter((s) => s.worked && s.start <= atIso).at(-1);
  if (last) return last;
  const today = factoryDate(at, ctx.tz);
  const candidates = [addDays(today, -1), today].flatMap((date) =>
    DEFAULT_SHIFTS.map((s) => ({
      date,
      shift_id: s.shift_id,
      name: s.name,
      start: zonedInstant(date, s.start, ctx.tz),
      end: zonedInstant(s.nextDay ? addDays(date, 1) : date, s.end, ctx.tz),
      worked: true,
    })),
  );
  return candidates.filter((s) => s.start <= atIso).at(-1)!;
}
