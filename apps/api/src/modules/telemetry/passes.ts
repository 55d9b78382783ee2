import { type Excursion, efficiencyFactor, telemetryMessages as m, type startRunBody, type WeldRun } from '@portal/contract/telemetry';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { seamProcedure } from '../welds/service';
import { iso, type Run } from './common';
import { finish, type Notice, passOf, tell } from './judgement';
import * as repo from './repository';
import { round, summarize } from './summary';

// The passes at an arco (docs/decisions/079-weld-telemetry.md): 'Iniciar soldadura' binds the arco's
// pass to a circular and a pass type of its procedure, 'Finalizar soldadura' ends it with its summary
// and judgement, and a pass is read with its summary and its per-second chart.

function assertAtArco(user: AuthUser): number {
  if (user.arco_sumergido_id === null) throw badRequest(m.noArco);
  return user.arco_sumergido_id;
}

/** 'Iniciar soldadura': the operator at the arco names the circular and the pass; a pass the arc opened is adopted. */
export async function startRun(ctx: ServiceContext, user: AuthUser, body: z.output<typeof startRunBody>, nowMs = Date.now()) {
  const arcoId = assertAtArco(user);
  const seam = await seamProcedure(ctx.db, body.tramo_id);
  if (!seam) throw conflict(m.noWeldRecord);
  const pass = passOf(seam, body.pass_type);
  if (!pass) throw badRequest(m.passNotInProcedure);
  const binding = {
    tramo_id: body.tramo_id,
    pass_type: body.pass_type,
    operator_id: user.id,
    operator_name: user.name,
    state: 'abierta',
    revision_id: seam.revision_id,
    process: seam.process,
    efficiency: efficiencyFactor(seam.process),
    nominal_speed: (pass.speed_min + pass.speed_max) / 2,
    updated_at: new Date().toISOString(),
  } as const;
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      const open = await repo.openRun(trx, arcoId);
      if (open?.state === 'abierta') throw conflict(m.runOpen);
      if (open) {
        await repo.updateRun(trx, open.id, binding);
        return open.id;
      }
      const created = await repo.insertRun(trx, {
        ...binding,
        arco_sumergido_id: arcoId,
        origin: 'operario',
        started_ms: nowMs,
        created_at: binding.updated_at,
      });
      // Seconds already written from the start on (a device ahead of the tap) belong to it.
      await repo.assignSeconds(trx, arcoId, Math.floor(nowMs / 1000), Math.floor(nowMs / 1000) + 86_400, created.id);
      return created.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(m.runOpen);
    throw error;
  }
  return runView(ctx, (await repo.findRun(ctx.db, id))!);
}

/** 'Finalizar soldadura': the arco's running pass ends now; its summary and judgement follow. */
export async function endRun(ctx: ServiceContext, user: AuthUser, nowMs = Date.now()) {
  const arcoId = assertAtArco(user);
  const notices: Notice[] = [];
  const id = await ctx.db.transaction().execute(async (trx) => {
    const open = await repo.openRun(trx, arcoId);
    if (!open) throw conflict(m.noRunOpen);
    const endedMs = Math.max(nowMs, open.started_ms);
    await repo.updateRun(trx, open.id, { state: 'cerrada', ended_ms: endedMs });
    // Seconds after the end are nobody's until another pass starts.
    await repo.assignSeconds(trx, arcoId, Math.floor(endedMs / 1000) + 1, Math.floor(endedMs / 1000) + 86_400, null);
    notices.push(...(await finish(ctx, trx, { ...open, state: 'cerrada', ended_ms: endedMs })));
    return open.id;
  });
  await tell(ctx, notices);
  return runView(ctx, (await repo.findRun(ctx.db, id))!);
}

export async function getRun(ctx: ServiceContext, id: number): Promise<WeldRun> {
  const run = await repo.findRun(ctx.db, id);
  if (!run) throw notFound(m.runNotFound);
  return runView(ctx, run);
}

/** The running pass at the user's arco (null when none). */
export async function runAtArco(ctx: ServiceContext, user: AuthUser): Promise<WeldRun | null> {
  if (user.arco_sumergido_id === null) return null;
  const run = await repo.openRun(ctx.db, user.arco_sumergido_id);
  return run ? runView(ctx, run) : null;
}

/** A pass's per-second summary (the chart after the pass). */
export async function runSecondsView(ctx: ServiceContext, id: number) {
  const run = await repo.findRun(ctx.db, id);
  if (!run) throw notFound(m.runNotFound);
  const rows = await repo.runSeconds(ctx.db, id);
  return {
    seconds: rows.map((r) => ({
      at: iso(r.second * 1000),
      arc_share: r.n ? r.arc_n / r.n : 0,
      current: r.arc_n ? round(r.i_sum / r.arc_n, 2) : null,
      voltage: r.arc_n ? round(r.u_sum / r.arc_n, 2) : null,
      wire_feed: r.arc_n ? round(r.wf_sum / r.arc_n, 3) : null,
      speed: r.arc_n ? round(r.v_sum / r.arc_n, 2) : null,
      temperature: r.temp_n ? round(r.temp_sum / r.temp_n, 1) : null,
    })),
  };
}

export async function runView(ctx: ServiceContext, run: Run): Promise<WeldRun> {
  // A pass still running is summarised on the fly; an ended one as it was stored.
  const summary =
    run.summary && run.state === 'cerrada'
      ? (JSON.parse(run.summary) as ReturnType<typeof summarize>)
      : summarize(await repo.runSeconds(ctx.db, run.id), run.efficiency, ctx.telemetry.wireKgPerM);
  return {
    id: run.id,
    arco_sumergido_id: run.arco_sumergido_id,
    tramo_id: run.tramo_id,
    pass_type: run.pass_type as WeldRun['pass_type'],
    operator_id: run.operator_id,
    state: run.state as WeldRun['state'],
    origin: run.origin as WeldRun['origin'],
    started_at: iso(run.started_ms),
    ended_at: run.ended_ms === null ? null : iso(run.ended_ms),
    arc_seconds: summary.arc_ms / 1000,
    samples: summary.samples,
    current: summary.current,
    voltage: summary.voltage,
    wire_feed: summary.wire_feed,
    speed: summary.speed,
    temperature: summary.temperature,
    heat_input_kj_mm: summary.heat_input_kj_mm,
    efficiency_factor: run.efficiency,
    length_mm: summary.length_mm,
    deposited_kg: summary.deposited_kg,
    excursions: run.excursions ? (JSON.parse(run.excursions) as Excursion[]) : [],
  };
}
