import { STATS_MONTHS } from '@portal/contract/dashboard';
import { addMonths, factoryToday } from '@portal/contract/time';
import type { ServiceContext } from '../../context';
import * as repo from './repository';

/** The last `count` factory-local months 'YYYY-MM', oldest first, ending with the current one. */
export function lastMonths(tz: string, count: number, now: Date = new Date()): string[] {
  const current = factoryToday(tz, now).slice(0, 7);
  return Array.from({ length: count }, (_, i) => addMonths(current, i - (count - 1)));
}

/** Every month of the window, with zeros where the rollup holds no row. */
function fillMonths<T extends { month: string }, R>(months: string[], rows: T[], pick: (row: T | undefined) => R) {
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return months.map((date) => ({ date, ...pick(byMonth.get(date)) }));
}

export const totals = (ctx: ServiceContext) => repo.totals(ctx.db);

/** The only period is monthly: the last STATS_MONTHS factory-local months, the current one included. */
export async function tramosStats(ctx: ServiceContext) {
  const months = lastMonths(ctx.tz, STATS_MONTHS);
  const rows = await repo.tramosByMonth(ctx.db, months[0], months[months.length - 1]);
  return fillMonths(months, rows, (r) => ({ count: r?.count ?? 0 }));
}

export async function kaiserStopsStats(ctx: ServiceContext) {
  const months = lastMonths(ctx.tz, STATS_MONTHS);
  const rows = await repo.paradasByMonth(ctx.db, months[0], months[months.length - 1]);
  return fillMonths(months, rows, (r) => ({ count: r?.count ?? 0, total_duration: r?.total_duration ?? 0 }));
}

export async function topUsersByTramos(ctx: ServiceContext, limit: number) {
  return (await repo.topUsers(ctx.db, 'tramo_count', limit)).map((r) => ({ name: r.name, tramo_count: r.count }));
}

export async function topUsersByKaiserStops(ctx: ServiceContext, limit: number) {
  return (await repo.topUsers(ctx.db, 'kaiser_stop_count', limit)).map((r) => ({ name: r.name, kaiser_stop_count: r.count }));
}
