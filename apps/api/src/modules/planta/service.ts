import { durationMinutes } from '@portal/contract/paradas';
import type { PlantaArco, PlantaNave } from '@portal/contract/planta';
import { addDays, factoryToday, startOfFactoryDay } from '@portal/contract/time';
import type { ServiceContext } from '../../context';
import { plantaAndon } from '../andon/service';
import { allArcos } from '../arcos/service';
import { listBindings } from '../machines/service';
import * as paradas from '../paradas/service';
import { currentShift, splitStops, timed } from '../shifts/service';
import { weldNow } from '../telemetry/service';
import { plantaTerminals } from '../terminals/service';

// 'Arco 2' before 'Arco 10', the same on both engines whatever their collation.
const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });

/**
 * The plant board: every station grouped by nave, stopped while any stop is active there (showing
 * the earliest), with today's stop minutes: finished stops dated today plus the part of each active
 * stop that falls within today. `byShift` adds each nave's current shift and the minutes in it.
 */
export async function plantaBoard(ctx: ServiceContext, now: Date = new Date(), byShift = false): Promise<PlantaNave[]> {
  const today = factoryToday(ctx.tz, now);
  const dayStart = startOfFactoryDay(today, ctx.tz);
  const nowIso = now.toISOString();
  const arcosRead = allArcos(ctx.db);
  const [arcos, active, finished, bindings, micro, calls, terminals, welds] = await Promise.all([
    arcosRead,
    paradas.listActiveParadas(ctx),
    paradas.finishedMinutesOn(ctx, today),
    listBindings(ctx.db),
    paradas.microStopsOn(ctx, today),
    plantaAndon(ctx),
    plantaTerminals(ctx, now.getTime()),
    arcosRead.then((all) =>
      weldNow(
        ctx,
        all.map((a) => a.id),
        now.getTime(),
      ),
    ),
  ]);
  const microStops = new Map(micro.map((m) => [m.arco_sumergido_id, Number(m.n)]));
  const silenceMs = ctx.machines.silenceSeconds * 1000;
  const signals = new Map(
    bindings.map((b) => {
      const last = b.last_report_at ?? null;
      const silent = last === null || now.getTime() - Date.parse(last) >= silenceMs;
      return [b.arco_sumergido_id, { last_report_at: last, silent, silence_seconds: ctx.machines.silenceSeconds }];
    }),
  );

  const minutes = new Map<number, number>();
  for (const row of finished) minutes.set(row.arco_sumergido_id, Number(row.minutes ?? 0));
  const firstActive = new Map<number, (typeof active)[number]>();
  for (const parada of active) {
    // Older data may hold several running stops at one arco: the earliest covers the others' time.
    if (firstActive.has(parada.arco_sumergido_id)) continue;
    firstActive.set(parada.arco_sumergido_id, parada);
    const from = new Date(Math.max(Date.parse(parada.start_time), Date.parse(dayStart))).toISOString();
    const running = Math.max(0, durationMinutes(from, nowIso));
    minutes.set(parada.arco_sumergido_id, (minutes.get(parada.arco_sumergido_id) ?? 0) + running);
  }

  const byNave = new Map<string, PlantaArco[]>();
  for (const arco of arcos) {
    const parada = firstActive.get(arco.id);
    const ofNave = byNave.get(arco.nave) ?? [];
    ofNave.push({
      id: arco.id,
      name: arco.name,
      status: parada ? 'stopped' : 'running',
      active_stop: parada
        ? {
            id: parada.id,
            user_name: parada.user_name,
            start_time: parada.start_time,
            // Only a machine's stop says so: a worker's keeps the answer it always had.
            ...(parada.source === 'machine' ? { source: parada.source } : {}),
          }
        : null,
      today_minutes: minutes.get(arco.id) ?? 0,
      ...(signals.has(arco.id) ? { signal: signals.get(arco.id) } : {}),
      ...(microStops.has(arco.id) ? { micro_stops_today: microStops.get(arco.id) } : {}),
      // Only an arco with open andon calls says so (docs/decisions/043-andon.md).
      ...(calls.has(arco.id) ? { andon: calls.get(arco.id) } : {}),
      // Only an arco with a station terminal says so (docs/decisions/036-station-terminal.md).
      ...(terminals.has(arco.id) ? { terminals: terminals.get(arco.id) } : {}),
      // Only an arco whose weld telemetry sent a sample in the last seconds (docs/decisions/090-arc-on-board-and-timeline.md).
      ...(welds.has(arco.id) ? { weld: welds.get(arco.id) } : {}),
    });
    byNave.set(arco.nave, ofNave);
  }
  const naves = [...byNave.entries()].sort(([a], [b]) => collator.compare(a, b));
  const sorted = naves.map(([nave, ofNave]) => ({ nave, arcos: ofNave.sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id) }));
  if (!byShift) return sorted;
  const shifts = await Promise.all(naves.map(([nave]) => shiftFigures(ctx, nave, now, [...firstActive.values()])));
  return sorted.map(({ nave, arcos: ofNave }, i) => {
    const { shift, minutes: inShift } = shifts[i];
    for (const arco of ofNave) if (shift) arco.shift_minutes = inShift.get(arco.id) ?? 0;
    return {
      nave,
      arcos: ofNave,
      ...(shift
        ? { shift: { shift_id: shift.shift_id, name: shift.name, start: shift.start, end: shift.end, worked: shift.worked } }
        : { shift: null }),
    };
  });
}

/**
 * A nave's shift running now and each station's stop minutes inside it up to now: the finished stops
 * and the running ones, split at the shift's start, breaks left out (docs/decisions/040-shift-calendar.md).
 */
async function shiftFigures(ctx: ServiceContext, nave: string, now: Date, running: { arco_sumergido_id: number; start_time: string }[]) {
  const shift = await currentShift(ctx, now, nave);
  const minutes = new Map<number, number>();
  if (!shift) return { shift, minutes };
  const nowIso = now.toISOString();
  const finished = await paradas.finishedStopsOverlapping(ctx, nave, {
    from: shift.start,
    to: nowIso,
    fromDate: addDays(shift.date, -1),
    toDate: factoryToday(ctx.tz, now),
  });
  const stops = [
    ...finished,
    ...running.map((p) => ({ arco_id: p.arco_sumergido_id, motivo_id: null, start_time: p.start_time, end_time: nowIso })),
  ];
  const split = splitStops(stops, timed([shift], now.getTime()));
  for (const [arco, byShift] of split.byArcoShift) {
    const f = byShift.get(shift.shift_id);
    if (f) minutes.set(arco, Math.round((f.unplanned + f.planned) / 60_000));
  }
  return { shift, minutes };
}

/** The figures the plant is watched by (the metrics endpoint): stations stopped now and today's stops. */
export async function plantaGauges(ctx: ServiceContext, now: Date = new Date()): Promise<{ arcosStopped: number; paradasToday: number }> {
  const [stopped, today] = await Promise.all([paradas.countStoppedArcos(ctx), paradas.countParadasOn(ctx, factoryToday(ctx.tz, now))]);
  return { arcosStopped: Number(stopped.n), paradasToday: Number(today.n) };
}
