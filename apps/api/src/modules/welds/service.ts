import { factoryToday } from '@portal/contract/time';
import {
  type blockBody,
  type confirmationBody,
  type Lot,
  type lotBody,
  weldMessages as m,
  type Procedure,
  type procedureCreateBody,
  type Qualification,
  type QualificationMode,
  type qualificationBody,
  qualificationState,
  qualificationValidOn,
  type Revision,
  type retireBody,
  type revisionCreateBody,
  type WeldRoles,
  type WeldSettings,
  type weldRolesBody,
} from '@portal/contract/welds';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import type { Db, DbEngine } from '../../db/index';
import type { AuthUser } from '../../lib/auth-user';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { type AuditRecord, recordAudit } from '../audit/service';
import { findNaveByName } from '../naves/service';
import { findAccount } from '../users/service';
import * as repo from './repository';
import * as seamsRepo from './seams-repository';

// The weld records' catalogue: the Calidad capability, the plant's setting, procedures (WPS) and their
// revisions, operators' qualifications and consumable lots (docs/decisions/066-weld-records.md).

const plainDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** Runs a write whose unique constraint means `message` (a 409), not a 500. */
async function uniqueOr<T>(write: Promise<T>, message: string): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(message);
    throw error;
  }
}

// ---- The Calidad capability ----

/** The naves where the user is Calidad (ids). */
export async function calidadNaveIds(ctx: ServiceContext, user: AuthUser): Promise<Set<number>> {
  return new Set((await repo.calidadNaves(ctx.db, user.id)).map((n) => n.id));
}

/** Procedures, lots and qualifications are kept by administrators and by Calidad of any nave. */
export async function assertKeeper(ctx: ServiceContext, user: AuthUser): Promise<void> {
  if (user.role === 'admin') return;
  if ((await calidadNaveIds(ctx, user)).size === 0) throw forbidden(m.notCalidadAnywhere);
}

type KeeperEntity = 'weld_procedure' | 'weld_qualification' | 'weld_lot';

/**
 * A keeper's change to the catalogue (assertKeeper), written in one transaction with its audit row of
 * `entity`: `write` answers the row's id and what the audit shows; this answers the id.
 */
async function keeperChange(
  ctx: ServiceContext,
  actor: AuthUser,
  entity: KeeperEntity,
  write: (trx: Db) => Promise<Pick<AuditRecord, 'entityId' | 'action' | 'before' | 'after'>>,
): Promise<number> {
  await assertKeeper(ctx, actor);
  return ctx.db.transaction().execute(async (trx) => {
    const change = await write(trx);
    await recordAudit(trx, { actor, entity, ...change });
    return change.entityId;
  });
}

/** Inspections and repairs of a nave's circulares: administrators and that nave's Calidad. */
export async function assertCalidadAt(ctx: ServiceContext, user: AuthUser, naveId: number): Promise<void> {
  if (user.role === 'admin') return;
  if (!(await calidadNaveIds(ctx, user)).has(naveId)) throw forbidden(m.notCalidad);
}

export async function getRoles(ctx: ServiceContext, userId: number): Promise<WeldRoles> {
  if (!(await findAccount(ctx.db, userId))) throw notFound();
  return { user_id: userId, calidad: (await repo.calidadNaves(ctx.db, userId)).map((n) => n.name) };
}

export async function setRoles(
  ctx: ServiceContext,
  actor: AuthUser,
  userId: number,
  body: z.output<typeof weldRolesBody>,
): Promise<WeldRoles> {
  if (!(await findAccount(ctx.db, userId))) throw notFound();
  const ids: number[] = [];
  for (const name of body.calidad) {
    const nave = await findNaveByName(ctx.db, name);
    if (!nave) throw badRequest(m.naveUnknown);
    ids.push(nave.id);
  }
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.calidadNaves(trx, userId);
    await repo.replaceCalidad(trx, userId, ids, nowIso());
    await recordAudit(trx, {
      actor,
      entity: 'user',
      entityId: userId,
      action: 'weld_roles',
      before: { calidad: before.map((n) => n.name).join(', ') },
      after: { calidad: [...body.calidad].sort().join(', ') },
    });
  });
  return getRoles(ctx, userId);
}

// ---- The plant's setting ----

export async function getSettings(ctx: ServiceContext): Promise<WeldSettings> {
  const { qualification_mode, plant_name } = await repo.settings(ctx.db);
  return { qualification_mode, plant_name: plant_name ?? '' };
}

export const qualificationMode = async (db: Db): Promise<QualificationMode> => (await repo.settings(db)).qualification_mode;

export async function setSettings(ctx: ServiceContext, actor: AuthUser, body: WeldSettings): Promise<WeldSettings> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.settings(trx);
    const plantName = body.plant_name === undefined ? undefined : body.plant_name || null;
    await repo.saveSettings(trx, body.qualification_mode, nowIso(), plantName);
    await recordAudit(trx, {
      actor,
      entity: 'weld_settings',
      entityId: 1,
      action: 'update',
      before: { ...before, plant_name: before.plant_name ?? '' },
      after: {
        qualification_mode: body.qualification_mode,
        plant_name: plantName === undefined ? (before.plant_name ?? '') : (plantName ?? ''),
      },
    });
  });
  return getSettings(ctx);
}

// ---- Procedures and revisions ----

type RevisionRow = Awaited<ReturnType<typeof repo.revisionsOf>>[number];
const toRevision = (r: RevisionRow): Revision => ({ ...r, passes: r.passes });

export async function listProcedures(ctx: ServiceContext): Promise<Procedure[]> {
  const [procedures, revisions] = await Promise.all([repo.listProcedures(ctx.db), repo.revisionsOf(ctx.db)]);
  return procedures.map((p) => ({ ...p, revisions: revisions.filter((r) => r.procedure_id === p.id).map(toRevision) }));
}

export async function getProcedure(ctx: ServiceContext, id: number): Promise<Procedure> {
  const procedure = await repo.findProcedure(ctx.db, id);
  if (!procedure) throw notFound(m.procedureNotFound);
  return { ...procedure, revisions: (await repo.revisionsOf(ctx.db, [id])).map(toRevision) };
}

/** What a revision's audit row shows. */
const revisionAudit = (r: z.output<typeof revisionCreateBody>, revision: number, status: string) => ({
  revision,
  status,
  valid_from: r.valid_from,
  process: r.process,
  material_group: r.material_group,
  thickness: `${r.thickness_min_mm}–${r.thickness_max_mm}`,
  wire_classification: r.wire_classification,
  flux_classification: r.flux_classification,
  passes: r.passes
    .map(
      (p) =>
        `${m.passName[p.pass_type]}: ${p.current_min}–${p.current_max} A, ${p.voltage_min}–${p.voltage_max} V, ` +
        `${p.speed_min}–${p.speed_max} mm/min, ${p.heat_input_min}–${p.heat_input_max} kJ/mm, ` +
        `${p.preheat_min_c}–${p.interpass_max_c} °C`,
    )
    .join('; '),
});

async function addRevision(trx: Db, procedureId: number, body: z.output<typeof revisionCreateBody>, at: string): Promise<number> {
  const revision = await repo.nextRevisionNumber(trx, procedureId);
  const { passes, ...content } = body;
  await uniqueOr(
    repo.insertRevision(
      trx,
      { ...content, notes: content.notes || null, procedure_id: procedureId, revision, status: 'borrador', created_at: at },
      passes,
    ),
    m.revisionDateTaken,
  );
  return revision;
}

export async function createProcedure(
  ctx: ServiceContext,
  actor: AuthUser,
  body: z.output<typeof procedureCreateBody>,
): Promise<Procedure> {
  const { code, ...content } = body;
  const id = await keeperChange(ctx, actor, 'weld_procedure', async (trx) => {
    const at = nowIso();
    const { id } = await uniqueOr(repo.insertProcedure(trx, code, at), m.codeTaken);
    const revision = await addRevision(trx, id, content, at);
    return { entityId: id, action: 'create', after: { code, ...revisionAudit(content, revision, 'borrador') } };
  });
  return getProcedure(ctx, id);
}

export async function createRevision(
  ctx: ServiceContext,
  actor: AuthUser,
  procedureId: number,
  body: z.output<typeof revisionCreateBody>,
): Promise<Procedure> {
  await keeperChange(ctx, actor, 'weld_procedure', async (trx) => {
    if (!(await repo.findProcedure(trx, procedureId))) throw notFound(m.procedureNotFound);
    const revision = await addRevision(trx, procedureId, body, nowIso());
    return { entityId: procedureId, action: 'create', after: revisionAudit(body, revision, 'borrador') };
  });
  return getProcedure(ctx, procedureId);
}

/** A draft becomes the revision in force from its date; seams already welded keep the revision they were welded to. */
export async function approveRevision(ctx: ServiceContext, actor: AuthUser, procedureId: number, revision: number): Promise<Procedure> {
  await keeperChange(ctx, actor, 'weld_procedure', async (trx) => {
    const row = await repo.findRevision(trx, procedureId, revision);
    if (!row) throw notFound(m.revisionNotFound);
    const changed = await repo.approveRevision(trx, row.id, nowIso(), actor.name);
    if (!Number(changed.numUpdatedRows)) throw conflict(m.revisionNotDraft);
    return {
      entityId: procedureId,
      action: 'approve',
      before: { revision, status: 'borrador' },
      after: { revision, status: 'aprobada', valid_from: row.valid_from },
    };
  });
  return getProcedure(ctx, procedureId);
}

export async function retireProcedure(
  ctx: ServiceContext,
  actor: AuthUser,
  procedureId: number,
  body: z.output<typeof retireBody>,
): Promise<Procedure> {
  await keeperChange(ctx, actor, 'weld_procedure', async (trx) => {
    const row = await repo.findProcedure(trx, procedureId);
    if (!row) throw notFound(m.procedureNotFound);
    await repo.retireProcedure(trx, procedureId, body.retired_from);
    return {
      entityId: procedureId,
      action: 'retire',
      before: { retired_from: row.retired_from },
      after: { retired_from: body.retired_from },
    };
  });
  return getProcedure(ctx, procedureId);
}

/**
 * The revision a seam (or a repair) welded on `date` is made to: the procedure's approved revision in
 * force that day. A retired procedure, or one with no approved revision yet, refuses it (409).
 */
export async function revisionFor(db: Db, procedureId: number, date: string) {
  const procedure = await repo.findProcedure(db, procedureId);
  if (!procedure) throw badRequest(m.procedureUnknown);
  if (procedure.retired_from && procedure.retired_from <= date)
    throw conflict(m.procedureRetired(procedure.code, plainDate(procedure.retired_from)));
  const revision = await repo.revisionInForce(db, procedureId, date);
  if (!revision) throw conflict(m.noRevisionInForce(procedure.code, plainDate(date)));
  return { procedure, revision };
}

// ---- Qualifications ----

async function toQualifications(ctx: ServiceContext, rows: Awaited<ReturnType<typeof repo.listQualifications>>): Promise<Qualification[]> {
  const confirmations = await repo.confirmationsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const today = factoryToday(ctx.tz);
  return rows.map(({ created_at: _c, ...q }) => {
    const dates = confirmations.get(q.id) ?? [];
    return { ...q, user_id: q.user_id ?? 0, confirmations: dates, ...qualificationState(q, dates, today) };
  });
}

export async function listQualifications(ctx: ServiceContext, userId?: number): Promise<Qualification[]> {
  return toQualifications(ctx, await repo.listQualifications(ctx.db, userId));
}

export async function getQualification(ctx: ServiceContext, id: number): Promise<Qualification> {
  const row = await repo.findQualification(ctx.db, id);
  if (!row) throw notFound(m.qualificationNotFound);
  return (await toQualifications(ctx, [row]))[0];
}

export async function createQualification(
  ctx: ServiceContext,
  actor: AuthUser,
  body: z.output<typeof qualificationBody>,
): Promise<Qualification> {
  const id = await keeperChange(ctx, actor, 'weld_qualification', async (trx) => {
    const account = await findAccount(trx, body.user_id);
    if (!account) throw badRequest(m.userUnknown);
    const values = {
      ...body,
      range_notes: body.range_notes || null,
      thickness_min_mm: body.thickness_min_mm ?? null,
      thickness_max_mm: body.thickness_max_mm ?? null,
      user_name: account.name,
    };
    const row = await repo.insertQualification(trx, { ...values, created_at: nowIso() });
    return { entityId: row.id, action: 'create', after: values };
  });
  return getQualification(ctx, id);
}

export async function confirmQualification(
  ctx: ServiceContext,
  actor: AuthUser,
  id: number,
  body: z.output<typeof confirmationBody>,
): Promise<Qualification> {
  await keeperChange(ctx, actor, 'weld_qualification', async (trx) => {
    const row = await repo.findQualification(trx, id);
    if (!row) throw notFound(m.qualificationNotFound);
    if (body.confirmed_on < row.issued_on) throw badRequest(m.confirmationBeforeIssue);
    if (body.confirmed_on > row.expires_on) throw badRequest(m.confirmationAfterExpiry);
    await uniqueOr(repo.insertConfirmation(trx, id, body.confirmed_on, actor.name, nowIso()), m.confirmationTaken);
    return { entityId: id, action: 'semester_confirm', after: { confirmed_on: body.confirmed_on } };
  });
  return getQualification(ctx, id);
}

/**
 * The qualification that covers a user for a process on a factory date, if any: the one the seam's
 * record keeps, so a later confirmation or a new certificate never changes what was true that day.
 */
export async function qualificationOn(
  db: Db,
  userId: number,
  process: number,
  date: string,
): Promise<{ id: number | null; valid: boolean }> {
  const rows = await repo.qualificationsFor(db, userId, process);
  const confirmations = await repo.confirmationsOf(
    db,
    rows.map((r) => r.id),
  );
  const valid = rows.find((q) => qualificationValidOn(q, confirmations.get(q.id) ?? [], date));
  return valid ? { id: valid.id, valid: true } : { id: null, valid: false };
}

// ---- Lots ----

const toLot = ({
  blocked,
  certificate_name,
  certificate_type,
  certificate_size,
  certificate_attached_at,
  ...row
}: NonNullable<Awaited<ReturnType<typeof repo.findLot>>>): Lot => ({
  ...row,
  certificate:
    row.certificate_path && certificate_type
      ? {
          name: certificate_name ?? '',
          type: certificate_type,
          size: certificate_size ?? 0,
          uploaded_at: certificate_attached_at ?? '',
        }
      : null,
  blocked: blocked === 1,
});

export const listLots = async (ctx: ServiceContext, kind?: Lot['kind']): Promise<Lot[]> => (await repo.listLots(ctx.db, kind)).map(toLot);

export async function getLot(ctx: ServiceContext, id: number): Promise<Lot> {
  const row = await repo.findLot(ctx.db, id);
  if (!row) throw notFound(m.lotNotFound);
  return toLot(row);
}

/** The lots of a trace: an unknown one is a 400, a blocked one refuses its use (409). */
export async function usableLots(db: Db, engine: DbEngine, ids: number[]): Promise<Lot[]> {
  const lots = (await repo.findLots(db, ids, engine === 'postgres')).map(toLot);
  if (lots.length !== ids.length) throw badRequest(m.lotUnknown);
  const blocked = lots.find((l) => l.blocked);
  if (blocked) throw conflict(m.lotBlocked(blocked.lot_number, blocked.blocked_reason ?? ''));
  return lots;
}

export async function createLot(ctx: ServiceContext, actor: AuthUser, body: z.output<typeof lotBody>): Promise<Lot> {
  const id = await keeperChange(ctx, actor, 'weld_lot', async (trx) => {
    const row = await uniqueOr(repo.insertLot(trx, { ...body, blocked: 0, created_at: nowIso() }), m.lotTaken);
    return { entityId: row.id, action: 'create', after: body };
  });
  return getLot(ctx, id);
}

/** Blocks a lot (a certificate problem): no new seam may use it; the seams that did stay listed by its recall. */
export async function blockLot(ctx: ServiceContext, actor: AuthUser, id: number, body: z.output<typeof blockBody> | null): Promise<Lot> {
  await keeperChange(ctx, actor, 'weld_lot', async (trx) => {
    const row = await repo.findLot(trx, id);
    if (!row) throw notFound(m.lotNotFound);
    const block = body !== null;
    if (!(await repo.setBlocked(trx, id, block, body?.reason ?? null, block ? nowIso() : null)))
      throw conflict(block ? m.lotAlreadyBlocked : m.lotNotBlocked);
    return {
      entityId: id,
      action: block ? 'block' : 'unblock',
      before: { blocked: row.blocked === 1, blocked_reason: row.blocked_reason },
      after: { blocked: block, blocked_reason: body?.reason ?? null },
    };
  });
  return getLot(ctx, id);
}

/**
 * Whether a circular carries a weld record: its trace, inspections and repairs are the plant's quality
 * records, so the circular is not deleted while they exist (tramos/service.ts answers 409).
 */
export const hasWeldRecord = async (db: Parameters<typeof seamsRepo.findSeamRow>[0], tramoId: number): Promise<boolean> =>
  (await seamsRepo.findSeamRow(db, tramoId)) !== undefined;

// What weld telemetry reads of the seams (docs/decisions/080-weld-judgement-and-acceptance.md), and the
// hold it sets and releases (docs/decisions/092-seam-hold-in-the-weld-records.md).
export { calidadUserIds, firstPassOf, type SeamProcedure, seamHeads, seamProcedure } from './seam-facts';
export { holdAcceptance, releaseAcceptance } from './seam-state';
