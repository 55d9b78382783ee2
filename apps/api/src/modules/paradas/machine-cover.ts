import { machineMessages } from '@portal/contract/machines';
import { durationMinutes, type Parada, paradaMessages } from '@portal/contract/paradas';
import { factoryDate } from '@portal/contract/time';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { motivoForStop } from '../motivos/service';
import * as machineRepo from './machine-repository';
import { auditParada, publishParada } from './parada-events';
import * as repo from './repository';

// The machine's paradas (docs/decisions/020-machine-signals.md, docs/decisions/031-machine-and-worker-stops.md):
// opened, ended and described for modules/machines, and the stopped machine's time kept covered
// after a worker's write.

const iso = (instant: string) => new Date(instant).toISOString();

/** What covering a machine's stop wrote: a running machine parada opened, ended ones filling gaps. */
export interface MachineCover {
  opened?: number;
  filled: number[];
}

/**
 * The machine of a bound arco stands still from `since` (docs/decisions/031-machine-and-worker-stops.md),
 * inside the caller's transaction (`ctx.db`): every part of [since, now) that no parada of the arco
 * covers becomes a machine parada, an ended one for a gap before a later parada and a running one from
 * the last gap when no parada runs. The workers' paradas keep their times, motivos and descriptions;
 * no second is covered twice. Idempotent: run again, it finds nothing left to cover.
 */
export async function coverMachineStop(ctx: ServiceContext, arcoId: number, since: string, received: string): Promise<MachineCover> {
  const filled: number[] = [];
  let cursor = iso(since);
  for (const span of await machineRepo.arcoSpansBetween(ctx.db, arcoId, cursor, received)) {
    const start = iso(span.start_time);
    if (start > cursor) {
      const row = await machineRepo.insertMachineParada(ctx.db, arcoId, factoryDate(cursor, ctx.tz), cursor, received, start);
      await auditParada(ctx.db, null, row.id, 'machine_cover', null, row);
      filled.push(row.id);
    }
    if (span.end_time === null) return { filled };
    const end = iso(span.end_time);
    if (end > cursor) cursor = end;
  }
  if (cursor > received) return { filled };
  const row = await machineRepo.insertMachineParada(ctx.db, arcoId, factoryDate(cursor, ctx.tz), cursor, received);
  await auditParada(ctx.db, null, row.id, 'machine_start', null, row);
  return { opened: row.id, filled };
}

/** What a machine's 'running' did: the parada it ended, or the machine parada it found never began. */
export interface MachineRun {
  ended?: number;
  removed?: Parada;
}

/**
 * A machine reported 'running' at `at`, inside the caller's transaction (`ctx.db`): the arco's active
 * parada (the machine's, or a worker's started before it) ends then. A machine parada shorter than
 * MACHINE_MICRO_STOP_SECONDS that continues no other parada is marked a micro-stop. A machine parada
 * the portal opened after `at` (it continued a worker's parada that ended after the machine already
 * ran) never happened: it goes when nobody described it, else it ends where it began.
 */
export async function endMachineParada(ctx: ServiceContext, arcoId: number, at: string, received: string): Promise<MachineRun> {
  const active = await repo.findActiveAtArco(ctx.db, arcoId);
  if (!active) return {};
  const start = iso(active.start_time);
  if (start > at) {
    if (active.source !== 'machine') return {};
    if (active.description === null && active.motivo_id === null) {
      await repo.deleteParada(ctx.db, active.id);
      await auditParada(ctx.db, null, active.id, 'machine_remove', active, null);
      return { removed: active };
    }
    await machineRepo.endParadaAt(ctx.db, active.id, start, 0, false, received);
    await auditParada(ctx.db, null, active.id, 'machine_end', active, { ...active, end_time: start, duration_minutes: 0 });
    return { ended: active.id };
  }
  const short = Date.parse(at) - Date.parse(start) < ctx.machines.microStopSeconds * 1000;
  const micro = active.source === 'machine' && short && !(await machineRepo.findEndedAt(ctx.db, arcoId, active.start_time));
  const minutes = Math.max(0, durationMinutes(start, at));
  await machineRepo.endParadaAt(ctx.db, active.id, at, minutes, micro, received);
  await auditParada(ctx.db, null, active.id, 'machine_end', active, { ...active, end_time: at, duration_minutes: minutes });
  return { ended: active.id };
}

/** Publishes, once their transaction committed, what covering a machine's stop wrote. */
export async function publishCover(ctx: ServiceContext, cover: MachineCover): Promise<void> {
  for (const id of cover.filled) await publishParada(ctx, 'parada.ended', id);
  if (cover.opened !== undefined) await publishParada(ctx, 'parada.started', cover.opened);
}

/**
 * After a write that may uncover part of a stopped machine's time (a parada ended, edited or deleted):
 * `since` is when the arco's machine stopped, read and locked first in the same transaction through
 * `ctx.machines.stoppedSince` (null: unbound, or running), and the gaps are covered again.
 */
export async function keepMachineCovered(
  ctx: ServiceContext,
  arcoId: number,
  since: string | null,
  received: string,
): Promise<MachineCover> {
  return since === null ? { filled: [] } : coverMachineStop(ctx, arcoId, since, received);
}

/**
 * A worker signed in at the arco (or an admin) describes a machine's parada, running or ended: the
 * machine opened and ends it, the worker adds what it cannot know (description and motivo, a retired
 * motivo refused as for other stops). The audit row commits with the change. Workers' own stops keep
 * their rules.
 */
export async function describeMachineParada(
  ctx: ServiceContext,
  user: AuthUser,
  id: number,
  body: { description: string | null; motivo_id?: number | null },
): Promise<Parada> {
  await ctx.db.transaction().execute(async (trx) => {
    const found = await repo.findParada(trx, id);
    if (!found) throw notFound(paradaMessages.notFound);
    if (found.source !== 'machine') throw conflict(machineMessages.notMachineParada);
    if (user.role !== 'admin' && user.arco_sumergido_id !== found.arco_sumergido_id) throw forbidden(machineMessages.otherArco);
    const values = { description: body.description, motivo_id: await motivoForStop(trx, body.motivo_id, found.motivo_id ?? null) };
    await machineRepo.describeParada(trx, id, values, nowIso());
    await auditParada(trx, user, id, 'update', found, { ...found, ...values });
  });
  return (await publishParada(ctx, 'parada.changed', id))!;
}
