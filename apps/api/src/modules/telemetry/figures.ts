import { type FiguresResponse, type figuresQuery, telemetryMessages as m } from '@portal/contract/telemetry';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import type { TelemetryRunsTable } from '../../db/types-telemetry';
import { badRequest } from '../../lib/errors';
import { allArcos } from '../arcos/service';
import { arcoParadasOverlapping } from '../paradas/service';
import { instancesAtNave, timed, workedOverlapMs } from '../shifts/service';
import { firstPassOf } from '../welds/service';
import * as figuresRepo from './figures-repository';
import { round } from './summary';

// The arcos' and operators' figures per worked shift: arc-on share and OEE
// (docs/decisions/081-weld-figures-and-retention.md).

const dayStart = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * Per arco and worked shift of its nave's calendar (decision 040): planned time (the shift less its
 * breaks), stops (its paradas' worked part; micro-stops are left to performance as decision 020 leaves
 * them out of availability), arc time, length and wire from the per-minute rows, nominal time (each
 * pass's length in the shift at the mid of its pass's speed range), first-pass seams of the circulares
 * welded in it; availability = (planned − stops) ÷ planned, performance = nominal ÷ run time, quality =
 * first-pass ÷ inspected, OEE their product. Per operator and shift: their passes' arc time ÷ planned.
 */
export async function figures(ctx: ServiceContext, q: z.output<typeof figuresQuery>, nowMs = Date.now()): Promise<FiguresResponse> {
  if (q.from > q.to) throw badRequest(m.rangeInvalid);
  // A day either side: the factory's zone moves a day's shifts off UTC midnight.
  const from = new Date(dayStart(q.from).getTime() - 86_400_000);
  const to = new Date(dayStart(q.to).getTime() + 2 * 86_400_000);
  const arcos = (await allArcos(ctx.db)).filter((a) => q.nave === undefined || a.nave === q.nave);
  const ids = arcos.map((a) => a.id);
  const [minutes, runs, stops] = await Promise.all([
    figuresRepo.minutesBetween(ctx.db, ids, Math.floor(from.getTime() / 60_000), Math.ceil(to.getTime() / 60_000)),
    figuresRepo.runsBetween(ctx.db, ids, from.getTime(), to.getTime()),
    arcoParadasOverlapping(ctx.db, ids, from.toISOString(), to.toISOString()),
  ]);
  const active = new Set([...minutes.map((r) => r.arco_sumergido_id), ...runs.map((r) => r.arco_sumergido_id)]);
  const out: FiguresResponse = { arcos: [], operators: [] };
  const byNave = new Map<string, ReturnType<typeof timed>>();
  for (const arco of arcos.filter((a) => active.has(a.id)).sort((a, b) => a.name.localeCompare(b.name))) {
    let instances = byNave.get(arco.nave);
    if (!instances) {
      instances = timed(
        (await instancesAtNave(ctx, from, to, arco.nave)).filter((i) => i.worked && i.date >= q.from && i.date <= q.to),
        nowMs,
      );
      byNave.set(arco.nave, instances);
    }
    for (const t of instances) {
      const planned = workedOverlapMs(t, t.start, t.end);
      if (planned <= 0) continue;
      const stopMs = stops
        .filter((s) => s.arco_sumergido_id === arco.id && !s.micro_stop)
        .reduce((sum, s) => sum + workedOverlapMs(t, Date.parse(s.start_time), s.end_time ? Date.parse(s.end_time) : nowMs), 0);
      const mins = minutes.filter((r) => r.arco_sumergido_id === arco.id && r.minute * 60_000 >= t.start && r.minute * 60_000 < t.end);
      const arcMs = mins.reduce((sum, r) => sum + r.arc_ms, 0);
      const lengthMm = mins.reduce((sum, r) => sum + r.length_mm, 0);
      const wireM = mins.reduce((sum, r) => sum + r.wire_m, 0);
      const inShift = runs
        .filter((r) => r.arco_sumergido_id === arco.id)
        .map((r) => ({ r, share: shareIn(r, t, nowMs) }))
        .filter((x) => x.share > 0);
      const nominalMs = inShift.reduce(
        (sum, { r, share }) => sum + (r.nominal_speed ? ((r.length_mm * share) / r.nominal_speed) * 60_000 : 0),
        0,
      );
      const tramos = [...new Set(inShift.flatMap(({ r }) => (r.tramo_id === null ? [] : [r.tramo_id])))];
      const fp = await firstPassOf(ctx.db, tramos);
      const runMs = planned - stopMs;
      const availability = runMs / planned;
      const performance = runMs > 0 ? nominalMs / runMs : null;
      const quality = fp.inspected > 0 ? fp.first_pass / fp.inspected : null;
      out.arcos.push({
        arco_sumergido_id: arco.id,
        arco: arco.name,
        date: t.instance.date,
        shift: t.instance.name,
        planned_seconds: planned / 1000,
        stop_seconds: stopMs / 1000,
        run_seconds: runMs / 1000,
        arc_seconds: round(arcMs / 1000, 1),
        arc_on_share: round(arcMs / planned, 4),
        length_m: round(lengthMm / 1000, 3),
        deposited_kg: round(wireM * ctx.telemetry.wireKgPerM, 3),
        nominal_seconds: round(nominalMs / 1000, 1),
        availability: round(availability, 4),
        performance: performance === null ? null : round(performance, 4),
        inspected_seams: fp.inspected,
        first_pass_seams: fp.first_pass,
        quality: quality === null ? null : round(quality, 4),
        oee: performance === null || quality === null ? null : round(availability * performance * quality, 4),
      });
      const operators = new Map<number, { name: string; arcMs: number }>();
      for (const { r, share } of inShift) {
        if (r.operator_id === null) continue;
        const o = operators.get(r.operator_id) ?? { name: r.operator_name ?? '', arcMs: 0 };
        o.arcMs += r.arc_ms * share;
        operators.set(r.operator_id, o);
      }
      for (const [operatorId, o] of operators) {
        out.operators.push({
          operator_id: operatorId,
          operator: o.name,
          date: t.instance.date,
          shift: t.instance.name,
          planned_seconds: planned / 1000,
          arc_seconds: round(o.arcMs / 1000, 1),
          arc_on_share: round(o.arcMs / planned, 4),
        });
      }
    }
  }
  return out;
}

/** The share of a pass's time inside a shift instance. */
function shareIn(r: Pick<TelemetryRunsTable, 'started_ms' | 'ended_ms'>, t: { start: number; end: number }, nowMs: number): number {
  const end = r.ended_ms ?? nowMs;
  const span = end - r.started_ms;
  if (span <= 0) return r.started_ms >= t.start && r.started_ms < t.end ? 1 : 0;
  return Math.max(0, Math.min(end, t.end) - Math.max(r.started_ms, t.start)) / span;
}
