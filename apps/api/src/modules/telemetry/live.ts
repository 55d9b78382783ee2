import type { LiveArco, Sample } from '@portal/contract/telemetry';
import type { ServiceContext } from '../../context';
import { allArcos } from '../arcos/service';
import { iso } from './common';
import * as viewsRepo from './views-repository';

// The arcos' latest samples as they come (docs/decisions/079-weld-telemetry.md): the 'weld.live' event
// after each group's commit and GET /api/telemetry/live.

/** At most one 'weld.live' per arco in this long, per instance. */
export const LIVE_EVENT_MS = 1000;
const liveSent = new WeakMap<ServiceContext['events'], Map<number, number>>();

/** The arco's latest sample to everyone at the arco (the tablet) and administrators (the plant board), throttled. */
export async function publishLive(ctx: ServiceContext, arcoId: number, samples: Sample[], runId: number | null) {
  const sent = liveSent.get(ctx.events) ?? new Map<number, number>();
  liveSent.set(ctx.events, sent);
  // A monotonic clock: a device's times, or a changed wall clock, never hold the events back.
  const now = performance.now();
  const last = sent.get(arcoId);
  if (last !== undefined && now - last < LIVE_EVENT_MS) return;
  sent.set(arcoId, now);
  const s = samples.reduce((a, b) => (b.t > a.t ? b : a));
  await ctx.events.publish('weld.live', liveOf(arcoId, s, runId), { arco: arcoId });
}

const liveOf = (arcoId: number, s: Sample, runId: number | null): LiveArco => ({
  arco_sumergido_id: arcoId,
  arc: s.arc,
  at: iso(s.t),
  current: s.i,
  voltage: s.u,
  wire_feed: s.wf,
  speed: s.v,
  temperature: s.temp,
  run_id: runId,
});

/** Each arco's latest sample within the last 10 s (the plant board's 'arc burning'). */
export async function liveArcos(ctx: ServiceContext, nowMs = Date.now()): Promise<LiveArco[]> {
  const arcoIds = (await allArcos(ctx.db)).map((a) => a.id);
  const [rows, runs] = await Promise.all([
    viewsRepo.latestSamplesAfter(ctx.db, arcoIds, nowMs - 10_000),
    viewsRepo.openRunsAt(ctx.db, arcoIds),
  ]);
  const runOf = new Map(runs.map((r) => [r.arco_sumergido_id, r.id]));
  return rows.map((r) =>
    liveOf(
      r.arco_sumergido_id,
      { t: r.t, arc: r.arc === 1, i: r.i, u: r.u, wf: r.wf, v: r.v, temp: r.temp },
      runOf.get(r.arco_sumergido_id) ?? null,
    ),
  );
}
