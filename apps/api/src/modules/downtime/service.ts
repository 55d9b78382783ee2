import type { DowntimeAnalysis, downtimeQuery } from '@portal/contract/downtime';
import { downtimeMessages } from '@portal/contract/downtime';
import { addDays, addMonths, factoryToday, startOfFactoryDay } from '@portal/contract/time';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import { andonFigures } from '../andon/service';
import { arcosSince } from '../arcos/service';
import { listMotivos } from '../motivos/service';
import { finishedStopsOverlapping } from '../paradas/service';
import { breakMs, instancesAtNave, splitStops, type TimedInstance, timed, weeklyMinutes, workedOverlapMs } from '../shifts/service';
import * as repo from './repository';

// 'Arco 2' before 'Arco 10', as on the plant board.
const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });

const DAY_MS = 86_400_000;
const minutes = (ms: number) => Math.round(ms / 60_000);
const availabilityOf = (downtime: number, planned: number, plannedStops: number) => {
  const base = planned - plannedStops;
  return base > 0 ? Math.max(0, Math.round((1 - downtime / base) * 10_000) / 10_000) : null;
};

/**
 * The downtime analysis of a month and nave (docs/decisions/040-shift-calendar.md): the worked shifts
 * of the calendar that start in the month, up to now, are the planned time (breaks left out); the
 * finished stops are split at the shifts' boundaries, and only their parts inside worked shift time
 * count. Stops with a planned motivo are shown apart and taken out of the base of availability.
 * Minutes by motivo (largest first, with the cumulative share: a Pareto), by station and by shift;
 * `shift` restricts every figure to one shift. Machine micro-stops are counted apart (the monthly
 * rollup) and left out of the rest.
 */
export async function downtimeAnalysis(ctx: ServiceContext, query: z.output<typeof downtimeQuery>): Promise<DowntimeAnalysis> {
  const monthStart = Date.parse(startOfFactoryDay(`${query.month}-01`, ctx.tz));
  const nextMonth = Date.parse(startOfFactoryDay(`${addMonths(query.month, 1)}-01`, ctx.tz));
  const arcos = await arcosSince(ctx, query.nave);
  const [rows, names, andon, instances] = await Promise.all([
    repo.monthRollup(
      ctx.db,
      query.month,
      arcos.map((a) => a.id),
    ),
    listMotivos(ctx),
    andonFigures(ctx, query.month, query.nave, downtimeMessages.noMotivo),
    instancesAtNave(ctx, new Date(monthStart), new Date(nextMonth + DAY_MS), query.nave),
  ]);
  const shiftId = query.shift === undefined ? null : Number(query.shift);
  // Every worked occurrence the month's stops may touch, the neighbouring months' included: a minute
  // inside one belongs to it (and to its month), so only the month's own count; a minute outside every
  // shift belongs to the month it lies in (docs/decisions/056-shift-figures-across-a-month.md).
  const now = Date.now();
  const worked = timed(
    instances.filter((i) => i.worked),
    now,
  );
  const inMonth = (t: TimedInstance) => t.instance.date.startsWith(query.month);
  const counted = (t: TimedInstance) => inMonth(t) && (shiftId === null || t.instance.shift_id === shiftId);
  const own = worked.filter(inMonth);
  const window = { start: monthStart, end: Math.min(nextMonth, now) };
  const readFrom = Math.min(window.start, own[0]?.start ?? window.start);
  const readTo = Math.max(window.end, own.at(-1)?.end ?? window.end);
  const stops =
    readFrom < readTo
      ? await finishedStopsOverlapping(ctx, query.nave, {
          from: new Date(readFrom).toISOString(),
          to: new Date(readTo).toISOString(),
          fromDate: addDays(`${query.month}-01`, -1),
          toDate: addDays(`${addMonths(query.month, 1)}-01`, 1),
        })
      : [];
  const split = splitStops(stops, worked, {
    counts: counted,
    planned: new Set(names.filter((m) => m.planned).map((m) => m.id)),
    window,
  });

  const nameOf = new Map(names.map((m) => [m.id, m.name]));
  const motivoName = (id: number) => (id === 0 ? downtimeMessages.noMotivo : (nameOf.get(id) ?? '?'));
  const microByArco = new Map<number, { minutes: number; stops: number }>();
  const micro = { minutes: 0, stops: 0 };
  for (const r of rows) {
    const m = microByArco.get(r.arco_id) ?? { minutes: 0, stops: 0 };
    m.minutes += Number(r.micro_minutes);
    m.stops += Number(r.micro_stops);
    microByArco.set(r.arco_id, m);
    micro.minutes += Number(r.micro_minutes);
    micro.stops += Number(r.micro_stops);
  }

  // The planned time of one station per shift (the same for every station of the nave).
  const perShift = new Map<number, { name: string; planned: number; breaks: number }>();
  for (const t of own) {
    if (!counted(t)) continue;
    const breaks = breakMs(t);
    const f = perShift.get(t.instance.shift_id) ?? { name: t.instance.name, planned: 0, breaks: 0 };
    f.name = t.instance.name;
    f.planned += t.end - t.start - breaks;
    f.breaks += breaks;
    perShift.set(t.instance.shift_id, f);
  }
  // An arco is planned from its creation on (one created tonight has no planned time before it): each
  // station's planned time and breaks per shift, the same for every station that existed all month.
  const whole = new Map([...perShift].map(([id, f]) => [id, { planned: f.planned, breaks: f.breaks }]));
  const plannedSince = (from: number) => {
    if (own.length === 0 || from <= own[0].start) return whole;
    const byId = new Map<number, { planned: number; breaks: number }>();
    for (const t of own) {
      if (!counted(t) || t.end <= from) continue;
      const start = Math.max(t.start, from);
      const inside = workedOverlapMs(t, start, t.end);
      const f = byId.get(t.instance.shift_id) ?? { planned: 0, breaks: 0 };
      f.planned += inside;
      f.breaks += t.end - start - inside;
      byId.set(t.instance.shift_id, f);
    }
    return byId;
  };
  const plannedByArco = new Map(arcos.map((a) => [a.id, plannedSince(a.since)]));
  const sumOf = (m: Map<number, { planned: number; breaks: number }>, key: 'planned' | 'breaks') =>
    [...m.values()].reduce((sum, f) => sum + f[key], 0);

  const byShift = new Map<number, { unplanned: number; planned: number }>();
  const stations = arcos
    .map((a) => {
      let unplanned = 0;
      let plannedStops = 0;
      for (const [id, f] of split.byArcoShift.get(a.id) ?? []) {
        unplanned += f.unplanned;
        plannedStops += f.planned;
        const s = byShift.get(id) ?? { unplanned: 0, planned: 0 };
        s.unplanned += f.unplanned;
        s.planned += f.planned;
        byShift.set(id, s);
      }
      const m = minutes(unplanned);
      const p = minutes(plannedStops);
      const own = plannedByArco.get(a.id) ?? whole;
      const planned = sumOf(own, 'planned');
      const breaks = sumOf(own, 'breaks');
      return {
        arco_id: a.id,
        name: a.name,
        minutes: m,
        planned_minutes: minutes(planned),
        availability: availabilityOf(m, minutes(planned), p),
        planned_stop_minutes: p,
        break_minutes: minutes(breaks),
        outside_minutes: minutes(split.outside.get(a.id) ?? 0),
      };
    })
    .sort((a, b) => collator.compare(a.name, b.name) || a.arco_id - b.arco_id);

  const shifts = [...perShift.entries()]
    .map(([id, f]) => {
      const s = byShift.get(id) ?? { unplanned: 0, planned: 0 };
      let planned = 0;
      let breaks = 0;
      for (const a of plannedByArco.values()) {
        planned += a.get(id)?.planned ?? 0;
        breaks += a.get(id)?.breaks ?? 0;
      }
      const shiftPlanned = minutes(planned);
      return {
        shift_id: id,
        name: f.name,
        planned_minutes: shiftPlanned,
        break_minutes: minutes(breaks),
        minutes: minutes(s.unplanned),
        planned_stop_minutes: minutes(s.planned),
        availability: availabilityOf(minutes(s.unplanned), shiftPlanned, minutes(s.planned)),
      };
    })
    .sort((a, b) => a.shift_id - b.shift_id);

  const total = stations.reduce((sum, a) => sum + a.minutes, 0);
  let running = 0;
  const motivos = [...split.unplannedByMotivo.entries()]
    .map(([id, ms]) => ({ motivo_id: id === 0 ? null : id, name: motivoName(id), minutes: minutes(ms) }))
    .filter((m) => m.minutes > 0)
    .sort((a, b) => b.minutes - a.minutes || collator.compare(a.name, b.name))
    .map((m) => {
      running += m.minutes;
      return { ...m, cumulative_percent: total ? Math.min(100, Math.round((running / total) * 1000) / 10) : 0 };
    });
  const plannedMotivos = [...split.plannedByMotivo.entries()]
    .map(([id, ms]) => ({ motivo_id: id === 0 ? null : id, name: motivoName(id), minutes: minutes(ms) }))
    .filter((m) => m.minutes > 0)
    .sort((a, b) => b.minutes - a.minutes || collator.compare(a.name, b.name));
  const microArcos = stations
    .map((a) => ({ arco_id: a.arco_id, name: a.name, ...microByArco.get(a.arco_id) }))
    .filter((a): a is { arco_id: number; name: string; minutes: number; stops: number } => (a.stops ?? 0) > 0);
  const noMotivo = motivos.find((m) => m.motivo_id === null)?.minutes ?? 0;
  return {
    month: query.month,
    nave: query.nave,
    total_minutes: total,
    no_motivo_percent: total ? Math.round((noMotivo / total) * 1000) / 10 : 0,
    motivos,
    arcos: stations,
    micro_stops: { ...micro, arcos: microArcos },
    andon,
    shift_id: shiftId,
    shifts,
    planned_stops: { minutes: plannedMotivos.reduce((sum, m) => sum + m.minutes, 0), motivos: plannedMotivos },
  };
}

/**
 * The hours per weekday of the plant-wide calendar in force today (the old setting's read). Its write is
 * retired: the shift calendar is the one place the working time is edited
 * (docs/decisions/056-shift-figures-across-a-month.md).
 */
export async function getPlannedHours(ctx: ServiceContext): Promise<{ hours: number[] }> {
  return { hours: (await weeklyMinutes(ctx.db, factoryToday(ctx.tz))).map((m) => m / 60) };
}
