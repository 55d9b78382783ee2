import type { PassRanges } from '@portal/contract/welds';
import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/types';
import type { WeldLotsTable, WeldQualificationsTable, WeldRevisionsTable } from '../../db/types-welds';

// The weld records' catalogue (docs/decisions/066-weld-records.md): weld_calidad_roles, weld_settings,
// weld_procedures, weld_revisions, weld_revision_passes, weld_qualifications,
// weld_qualification_confirmations and weld_lots. Joins to naves only read names
// (docs/decisions/024-one-owner-per-table.md).

type Executor = Db | Transaction<Database>;

// ---- The Calidad capability and the plant's setting ----

export const calidadNaves = (db: Executor, userId: number) =>
  db
    .selectFrom('weld_calidad_roles as r')
    .innerJoin('naves as n', 'n.id', 'r.nave_id')
    .select(['n.id', 'n.name'])
    .where('r.user_id', '=', userId)
    .orderBy('n.name')
    .execute();

export async function replaceCalidad(db: Executor, userId: number, naveIds: number[], at: string) {
  await db.deleteFrom('weld_calidad_roles').where('user_id', '=', userId).execute();
  if (naveIds.length)
    await db
      .insertInto('weld_calidad_roles')
      .values(naveIds.map((nave_id) => ({ user_id: userId, nave_id, created_at: at })))
      .execute();
}

export const settings = (db: Executor) =>
  db.selectFrom('weld_settings').select(['qualification_mode', 'plant_name']).where('id', '=', 1).executeTakeFirstOrThrow();

/** The plant's setting; a plant name left undefined stays as it was. */
export const saveSettings = (db: Executor, mode: Database['weld_settings']['qualification_mode'], at: string, plantName?: string | null) =>
  db
    .updateTable('weld_settings')
    .set({ qualification_mode: mode, updated_at: at, ...(plantName === undefined ? {} : { plant_name: plantName }) })
    .where('id', '=', 1)
    .execute();

// ---- Procedures and revisions ----

export const listProcedures = (db: Executor) => db.selectFrom('weld_procedures').selectAll().orderBy('code').execute();

export const findProcedure = (db: Executor, id: number) =>
  db.selectFrom('weld_procedures').selectAll().where('id', '=', id).executeTakeFirst();

export const insertProcedure = (db: Executor, code: string, at: string) =>
  db.insertInto('weld_procedures').values({ code, created_at: at }).returning('id').executeTakeFirstOrThrow();

export const retireProcedure = (db: Executor, id: number, from: string) =>
  db.updateTable('weld_procedures').set({ retired_from: from }).where('id', '=', id).execute();

/** Revisions with their passes, of some procedures (all when `procedureIds` is absent), oldest first. */
export async function revisionsOf(db: Executor, procedureIds?: number[]) {
  if (procedureIds && !procedureIds.length) return [];
  let q = db.selectFrom('weld_revisions').selectAll();
  if (procedureIds) q = q.where('procedure_id', 'in', procedureIds);
  const revisions = await q.orderBy('procedure_id').orderBy('revision').execute();
  if (!revisions.length) return [];
  const passes = await db
    .selectFrom('weld_revision_passes')
    .selectAll()
    .where(
      'revision_id',
      'in',
      revisions.map((r) => r.id),
    )
    .execute();
  return revisions.map((r) => ({
    ...r,
    passes: passes
      .filter((p) => p.revision_id === r.id)
      .map(({ revision_id: _r, ...p }) => p)
      .sort((a, b) => PASS_ORDER[a.pass_type] - PASS_ORDER[b.pass_type]),
  }));
}
const PASS_ORDER = { raiz: 0, relleno: 1, peine: 2 } as const;

export const findRevision = (db: Executor, procedureId: number, revision: number) =>
  db.selectFrom('weld_revisions').selectAll().where('procedure_id', '=', procedureId).where('revision', '=', revision).executeTakeFirst();

/** The approved revision in force on a factory date: the latest approved one from that date or before. */
export const revisionInForce = (db: Executor, procedureId: number, date: string) =>
  db
    .selectFrom('weld_revisions')
    .selectAll()
    .where('procedure_id', '=', procedureId)
    .where('status', '=', 'aprobada')
    .where('valid_from', '<=', date)
    .orderBy('valid_from', 'desc')
    .limit(1)
    .executeTakeFirst();

export async function nextRevisionNumber(db: Executor, procedureId: number): Promise<number> {
  const row = await db
    .selectFrom('weld_revisions')
    .select((eb) => eb.fn.max('revision').as('n'))
    .where('procedure_id', '=', procedureId)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

export async function insertRevision(db: Executor, values: Insertable<WeldRevisionsTable>, passes: PassRanges[]) {
  const row = await db.insertInto('weld_revisions').values(values).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('weld_revision_passes')
    .values(passes.map((p) => ({ ...p, revision_id: row.id })))
    .execute();
  return row;
}

export const approveRevision = (db: Executor, id: number, at: string, by: string) =>
  db
    .updateTable('weld_revisions')
    .set({ status: 'aprobada', approved_at: at, approved_by_name: by })
    .where('id', '=', id)
    .where('status', '=', 'borrador')
    .executeTakeFirst();

// ---- Qualifications ----

export const listQualifications = (db: Executor, userId?: number) => {
  let q = db.selectFrom('weld_qualifications').selectAll();
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  return q.orderBy('user_name').orderBy('issued_on').orderBy('id').execute();
};

export const findQualification = (db: Executor, id: number) =>
  db.selectFrom('weld_qualifications').selectAll().where('id', '=', id).executeTakeFirst();

/** A user's qualifications for a process (the check of a seam's operator). */
export const qualificationsFor = (db: Executor, userId: number, process: number) =>
  db.selectFrom('weld_qualifications').selectAll().where('user_id', '=', userId).where('process', '=', process).orderBy('id').execute();

export async function confirmationsOf(db: Executor, qualificationIds: number[]): Promise<Map<number, string[]>> {
  const byQualification = new Map<number, string[]>(qualificationIds.map((id) => [id, []]));
  if (!qualificationIds.length) return byQualification;
  const rows = await db
    .selectFrom('weld_qualification_confirmations')
    .select(['qualification_id', 'confirmed_on'])
    .where('qualification_id', 'in', qualificationIds)
    .orderBy('confirmed_on')
    .execute();
  for (const r of rows) byQualification.get(r.qualification_id)?.push(r.confirmed_on);
  return byQualification;
}

export const insertQualification = (db: Executor, values: Insertable<WeldQualificationsTable>) =>
  db.insertInto('weld_qualifications').values(values).returning('id').executeTakeFirstOrThrow();

export const insertConfirmation = (db: Executor, qualificationId: number, on: string, by: string, at: string) =>
  db
    .insertInto('weld_qualification_confirmations')
    .values({ qualification_id: qualificationId, confirmed_on: on, confirmed_by_name: by, created_at: at })
    .execute();

// ---- Lots ----

export const listLots = (db: Executor, kind?: WeldLotsTable['kind']) => {
  let q = db.selectFrom('weld_lots').selectAll();
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('received_on', 'desc').orderBy('id', 'desc').execute();
};

export const findLot = (db: Executor, id: number) => db.selectFrom('weld_lots').selectAll().where('id', '=', id).executeTakeFirst();

/** Lots by id; `share` locks them on PostgreSQL until the transaction ends, so a block waits for a seam using them (or the seam for the block). */
export function findLots(db: Executor, ids: number[], share = false) {
  if (!ids.length) return Promise.resolve([]);
  let q = db.selectFrom('weld_lots').selectAll().where('id', 'in', ids).orderBy('id');
  if (share) q = q.forShare();
  return q.execute();
}

export const insertLot = (db: Executor, values: Insertable<WeldLotsTable>) =>
  db.insertInto('weld_lots').values(values).returning('id').executeTakeFirstOrThrow();

/** Blocks or unblocks; answers whether the row changed (a lot already in that state does not). */
export async function setBlocked(db: Executor, id: number, blocked: boolean, reason: string | null, at: string | null): Promise<boolean> {
  const result = await db
    .updateTable('weld_lots')
    .set({ blocked: blocked ? 1 : 0, blocked_reason: reason, blocked_at: at })
    .where('id', '=', id)
    .where('blocked', '=', blocked ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---- The lots' 3.1 certificates (docs/decisions/076-lot-certificates.md) ----

/** Attaches (or replaces) a lot's certificate; answers whether the lot was there. */
export async function setCertificate(
  db: Executor,
  id: number,
  values: { path: string; name: string; type: string; size: number; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('weld_lots')
    .set({
      certificate_path: values.path,
      certificate_name: values.name,
      certificate_type: values.type,
      certificate_size: values.size,
      certificate_attached_at: values.at,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
