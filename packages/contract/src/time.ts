import { TZDate, tzOffset } from '@date-fns/tz';

/**
 * Factory-local calendar helpers (docs/decisions/001-time-storage.md). Instants travel as ISO strings in UTC;
 * calendar dates as 'YYYY-MM-DD' in the factory's zone. Plain dates are handled as UTC midnights so
 * that adding days never crosses a daylight-saving change.
 */
export const DEFAULT_FACTORY_TZ = 'Europe/Madrid';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The factory-local calendar date of an instant. */
export function factoryDate(instant: Date | string | number, tz: string): string {
  const d = new TZDate(new Date(instant).getTime(), tz);
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The factory-local month 'YYYY-MM' of an instant. */
export function factoryMonth(instant: Date | string | number, tz: string): string {
  return factoryDate(instant, tz).slice(0, 7);
}

/** The factory-local wall-clock time 'HH:mm' of an instant. */
export function factoryTime(instant: Date | string | number, tz: string): string {
  const d = new TZDate(new Date(instant).getTime(), tz);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Minutes east of UTC of the zone at an instant. */
function offsetMinutes(tz: string, epochMs: number): number {
  return tzOffset(tz, new Date(epochMs));
}

/**
 * The UTC instant (ISO string) of a factory-local date and 'HH:mm' (or 'HH:mm:ss').
 * Daylight-saving edges follow the 'compatible' rule of Temporal and RFC 5545: a wall-clock time that
 * does not exist (the spring gap, 02:30 on the last Sunday of March in Madrid) is pushed forward by the
 * gap's length (03:30 summer time); a time that happens twice (the autumn overlap) means its first
 * occurrence (summer time).
 */
export function zonedInstant(date: string, time: string, tz: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm, ss);
  // The zone's offsets a day either side cover every transition that can affect this wall time.
  const before = offsetMinutes(tz, wall - 86_400_000);
  const after = offsetMinutes(tz, wall + 86_400_000);
  const matches = [...new Set([before, after])]
    .map((offset) => wall - offset * 60_000)
    .filter((instant) => instant + offsetMinutes(tz, instant) * 60_000 === wall)
    .sort((a, b) => a - b);
  const instant = matches[0] ?? wall - before * 60_000;
  return new Date(instant).toISOString();
}

/** The instant at which a factory-local day starts. */
export function startOfFactoryDay(date: string, tz: string): string {
  return zonedInstant(date, '00:00', tz);
}

/** Adds whole days to a plain 'YYYY-MM-DD'. */
export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Adds whole months to a 'YYYY-MM'. */
export function addMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  // A year before 1000 keeps its four digits ('0154-12'), as the month format and Date.parse need.
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${pad((index % 12) + 1)}`;
}

/** ISO weekday of a plain date: 1 = Monday ... 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Monday of the week a plain date belongs to (weeks start on Monday; Sunday closes the week). */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

export const DAY_FILTERS = ['currentWeek', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type DayFilter = (typeof DAY_FILTERS)[number];

/**
 * The inclusive date range a day filter selects, relative to the factory's today:
 * currentWeek = Monday to Saturday of this week, a weekday = that day of this week.
 */
export function dayFilterRange(filter: DayFilter, today: string): { startDate: string; endDate: string } {
  const monday = mondayOf(today);
  if (filter === 'currentWeek') return { startDate: monday, endDate: addDays(monday, 5) };
  const day = addDays(monday, DAY_FILTERS.indexOf(filter) - 1);
  return { startDate: day, endDate: day };
}

/** The factory's today. */
export function factoryToday(tz: string, now: Date = new Date()): string {
  return factoryDate(now, tz);
}
