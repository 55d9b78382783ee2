import type { DowntimeAnalysis, downtimeQuery } from '@portal/contract/downtime';
import { downtimeMessages } from '@portal/contract/downtime';
import { addDays, factoryToday, isoWeekday } from '@portal/contract/time';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { andonFigures } from '../andon/service';
import { listArcos } from '../arcos/service';
import { recordAudit } from '../audit/service';
import * as repo from './repository';

// 'Arco 2' before 'Arco 10', as on the plant board.
const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });

/**
 * Planned minutes of one station in a month: the planned time of each of its days, up to today for
 * the current month (the days still to come have not been worked), none for a future month.
 */
export function plannedInMonth(month: string, perWeekday: number[], today: string): number {
  let total = 0;
  for (let day = `${month}-01`; day.startsWith(month) && day <= today; day = addDays(day, 1)) {
    total += perWeekday[isoWeekday(day) - 1];
  }
  return total;
}

/**
 * The downtime analysis of a month and nave, from the monthly rollup: minutes by motivo (largest
 * first, with the cumulative share: a Pareto), minutes and availability by station. Machine
 * micro-stops are counted apart (minutes and count per station) and left out of the rest.
 */
export async function downtimeAnalysis(ctx: ServiceContext, query: z.output<typeof downtimeQuery>): Promise<DowntimeAnalysis> {
  const [rows, names, perWeekday, arcos, andon] = await Promise.all([
    repo.monthRollup(ctx.db, query.month, query.nave),
    repo.motivoNames(ctx.db),
    repo.plannedMinutes(ctx.db),
    listArcos(ctx, query.nave),
    andonFigures(ctx, query.month, query.nave, downtimeMessages.noMotivo),
  ]);
  const nameOf = new Map(names.map((m) => [m.id, m.name]));
  const byMotivo = new Map<number, number>();
  const byArco = new Map<number, number>();
  const microByArco = new Map<number, { minutes: number; stops: number }>();
  let total = 0;
  const micro = { minutes: 0, stops: 0 };
  for (const r of rows) {
    const minutes = Number(r.minutes);
    const m = microByArco.get(r.arco_id) ?? { minutes: 0, stops: 0 };
    m.minutes += Number(r.micro_minutes);
    m.stops += Number(r.micro_stops);
    microByArco.set(r.arco_id, m);
    micro.minutes += Number(r.micro_minutes);
    micro.stops += Number(r.micro_stops);
    if (minutes <= 0) continue;
    byMotivo.set(r.motivo_id, (byMotivo.get(r.motivo_id) ?? 0) + minutes);
    byArco.set(r.arco_id, (byArco.get(r.arco_id) ?? 0) + minutes);
    total += minutes;
  }
  let running = 0;
  const motivos = [...byMotivo.entries()]
    .map(([id, minutes]) => ({
      motivo_id: id === 0 ? null : id,
      name: id === 0 ? downtimeMessages.noMotivo : (nameOf.get(id) ?? '?'),
      minutes,
    }))
    .sort((a, b) => b.minutes - a.minutes || collator.compare(a.name, b.name))
    .map((m) => {
      running += m.minutes;
      return { ...m, cumulative_percent: total ? Math.round((running / total) * 1000) / 10 : 0 };
    });
  const planned = plannedInMonth(query.month, perWeekday, factoryToday(ctx.tz));
  const stations = arcos
    .map((a) => {
      const minutes = byArco.get(a.id) ?? 0;
      const availability = planned > 0 ? Math.max(0, Math.round((1 - minutes / planned) * 10_000) / 10_000) : null;
      return { arco_id: a.id, name: a.name, minutes, planned_minutes: planned, availability };
    })
    .sort((a, b) => collator.compare(a.name, b.name) || a.arco_id - b.arco_id);
  const microArcos = stations
    .map((a) => ({ arco_id: a.arco_id, name: a.name, ...microByArco.get(a.arco_id) }))
    .filter((a): a is { arco_id: number; name: string; minutes: number; stops: number } => (a.stops ?? 0) > 0);
  return {
    month: query.month,
    nave: query.nave,
    total_minutes: total,
    no_motivo_percent: total ? Math.round(((byMotivo.get(0) ?? 0) / total) * 1000) / 10 : 0,
    motivos,
    arcos: stations,
    micro_stops: { ...micro, arcos: microArcos },
    andon,
  };
}

export async function getPlannedHours(ctx: ServiceContext): Promise<{ hours: number[] }> {
  return { hours: (await repo.plannedMinutes(ctx.db)).map((m) => m / 60) };
}

/** The audit rows of the planned hours name the one weekly plan by this id. */
export const PLANNED_HOURS_AUDIT_ID = 1;

export async function setPlannedHours(ctx: ServiceContext, actor: AuthUser, hours: number[]): Promise<{ hours: number[] }> {
  const minutes = hours.map((h) => Math.round(h * 60));
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.plannedMinutes(trx);
    await repo.savePlannedMinutes(trx, minutes);
    await recordAudit(trx, {
      actor,
      entity: 'planned_hours',
      entityId: PLANNED_HOURS_AUDIT_ID,
      action: 'update',
      before: { hours: before.map((m) => m / 60) },
      after: { hours: minutes.map((m) => m / 60) },
    });
  });
  return getPlannedHours(ctx);
}
