import { type Decision, type decisionBody, type Excursion, telemetryMessages as m, type SeamTelemetry } from '@portal/contract/telemetry';
import { type AwaitingDecision, decisionMessages as dm } from '@portal/contract/telemetry-decision';
import { weldMessages } from '@portal/contract/welds';
import type { PassType } from '@portal/contract/welds-messages';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import { assertCalidadAt, calidadNaveIds, holdAcceptance, releaseAcceptance, seamHeads, seamProcedure } from '../welds/service';
import type { Run } from './common';
import { runView } from './passes';
import * as repo from './repository';

// The circular's judgement and the decision on it (docs/decisions/080-weld-judgement-and-acceptance.md,
// 092-seam-hold-in-the-weld-records.md): its passes and whether it is out of procedure, Calidad's
// decision, and the circulares awaiting one.

export async function seamTelemetry(ctx: ServiceContext, tramoId: number): Promise<SeamTelemetry> {
  const [runs, judgement] = await Promise.all([repo.runsOfTramo(ctx.db, tramoId), repo.findJudgement(ctx.db, tramoId)]);
  if (!runs.length && !judgement && !(await seamProcedure(ctx.db, tramoId))) throw notFound(m.circularNotFound);
  return {
    tramo_id: tramoId,
    judgement: judgement ? 'fuera_de_procedimiento' : 'conforme',
    decision: (judgement?.decision as SeamTelemetry['decision']) ?? null,
    decision_reason: judgement?.decision_reason ?? null,
    decided_by: judgement?.decided_by_name ?? null,
    decided_at: judgement?.decided_at ?? null,
    runs: await Promise.all(runs.map((r) => runView(ctx, r))),
  };
}

/**
 * Calidad of the circular's nave (or an administrator) records the decision on a circular out of
 * procedure, in one transaction with its effect on the seam ('aceptar' releases the hold, 'rechazar'
 * keeps it or sets it again: docs/decisions/092-seam-hold-in-the-weld-records.md) and its row in the
 * seam's history. A later decision replaces it; the history keeps each.
 */
export async function decide(ctx: ServiceContext, user: AuthUser, tramoId: number, body: z.output<typeof decisionBody>) {
  const seam = await seamProcedure(ctx.db, tramoId);
  if (!seam) throw notFound(m.circularNotFound);
  await assertCalidadAt(ctx, user, seam.nave_id);
  await ctx.db.transaction().execute(async (trx) => {
    const judgement = await repo.findJudgement(trx, tramoId);
    if (!judgement) throw conflict(m.notOutOfProcedure);
    await repo.saveDecision(trx, tramoId, {
      decision: body.decision,
      decision_reason: body.reason,
      decided_by: user.id,
      decided_by_name: user.name,
      decided_at: new Date().toISOString(),
    });
    if (body.decision === 'aceptar') await releaseAcceptance(trx, tramoId);
    else await holdAcceptance(trx, tramoId, judgement.marked_at);
    const runs = await repo.runsOfTramo(trx, tramoId);
    await recordAudit(trx, {
      actor: user,
      entity: 'weld_seam',
      entityId: tramoId,
      action: 'decide',
      before: judgement.decision
        ? { decision: dm.decisionName[judgement.decision as Decision], reason: judgement.decision_reason }
        : { decision: dm.awaitingDecision },
      after: {
        decision: dm.decisionName[body.decision],
        reason: body.reason,
        excursions: runs
          .flatMap((r) => excursionsOfRun(r))
          .map((x) => dm.excursionText(x))
          .join('; '),
      },
    });
  });
  return seamTelemetry(ctx, tramoId);
}

const excursionsOfRun = (r: Pick<Run, 'excursions' | 'pass_type'>) =>
  (r.excursions ? (JSON.parse(r.excursions) as Excursion[]) : []).map((x) => ({ ...x, pass_type: r.pass_type as PassType | null }));

/**
 * The circulares marked out of procedure still waiting for a decision, oldest mark first, each with its
 * excursions: for an administrator every nave's, for Calidad their naves' (403 for anyone else).
 */
export async function awaitingDecision(ctx: ServiceContext, user: AuthUser): Promise<AwaitingDecision> {
  const naves = user.role === 'admin' ? null : await calidadNaveIds(ctx, user);
  if (naves && naves.size === 0) throw forbidden(weldMessages.notCalidadAnywhere);
  const marked = await repo.undecidedJudgements(ctx.db);
  const heads = (
    await seamHeads(
      ctx.db,
      marked.map((j) => j.tramo_id),
    )
  ).filter((h) => naves === null || naves.has(h.nave_id));
  const runs = await repo.runsOfTramos(
    ctx.db,
    heads.map((h) => h.tramo_id),
  );
  const byId = new Map(heads.map((h) => [h.tramo_id, h]));
  return {
    seams: marked.flatMap((j) => {
      const head = byId.get(j.tramo_id);
      if (!head) return [];
      const { nave_id: _n, ...fields } = head;
      return [{ ...fields, marked_at: j.marked_at, excursions: runs.filter((r) => r.tramo_id === j.tramo_id).flatMap(excursionsOfRun) }];
    }),
  };
}
