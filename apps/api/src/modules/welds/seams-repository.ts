import { type Insertable, type RawBuilder, type SelectQueryBuilder, sql, type Transaction, type Updateable } from 'kysely';
import type { Db, DbEngine } from '../../db/index';
import { authorName, withArcoAndNave, withUserName } from '../../db/names';
import type { Database } from '../../db/types';
import type { WeldDefectsTable, WeldInspectionsTable, WeldRepairsTable, WeldSeamsTable } from '../../db/types-welds';

// A circular's weld trace and what follows it (docs/decisions/066-weld-records.md): weld_seams,
// weld_seam_operators, weld_seam_lots, weld_inspections, weld_defects and weld_repairs; the recalls and
// the figures. Reads of tramos, arcos, naves and users only take the circular's facts and names
// (docs/decisions/024-one-owner-per-table.md).

type Executor = Db | Transaction<Database>;

/**
 * Joins the procedure (`p`) and the revision (`r`) a seam or a repair was welded to and selects how every
 * record names them, `procedure_code` and `revision`: `$call(withProcedureAndRevision('s.procedure_id', 's.revision_id'))`.
 */
export const withProcedureAndRevision =
  (procedureId: `${string}.procedure_id`, revisionId: `${string}.revision_id`) =>
  <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) =>
    (query as unknown as SelectQueryBuilder<Database, keyof Database, O>)
      .innerJoin('weld_procedures as p', (join) => join.on('p.id', '=', sql.ref<number>(procedureId)))
      .innerJoin('weld_revisions as r', (join) => join.on('r.id', '=', sql.ref<number>(revisionId)))
      .select(['p.code as procedure_code', 'r.revision']) as unknown as SelectQueryBuilder<
      DB & { p: Database['weld_procedures']; r: Database['weld_revisions'] },
      TB | 'p' | 'r',
      O & { procedure_code: string; revision: number }
    >;

/** What a trace needs of its circular: its nave, arco, date, owner and when it was recorded. */
export const tramoFacts = (db: Executor, id: number) =>
  db
    .selectFrom('tramos')
    .select(['id', 'nave_id', 'arco_sumergido_id', 'circular_fecha', 'created_at', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst();

/** The seam's row, locked on PostgreSQL for the rest of the transaction (SQLite runs one writer at a time). */
export function lockSeam(db: Transaction<Database>, engine: DbEngine, tramoId: number) {
  let q = db.selectFrom('weld_seams').selectAll().where('tramo_id', '=', tramoId);
  if (engine === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

export const findSeamRow = (db: Executor, tramoId: number) =>
  db.selectFrom('weld_seams').selectAll().where('tramo_id', '=', tramoId).executeTakeFirst();

export async function saveSeam(
  db: Executor,
  values: Insertable<WeldSeamsTable>,
  exists: boolean,
  operators: { user_id: number; qualification_id: number | null; qualified: number }[],
  lotIds: number[],
) {
  if (exists) {
    const { tramo_id, created_at: _c, ...rest } = values;
    await db.updateTable('weld_seams').set(rest).where('tramo_id', '=', tramo_id).execute();
  } else {
    await db.insertInto('weld_seams').values(values).execute();
  }
  await db.deleteFrom('weld_seam_operators').where('tramo_id', '=', values.tramo_id).execute();
  await db
    .insertInto('weld_seam_operators')
    .values(operators.map((o) => ({ ...o, tramo_id: values.tramo_id })))
    .execute();
  await db.deleteFrom('weld_seam_lots').where('tramo_id', '=', values.tramo_id).execute();
  if (lotIds.length)
    await db
      .insertInto('weld_seam_lots')
      .values(lotIds.map((lot_id) => ({ tramo_id: values.tramo_id, lot_id })))
      .execute();
}

export const seamLotIds = async (db: Executor, tramoId: number) =>
  (await db.selectFrom('weld_seam_lots').select('lot_id').where('tramo_id', '=', tramoId).execute()).map((r) => r.lot_id);

/** A revision's procedure code, number and process. */
export const revisionNames = (db: Executor, revisionId: number) =>
  db
    .selectFrom('weld_revisions as r')
    .innerJoin('weld_procedures as p', 'p.id', 'r.procedure_id')
    .select(['p.code', 'r.revision', 'r.process'])
    .where('r.id', '=', revisionId)
    .executeTakeFirstOrThrow();

// ---- The seam as the screens show it ----

/**
 * What every list of seams shows of a seam's circular, selected over `weld_seams as s` joined to
 * `tramos as t` and `arcos_sumergidos as a`: its ids and date and its arco's name.
 */
export const seamCircular = [
  's.tramo_id',
  't.id_proyecto',
  't.id_tramo',
  't.id_circular',
  't.circular_fecha',
  'a.name as arco_sumergido_name',
] as const;

export const seamHead = (db: Executor, tramoId: number) =>
  db
    .selectFrom('weld_seams as s')
    .innerJoin('tramos as t', 't.id', 's.tramo_id')
    .$call(withArcoAndNave('s.arco_sumergido_id', 's.nave_id'))
    .$call(withProcedureAndRevision('s.procedure_id', 's.revision_id'))
    .select([
      ...seamCircular,
      's.arco_sumergido_id',
      'n.name as nave',
      's.procedure_id',
      's.revision_id',
      'r.process',
      's.welded_at',
      's.state',
      's.qualified',
      's.held_since',
    ])
    .where('s.tramo_id', '=', tramoId)
    .executeTakeFirst();

export const seamOperators = (db: Executor, tramoId: number) =>
  db
    .selectFrom('weld_seam_operators as o')
    .$call(withUserName('o.user_id', 'u', 'name'))
    .leftJoin('weld_qualifications as q', 'q.id', 'o.qualification_id')
    .select(['o.user_id', 'o.qualification_id', 'q.certificate_number', 'o.qualified'])
    .where('o.tramo_id', '=', tramoId)
    .orderBy('o.user_id')
    .execute();

export const seamLots = (db: Executor, tramoId: number) =>
  db
    .selectFrom('weld_seam_lots as sl')
    .innerJoin('weld_lots as l', 'l.id', 'sl.lot_id')
    .select(['l.id', 'l.kind', 'l.lot_number', 'l.maker', 'l.classification', 'l.blocked'])
    .where('sl.tramo_id', '=', tramoId)
    .orderBy('l.kind')
    .orderBy('l.id')
    .execute();

export const seamInspections = (db: Executor, tramoId: number) =>
  db.selectFrom('weld_inspections').selectAll().where('tramo_id', '=', tramoId).orderBy('id').execute();

export const seamDefects = (db: Executor, tramoId: number) =>
  db.selectFrom('weld_defects').selectAll().where('tramo_id', '=', tramoId).orderBy('id').execute();

export const seamRepairs = (db: Executor, tramoId: number) =>
  db
    .selectFrom('weld_repairs as rp')
    .$call(withProcedureAndRevision('rp.procedure_id', 'rp.revision_id'))
    .select(['rp.id', 'rp.defect_id', 'rp.operator_id', 'rp.operator_name', 'rp.repaired_on', 'rp.qualified'])
    .where('rp.tramo_id', '=', tramoId)
    .orderBy('rp.id')
    .execute();

// ---- Inspections, defects and repairs ----

export const insertInspection = (db: Executor, values: Insertable<WeldInspectionsTable>) =>
  db.insertInto('weld_inspections').values(values).returning('id').executeTakeFirstOrThrow();

export async function insertDefects(db: Executor, values: Insertable<WeldDefectsTable>[]) {
  if (values.length) await db.insertInto('weld_defects').values(values).execute();
}

export const findDefect = (db: Executor, id: number) => db.selectFrom('weld_defects').selectAll().where('id', '=', id).executeTakeFirst();

export const findRepair = (db: Executor, id: number) => db.selectFrom('weld_repairs').selectAll().where('id', '=', id).executeTakeFirst();

export const insertRepair = (db: Executor, values: Insertable<WeldRepairsTable>) =>
  db.insertInto('weld_repairs').values(values).returning('id').executeTakeFirstOrThrow();

export const updateSeamState = (
  db: Executor,
  tramoId: number,
  values: Pick<
    Updateable<WeldSeamsTable>,
    'state' | 'inspected' | 'inspected_length_mm' | 'repaired' | 'repaired_length_mm' | 'first_pass' | 'updated_at'
  >,
) => db.updateTable('weld_seams').set(values).where('tramo_id', '=', tramoId).execute();

/**
 * Sets or clears the seam's hold for a decision (docs/decisions/092-seam-hold-in-the-weld-records.md);
 * a seam already held keeps its first time. Answers whether the circular has a seam row.
 */
export async function setHeld(db: Executor, tramoId: number, since: string | null): Promise<boolean> {
  const held = since === null ? null : sql<string>`coalesce(held_since, ${since})`;
  const result = await db.updateTable('weld_seams').set({ held_since: held }).where('tramo_id', '=', tramoId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---- Recalls: one statement each ----

/** Names joined by ', ' in a stable order, on either engine. */
function listOf(engine: DbEngine, from: RawBuilder<unknown>, column: RawBuilder<unknown>, order: RawBuilder<unknown>) {
  return engine === 'postgres'
    ? sql<string>`coalesce((select string_agg(${column}, ', ' order by ${order}) ${from}), '')`
    : sql<string>`coalesce((select group_concat(x, ', ') from (select ${column} as x ${from} order by ${order})), '')`;
}

export type Recall = { lot: number } | { qualification: number } | { revision: number };

/**
 * The tramo ids a recall lists, in order, from one index: weld_seam_lots_lot_idx,
 * weld_seam_operators_qual_idx or weld_seams_revision_idx (a range of it after `after`).
 */
function recallKeys(db: Executor, recall: Recall, after: number) {
  if ('lot' in recall)
    return db.selectFrom('weld_seam_lots as k').select('k.tramo_id').where('k.lot_id', '=', recall.lot).where('k.tramo_id', '>', after);
  if ('qualification' in recall)
    return db
      .selectFrom('weld_seam_operators as k')
      .select('k.tramo_id')
      .where('k.qualification_id', '=', recall.qualification)
      .where('k.tramo_id', '>', after);
  return db.selectFrom('weld_seams as k').select('k.tramo_id').where('k.revision_id', '=', recall.revision).where('k.tramo_id', '>', after);
}

/**
 * One statement per page: the page's keys are chosen along the recall's index first, and only their
 * rows are joined to their circular, procedure, revision, operators and lots.
 */
function recallRows(
  db: Executor,
  engine: DbEngine,
  recall: Recall,
  page: { after: number; limit: number; offset: number; withTotal: boolean },
) {
  let keys = recallKeys(db, recall, page.after).orderBy('k.tramo_id').limit(page.limit);
  if (page.offset) keys = keys.offset(page.offset);
  const operators = listOf(
    engine,
    sql`from weld_seam_operators o left join users u on u.id = o.user_id where o.tramo_id = s.tramo_id`,
    authorName('u.name'),
    sql`o.user_id`,
  );
  const lots = listOf(
    engine,
    sql`from weld_seam_lots l2 join weld_lots l on l.id = l2.lot_id where l2.tramo_id = s.tramo_id`,
    sql`l.lot_number`,
    sql`l.kind, l.id`,
  );
  return db
    .selectFrom(keys.as('page'))
    .innerJoin('weld_seams as s', 's.tramo_id', 'page.tramo_id')
    .innerJoin('tramos as t', 't.id', 's.tramo_id')
    .innerJoin('arcos_sumergidos as a', 'a.id', 's.arco_sumergido_id')
    .$call(withProcedureAndRevision('s.procedure_id', 's.revision_id'))
    .select([
      ...seamCircular,
      operators.as('operators'),
      lots.as('lots'),
      's.state',
      's.qualified',
      // How many the recall has, counted along the same index once (a scalar subquery, not a window over the rows).
      (page.withTotal
        ? recallKeys(db, recall, 0)
            .clearSelect()
            .select((eb) => eb.fn.countAll<number>().as('n'))
        : sql<number>`0`
      ).as('total'),
    ])
    .orderBy('s.tramo_id')
    .execute();
}

/** A page of a recall with the recall's total on each row. */
export const recallPage = (db: Db, engine: DbEngine, recall: Recall, limit: number, offset: number) =>
  recallRows(db, engine, recall, { after: 0, limit, offset, withTotal: true });

/** The next batch of a recall's CSV after `afterTramoId`, along the same index. */
export const recallBatch = (db: Db, engine: DbEngine, recall: Recall, afterTramoId: number, limit: number) =>
  recallRows(db, engine, recall, { after: afterTramoId, limit, offset: 0, withTotal: false });

// ---- Figures ----

/** The defects found (first inspections and re-inspections) on the seams welded in the months, per ISO 6520-1 type. */
export function defectTypes(db: Db, from: string, to: string) {
  return db
    .selectFrom('weld_defects as d')
    .innerJoin('weld_seams as s', 's.tramo_id', 'd.tramo_id')
    .where('s.month', '>=', from)
    .where('s.month', '<=', to)
    .select(['d.code', sql<number>`count(*)`.as('defects'), sql<number>`coalesce(sum(d.length_mm), 0)`.as('length_mm')])
    .groupBy('d.code')
    .execute();
}
