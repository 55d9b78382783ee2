import { PLANTA_WELD_WINDOW_SECONDS, type PlantaWeld } from '@portal/contract/planta';
import type { TimelineArc } from '@portal/contract/timeline';
import type { ServiceContext } from '../../context';
import * as repo from './views-repository';

// What other screens show of weld telemetry: the plant board's arc burning now and the timeline's
// arc-on stretches (docs/decisions/090-arc-on-board-and-timeline.md). Reached through service.ts.

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Per arco with a raw sample in the last PLANTA_WELD_WINDOW_SECONDS (device time, as GET
 * /api/telemetry/live): the latest one (arc, current, voltage, travel speed) and the pass not ended
 * at the arco, if any. An arco without telemetry, or silent for longer, is not in the map.
 */
export async function weldNow(ctx: ServiceContext, arcoIds: number[], nowMs = Date.now()): Promise<Map<number, PlantaWeld>> {
  const samples = await repo.latestSamplesAfter(ctx.db, arcoIds, nowMs - PLANTA_WELD_WINDOW_SECONDS * 1000);
  if (samples.length === 0) return new Map();
  const runs = await repo.openRunsAt(
    ctx.db,
    samples.map((s) => s.arco_sumergido_id),
  );
  const runAt = new Map(runs.map((r) => [r.arco_sumergido_id, r]));
  return new Map(
    samples.map((s) => {
      const run = runAt.get(s.arco_sumergido_id);
      return [
        s.arco_sumergido_id,
        {
          arc: Number(s.arc) === 1,
          at: iso(Number(s.t)),
          current: s.i,
          voltage: s.u,
          speed: s.v,
          run: run ? { id: run.id, circular: run.id_circular ?? null, pass_type: run.pass_type ?? null } : null,
        },
      ];
    }),
  );
}

/**
 * The arcos' arc-on stretches over [fromMs, untilMs), at the minute: runs of consecutive minutes with
 * arc time, read from the hours' masks (one row per arco and hour instead of one per minute), clipped
 * to the range; only arcos with some.
 */
export async function arcStretches(
  ctx: ServiceContext,
  arcoIds: number[],
  fromMs: number,
  untilMs: number,
): Promise<Map<number, TimelineArc[]>> {
  const fromMinute = Math.floor(fromMs / 60_000);
  const toMinute = Math.ceil(untilMs / 60_000);
  const rows = await repo.arcHours(ctx.db, ctx.engine, arcoIds, Math.floor(fromMinute / 60), Math.ceil(toMinute / 60));
  const out = new Map<number, TimelineArc[]>();
  for (const { arco_sumergido_id, hours } of rows) {
    const stretches: TimelineArc[] = [];
    let open: number | null = null;
    let last = Number.NaN;
    // The set bits of a half hour's mask, lowest first: its minutes with arc time.
    const walk = (base: number, bits: number) => {
      for (let rest = bits; rest !== 0; rest &= rest - 1) {
        const minute = base + 31 - Math.clz32(rest & -rest);
        if (minute < fromMinute || minute >= toMinute) continue;
        if (open === null || minute !== last + 1) {
          if (open !== null) stretches.push([open, last + 1]);
          open = minute;
        }
        last = minute;
      }
    };
    for (const [hour, low, high] of hours) {
      walk(hour * 60, low);
      walk(hour * 60 + 30, high);
    }
    if (open !== null) stretches.push([open, last + 1]);
    if (stretches.length === 0) continue;
    out.set(
      arco_sumergido_id,
      stretches.map(([start, end]): TimelineArc => [Math.max(start * 60_000, fromMs), Math.min(end * 60_000, untilMs)]),
    );
  }
  return out;
}

/** An arco's arc time (ms) over [fromMs, toMs), by the minutes it touches (the timeline's stretch, opened). */
export const arcTime = (ctx: ServiceContext, arcoId: number, fromMs: number, toMs: number) =>
  repo.arcMsBetween(ctx.db, arcoId, Math.floor(fromMs / 60_000), Math.ceil(toMs / 60_000));
