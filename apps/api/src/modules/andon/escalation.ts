import type { AndonLevel, AndonOrigin } from '@portal/contract/andon';
import type { ServiceContext } from '../../context';
import { allArcos } from '../arcos/service';
import { listMotivos } from '../motivos/service';
import { listNaves } from '../naves/service';
import * as paradas from '../paradas/service';
import { publishCall } from './calls';
import * as repo from './repository';
import { minutesFor } from './rules';

// The escalation (run by scheduler.ts): the andon's pass over the running paradas.

/**
 * How long a start that reached the server late waits for its end (docs/decisions/057-andon-by-recorded-times.md):
 * a phone's offline queue sends a stop's start and then its end, one after the other.
 */
export const ANDON_LATE_START_WAIT_MS = 30_000;

/**
 * Whether a level due at `dueMs` waits (the next pass judges it again): the escalation judges a stop by
 * its recorded times, and a start received well after it was tapped and after the level fell due (sent
 * from an offline queue) may already have ended; its end is then on its way and no call should open
 * after it. Such a stop is called only if it is still running ANDON_LATE_START_WAIT_MS after its start
 * arrived.
 */
function sentLate(parada: { start_time: string; start_received_at?: string | null }, dueMs: number, nowMs: number): boolean {
  if (!parada.start_received_at) return false;
  const received = Date.parse(parada.start_received_at);
  const late = received - Date.parse(parada.start_time) > ANDON_LATE_START_WAIT_MS && received > dueMs;
  return late && nowMs < received + ANDON_LATE_START_WAIT_MS;
}

/**
 * One pass of the andon at the clock's now: resolves the calls of paradas that ended (at their end
 * time), then calls, once per parada and level, the levels due for each running unplanned parada.
 * Safe to run on several instances at once: the unique index makes one insert win, and only the
 * instance whose statement made a change publishes it.
 */
export async function andonTick(ctx: ServiceContext): Promise<void> {
  const now = ctx.andon.now();
  const [active, open] = await Promise.all([paradas.listActiveParadas(ctx), repo.openParadaCalls(ctx.db)]);
  const running = new Set(active.map((p) => p.id));

  const stale = new Map<number, number[]>();
  for (const call of open) if (!running.has(call.parada_id)) stale.set(call.parada_id, [...(stale.get(call.parada_id) ?? []), call.id]);
  for (const [paradaId, ids] of stale) {
    const parada = await paradas.findParada(ctx.db, paradaId);
    if (parada && parada.end_time === null) continue; // started running again meanwhile: the next pass sees it
    for (const id of await repo.resolveCalls(ctx.db, ids, parada?.end_time ?? now.toISOString()))
      await publishCall(ctx, 'andon.changed', id);
  }

  // One running parada per arco (older data may hold several: the earliest, as on the plant board).
  const first = new Map<number, (typeof active)[number]>();
  for (const p of active) if (!first.has(p.arco_sumergido_id)) first.set(p.arco_sumergido_id, p);
  if (first.size === 0) return;
  const [rules, immediate, motivos, arcos, naves, called] = await Promise.all([
    repo.listRules(ctx.db),
    repo.immediateMotivos(ctx.db),
    listMotivos(ctx),
    allArcos(ctx.db),
    listNaves(ctx),
    repo.calledLevels(
      ctx.db,
      [...first.values()].map((p) => p.id),
    ),
  ]);
  const planned = new Set(motivos.filter((m) => m.planned).map((m) => m.id));
  const atOnce = new Set(immediate);
  const done = new Set(called.map((c) => `${c.parada_id}:${c.level}`));
  const minutes = minutesFor(rules);
  const naveIdOf = new Map(naves.map((n) => [n.name, n.id]));
  const naveOfArco = new Map(arcos.map((a) => [a.id, naveIdOf.get(a.nave)]));
  for (const parada of first.values()) {
    if (parada.motivo_id !== null && planned.has(parada.motivo_id)) continue;
    const naveId = naveOfArco.get(parada.arco_sumergido_id);
    if (naveId === undefined) continue;
    const due = minutes(naveId);
    const start = Date.parse(parada.start_time);
    const elapsed = now.getTime() - start;
    const levels: [AndonLevel, AndonOrigin, number][] = [];
    if (elapsed >= due.supervisor * 60_000) levels.push(['supervisor', 'rule', due.supervisor * 60_000]);
    if (parada.motivo_id !== null && atOnce.has(parada.motivo_id)) levels.push(['maintenance', 'motivo', 0]);
    else if (elapsed >= due.maintenance * 60_000) levels.push(['maintenance', 'rule', due.maintenance * 60_000]);
    for (const [level, origin, after] of levels) {
      if (done.has(`${parada.id}:${level}`)) continue;
      if (sentLate(parada, start + after, now.getTime())) continue;
      const id = await repo.insertCall(ctx.db, {
        arco_sumergido_id: parada.arco_sumergido_id,
        parada_id: parada.id,
        level,
        origin,
        created_at: now.toISOString(),
        created_by: null,
      });
      if (id !== undefined) await publishCall(ctx, 'andon.called', id);
    }
  }
}
