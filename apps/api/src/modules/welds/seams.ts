import {
  DEFECT_TYPES,
  type DefectType,
  type inspectionBody,
  weldMessages as m,
  type repairBody,
  type Seam,
  type seamBody,
} from '@portal/contract/welds';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/index';
import type { AuthUser } from '../../lib/auth-user';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { recordAudit } from '../audit/service';
import { findAccount } from '../users/service';
import { recompute } from './seam-state';
import * as repo from './seams-repository';
import { assertCalidadAt, calidadNaveIds, qualificationMode, qualificationOn, revisionFor, usableLots } from './service';

// A circular's weld trace, its inspections, defects, repairs and re-inspections, and the seam's state
// (docs/decisions/066-weld-records.md).

const plainDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/**
 * Each operator's qualification for the process on the day, as the record keeps it. Without a valid
 * one the seam is flagged, or refused (409) where the plant's setting says so.
 */
async function checkOperators(db: Db, userIds: number[], process: number, date: string) {
  const mode = await qualificationMode(db);
  const checked: { user_id: number; name: string; qualification_id: number | null; qualified: number }[] = [];
  for (const userId of userIds) {
    const account = await findAccount(db, userId);
    if (!account) throw badRequest(m.userUnknown);
    const q = await qualificationOn(db, userId, process, date);
    if (!q.valid && mode === 'refuse') throw conflict(m.operatorNotQualified(account.name, process, plainDate(date)));
    checked.push({ user_id: userId, name: account.name, qualification_id: q.id, qualified: q.valid ? 1 : 0 });
  }
  return checked;
}

export async function getSeam(ctx: ServiceContext, tramoId: number): Promise<Seam> {
  const head = await repo.seamHead(ctx.db, tramoId);
  if (!head) throw notFound(m.seamNotFound);
  const [operators, lots, inspections, defects, repairs] = await Promise.all([
    repo.seamOperators(ctx.db, tramoId),
    repo.seamLots(ctx.db, tramoId),
    repo.seamInspections(ctx.db, tramoId),
    repo.seamDefects(ctx.db, tramoId),
    repo.seamRepairs(ctx.db, tramoId),
  ]);
  const reinspection = new Map(inspections.flatMap((i) => (i.repair_id === null ? [] : [[i.repair_id, i.id] as const])));
  const { held_since, ...fields } = head;
  return {
    ...fields,
    held_for_decision: held_since !== null,
    qualified: head.qualified === 1,
    operators: operators.map((o) => ({ ...o, qualified: o.qualified === 1 })),
    lots: lots.map((l) => ({ ...l, blocked: l.blocked === 1 })),
    inspections: inspections.map((i) => ({
      id: i.id,
      method: i.method,
      extent_percent: i.extent_percent,
      inspected_length_mm: i.inspected_length_mm,
      result: i.result,
      inspected_on: i.inspected_on,
      inspector_name: i.inspector_name,
      repair_id: i.repair_id,
      defects: defects
        .filter((d) => d.inspection_id === i.id)
        .map((d) => {
          const repair = repairs.find((r) => r.defect_id === d.id);
          return {
            id: d.id,
            code: d.code,
            name: DEFECT_TYPES[d.code as DefectType] ?? d.code,
            position_mm: d.position_mm,
            length_mm: d.length_mm,
            level: d.level,
            repair: repair
              ? {
                  id: repair.id,
                  procedure_code: repair.procedure_code,
                  revision: repair.revision,
                  operator_id: repair.operator_id,
                  operator_name: repair.operator_name,
                  repaired_on: repair.repaired_on,
                  qualified: repair.qualified === 1,
                  reinspection_id: reinspection.get(repair.id) ?? null,
                }
              : null,
          };
        }),
    })),
  };
}

/**
 * Records (or corrects) a circular's trace: by its owner, an administrator or Calidad of its nave. The
 * revision is the procedure's in force on the circular's date; a seam already traced to that procedure
 * on that date keeps its revision, whatever was approved since.
 */
export async function saveSeam(ctx: ServiceContext, user: AuthUser, tramoId: number, body: z.output<typeof seamBody>): Promise<Seam> {
  const tramo = await repo.tramoFacts(ctx.db, tramoId);
  if (!tramo) throw notFound(m.circularNotFound);
  if (user.role !== 'admin' && user.id !== tramo.user_id && !(await calidadNaveIds(ctx, user)).has(tramo.nave_id)) throw forbidden();
  const date = tramo.circular_fecha;
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await repo.lockSeam(trx, ctx.engine, tramoId);
    const before = existing ? await auditedTrace(trx, tramoId, existing) : null;
    let revisionId: number;
    let held: { code: string; revision: number; process: number };
    if (existing && existing.procedure_id === body.procedure_id && existing.welded_on === date) {
      revisionId = existing.revision_id;
      held = await repo.revisionNames(trx, revisionId);
    } else {
      const { procedure, revision } = await revisionFor(trx, body.procedure_id, date);
      revisionId = revision.id;
      held = { code: procedure.code, revision: revision.revision, process: revision.process };
    }
    const operators = await checkOperators(trx, body.operator_ids, held.process, date);
    // A lot blocked after the seam used it stays on the seam: a blocked lot refuses only new use.
    const already = new Set(existing ? await repo.seamLotIds(trx, tramoId) : []);
    await usableLots(
      trx,
      ctx.engine,
      body.lot_ids.filter((id) => !already.has(id)),
    );
    const at = nowIso();
    const qualified = operators.every((o) => o.qualified === 1) ? 1 : 0;
    const welded_at = body.welded_at ? new Date(body.welded_at).toISOString() : (existing?.welded_at ?? tramo.created_at);
    await repo.saveSeam(
      trx,
      {
        tramo_id: tramoId,
        procedure_id: body.procedure_id,
        revision_id: revisionId,
        arco_sumergido_id: tramo.arco_sumergido_id,
        nave_id: tramo.nave_id,
        welded_on: date,
        month: date.slice(0, 7),
        welded_at,
        qualified,
        state: existing?.state ?? 'pendiente',
        created_at: at,
        updated_at: at,
      },
      Boolean(existing),
      operators.map(({ name: _n, ...o }) => o),
      body.lot_ids,
    );
    await recordAudit(trx, {
      actor: user,
      entity: 'weld_seam',
      entityId: tramoId,
      action: existing ? 'update' : 'create',
      before,
      after: await auditedTrace(trx, tramoId, { revision_id: revisionId, welded_at, qualified }),
    });
  });
  return getSeam(ctx, tramoId);
}

/** A trace as its audit rows show it. */
async function auditedTrace(db: Db, tramoId: number, seam: { revision_id: number; welded_at: string; qualified: number }) {
  const [rev, operators, lots] = await Promise.all([
    repo.revisionNames(db, seam.revision_id),
    repo.seamOperators(db, tramoId),
    repo.seamLots(db, tramoId),
  ]);
  return {
    procedure: `${rev.code} rev. ${rev.revision}`,
    operators: operators.map((o) => o.name).join(', '),
    lots: lots.map((l) => l.lot_number).join(', '),
    welded_at: seam.welded_at,
    qualified: seam.qualified === 1,
  };
}

const describeInspection = (body: z.output<typeof inspectionBody>) => ({
  inspection: `${body.method} ${body.extent_percent} % de ${body.inspected_length_mm} mm el ${plainDate(body.inspected_on)}: ${m.resultName[body.result]}`,
  defects: body.defects
    .map((d) => `${d.code} ${DEFECT_TYPES[d.code as DefectType]} a ${d.position_mm} mm, ${d.length_mm} mm, nivel ${d.level}`)
    .join('; '),
});

async function inspect(
  ctx: ServiceContext,
  user: AuthUser,
  tramoId: number,
  body: z.output<typeof inspectionBody>,
  repairId: number | null,
) {
  const seam = await repo.findSeamRow(ctx.db, tramoId);
  if (!seam) throw notFound(m.seamNotFound);
  await assertCalidadAt(ctx, user, seam.nave_id);
  const inspectionId = await ctx.db.transaction().execute(async (trx) => {
    await repo.lockSeam(trx, ctx.engine, tramoId);
    const at = nowIso();
    const { defects, ...fields } = body;
    let inspection: { id: number };
    try {
      inspection = await repo.insertInspection(trx, {
        ...fields,
        tramo_id: tramoId,
        repair_id: repairId,
        inspector_id: user.id,
        inspector_name: user.name,
        created_at: at,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(m.reinspectionTaken);
      throw error;
    }
    await repo.insertDefects(
      trx,
      defects.map((d) => ({ ...d, inspection_id: inspection.id, tramo_id: tramoId, created_at: at })),
    );
    await recompute(trx, tramoId);
    await recordAudit(trx, {
      actor: user,
      entity: 'weld_seam',
      entityId: tramoId,
      action: 'inspect',
      after: repairId ? { ...describeInspection(body), repair: repairId } : describeInspection(body),
    });
    return inspection.id;
  });
  const saved = await getSeam(ctx, tramoId);
  const defectIds = saved.inspections.find((i) => i.id === inspectionId)?.defects.map((d) => d.id) ?? [];
  return { seam: saved, inspection_id: inspectionId, defect_ids: defectIds };
}

/**
 * What an inspection's answer names besides the seam: the new inspection and its defects in the body's
 * order, so that a phone that queued a repair of a defect before the inspection was sent can name it
 * (docs/decisions/077-weld-inspection-offline.md).
 */
export type InspectionSaved = Awaited<ReturnType<typeof inspect>>;

/** A first inspection of a seam (VT, UT, RT, MT, PT), with the defects it found: Calidad of its nave or an administrator. */
export const addInspection = (ctx: ServiceContext, user: AuthUser, tramoId: number, body: z.output<typeof inspectionBody>) =>
  inspect(ctx, user, tramoId, body, null);

/** The re-inspection of a repair (one per repair); new defects it finds need their own repairs. */
export async function reinspect(
  ctx: ServiceContext,
  user: AuthUser,
  repairId: number,
  body: z.output<typeof inspectionBody>,
): Promise<InspectionSaved> {
  const repair = await repo.findRepair(ctx.db, repairId);
  if (!repair) throw notFound(m.repairNotFound);
  return inspect(ctx, user, repair.tramo_id, body, repairId);
}

/** A repair of a defect, to its own procedure's revision in force that day, by its own operator (qualification checked like a seam's). */
export async function addRepair(
  ctx: ServiceContext,
  user: AuthUser,
  defectId: number,
  body: z.output<typeof repairBody>,
): Promise<{ seam: Seam; repair_id: number }> {
  const defect = await repo.findDefect(ctx.db, defectId);
  if (!defect) throw notFound(m.defectNotFound);
  const seam = await repo.findSeamRow(ctx.db, defect.tramo_id);
  if (!seam) throw notFound(m.seamNotFound);
  await assertCalidadAt(ctx, user, seam.nave_id);
  const repairId = await ctx.db.transaction().execute(async (trx) => {
    await repo.lockSeam(trx, ctx.engine, defect.tramo_id);
    const { procedure, revision } = await revisionFor(trx, body.procedure_id, body.repaired_on);
    const [operator] = await checkOperators(trx, [body.operator_id], revision.process, body.repaired_on);
    let repair: { id: number };
    try {
      repair = await repo.insertRepair(trx, {
        defect_id: defectId,
        tramo_id: defect.tramo_id,
        procedure_id: body.procedure_id,
        revision_id: revision.id,
        operator_id: operator.user_id,
        operator_name: operator.name,
        qualification_id: operator.qualification_id,
        qualified: operator.qualified,
        repaired_on: body.repaired_on,
        created_at: nowIso(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(m.repairTaken);
      throw error;
    }
    await recompute(trx, defect.tramo_id);
    await recordAudit(trx, {
      actor: user,
      entity: 'weld_seam',
      entityId: defect.tramo_id,
      action: 'repair',
      after: {
        defects: `${defect.code} ${DEFECT_TYPES[defect.code as DefectType] ?? ''} a ${defect.position_mm} mm, ${defect.length_mm} mm`,
        procedure: `${procedure.code} rev. ${revision.revision}`,
        operator: operator.name,
        repaired_on: body.repaired_on,
        qualified: operator.qualified === 1,
      },
    });
    return repair.id;
  });
  return { seam: await getSeam(ctx, defect.tramo_id), repair_id: repairId };
}
