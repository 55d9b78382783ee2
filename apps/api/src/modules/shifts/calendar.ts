import { minuteOfDay, minutesIntoShift, type ShiftBreak, type ShiftInstance } from '@portal/contract/shifts';
import { addDays, factoryDate, isoWeekday, zonedInstant } from '@portal/contract/time';

/**
 * The calendar's arithmetic, free of the database (docs/decisions/040-shift-calendar.md): which shift
 * occurrences a range holds, and how an interval splits over them. Wall-clock times become instants
 * through `zonedInstant`, so a night shift over a daylight-saving change lasts 7 h or 9 h.
 */
export interface CalendarVersion {
  shiftId: number;
  effectiveFrom: string;
  name: string;
  naveId: number | null;
  /** Bits 1 << (ISO weekday - 1) of the days it starts on. */
  weekdays: number;
  start: string;
  end: string;
  breaks: ShiftBreak[];
  active: boolean;
}

/** Each shift's versions, oldest first. */
export type Calendar = Map<number, CalendarVersion[]>;

export interface ClosureKey {
  date: string;
  shift_id: number | null;
}

/** The version of a shift in force on a factory date (undefined before its first). */
export function versionOn(versions: CalendarVersion[], date: string): CalendarVersion | undefined {
  let found: CalendarVersion | undefined;
  for (const v of versions) {
    if (v.effectiveFrom > date) break;
    found = v;
  }
  return found;
}

export const weekdayMask = (weekdays: number[]) => weekdays.reduce((mask, d) => mask | (1 << (d - 1)), 0);
export const weekdaysOf = (mask: number) => [1, 2, 3, 4, 5, 6, 7].filter((d) => mask & (1 << (d - 1)));

// A factory date and a wall-clock time always make the same instant, and the occurrences of a month
// are built again on every read of the analysis: each pair is computed once (a few per shift and day).
const instants = new Map<string, string>();

function wallInstant(day: string, time: string, tz: string): string {
  const key = `${tz} ${day} ${time}`;
  let found = instants.get(key);
  if (found === undefined) {
    if (instants.size >= 100_000) instants.clear();
    found = zonedInstant(day, time, tz);
    instants.set(key, found);
  }
  return found;
}

/** The instant of a time of day inside the shift that starts at `start` on `day`. */
function instantInShift(day: string, start: string, time: string, tz: string): string {
  const next = minuteOfDay(start) + minutesIntoShift(start, time) >= 1440;
  return wallInstant(next ? addDays(day, 1) : day, time, tz);
}

/**
 * The occurrences of the calendar's shifts that overlap [fromMs, toMs), ordered by start. `naveId`
 * undefined or null: the shifts of every nave only; a nave: those plus the nave's own.
 */
export function instancesBetween(
  calendar: Calendar,
  closures: ClosureKey[],
  fromMs: number,
  toMs: number,
  tz: string,
  naveId?: number | null,
): ShiftInstance[] {
  const closed = new Set(closures.map((c) => `${c.date}|${c.shift_id ?? '*'}`));
  const out: ShiftInstance[] = [];
  const lastDay = factoryDate(toMs, tz);
  // A shift of the day before may still run at fromMs.
  for (let day = addDays(factoryDate(fromMs, tz), -1); day <= lastDay; day = addDays(day, 1)) {
    const bit = 1 << (isoWeekday(day) - 1);
    for (const [shiftId, versions] of calendar) {
      const v = versionOn(versions, day);
      if (!v?.active || !(v.weekdays & bit)) continue;
      if (v.naveId !== null && v.naveId !== (naveId ?? null)) continue;
      const start = wallInstant(day, v.start, tz);
      const end = instantInShift(day, v.start, v.end, tz);
      if (Date.parse(end) <= fromMs || Date.parse(start) >= toMs) continue;
      out.push({
        date: day,
        shift_id: shiftId,
        name: v.name,
        start,
        end,
        worked: !closed.has(`${day}|*`) && !closed.has(`${day}|${shiftId}`),
        breaks: v.breaks.map((b) => ({ start: instantInShift(day, v.start, b.start, tz), end: instantInShift(day, v.start, b.end, tz) })),
      });
    }
  }
  return out.sort((a, b) => a.start.localeCompare(b.start) || a.shift_id - b.shift_id);
}

/** The shifts that overlap each other (different shifts whose times cross), as a pair of names. */
export function firstOverlap(instances: ShiftInstance[]): [ShiftInstance, ShiftInstance] | null {
  let latest: ShiftInstance | null = null;
  for (const inst of instances) {
    if (latest && inst.start < latest.end && inst.shift_id !== latest.shift_id) return [latest, inst];
    if (!latest || inst.end > latest.end) latest = inst;
  }
  return null;
}

const overlapMs = (aStart: number, aEnd: number, bStart: number, bEnd: number) =>
  Math.max(0, Math.min(aEnd, bEnd) - Math.max(aStart, bStart));

/** An instance in epoch milliseconds, cut at `untilMs` (time still to come is not yet scheduled). */
export interface TimedInstance {
  instance: ShiftInstance;
  start: number;
  end: number;
  breaks: { start: number; end: number }[];
}

export function timed(instances: ShiftInstance[], untilMs = Number.POSITIVE_INFINITY): TimedInstance[] {
  return instances
    .map((instance) => ({
      instance,
      start: Date.parse(instance.start),
      end: Math.min(Date.parse(instance.end), untilMs),
      breaks: instance.breaks.map((b) => ({ start: Date.parse(b.start), end: Math.min(Date.parse(b.end), untilMs) })),
    }))
    .filter((t) => t.end > t.start);
}

/** The milliseconds of an instance's breaks (cut at its end). */
export const breakMs = (t: TimedInstance) => t.breaks.reduce((sum, b) => sum + overlapMs(b.start, b.end, t.start, t.end), 0);

/**
 * The milliseconds of [startMs, endMs) inside an instance and outside its breaks: the part of a stop
 * that counts for that shift. A stop over a boundary is split there, each shift taking its own part.
 */
export function workedOverlapMs(t: TimedInstance, startMs: number, endMs: number): number {
  const inside = overlapMs(startMs, endMs, t.start, t.end);
  if (inside === 0) return 0;
  let breaks = 0;
  for (const b of t.breaks) breaks += overlapMs(Math.max(startMs, t.start), Math.min(endMs, t.end), b.start, b.end);
  return inside - breaks;
}

/**
 * The index of the first instance (of a list ordered by start) that ends after `ms`: where the instances
 * overlapping an interval that starts at `ms` begin. A binary search; instances never overlap one
 * another for one nave, so their ends are ordered like their starts.
 */
export function firstEndingAfter(list: TimedInstance[], ms: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].end <= ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
