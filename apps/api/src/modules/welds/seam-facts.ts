import type { PassType } from '@portal/contract/welds-messages';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/types';

// What weld telemetry reads of the weld records (docs/decisions/079-weld-telemetry.md): the procedure
// revision a circular is welded to with its pass ranges, the Calidad of a nave, and the first-pass
// counters of some seams. Reads only; the tables stay this module's (docs/decisions/024-one-owner-per-table.md).

type Executor = Db | Transaction<Database>;

export interface SeamProcedure {
  tramo_id: number;
  nave_id: number;
  arco_sumergido_id: number;
  id_circular: string;
  revision_id: number;
  process: number;
  passes: {
    pass_type: PassType;
    current_min: number;
    current_max: number;
    voltage_min: number;
    voltage_max: number;
    speed_min: number;
    speed_max: number;
    preheat_min_c: number;
    interpass_max_c: number;
  }[];
}

/** A circular's weld record: its revision's process and pass ranges (undefined without a record). */
export async function seamProcedure(db: Executor, tramoId: number): Promise<SeamProcedure | undefined> {
  const seam = await db
    .selectFrom('weld_seams as s')
    .innerJoin('tramos as t', 't.id', 's.tramo_id')
    .innerJoin('weld_revisions as r', 'r.id', 's.revision_id')
    .select(['s.tramo_id', 's.nave_id', 's.arco_sumergido_id', 't.id_circular', 's.revision_id', 'r.process'])
    .where('s.tramo_id', '=', tramoId)
    .executeTakeFirst();
  if (!seam) return undefined;
  const passes = await db
    .selectFrom('weld_revision_passes')
    .select([
      'pass_type',
      'current_min',
      'current_max',
      'voltage_min',
      'voltage_max',
      'speed_min',
      'speed_max',
      'preheat_min_c',
      'interpass_max_c',
    ])
    .where('revision_id', '=', seam.revision_id)
    .execute();
  return { ...seam, passes: passes as SeamProcedure['passes'] };
}

/** The users who are Calidad at a nave (ids). */
export const calidadUserIds = async (db: Executor, naveId: number): Promise<number[]> =>
  (await db.selectFrom('weld_calidad_roles').select('user_id').where('nave_id', '=', naveId).execute()).map((r) => r.user_id);

/** Inspected and first-pass seams among some circulares (the quality factor of OEE). */
export async function firstPassOf(db: Executor, tramoIds: number[]): Promise<{ inspected: number; first_pass: number }> {
  if (tramoIds.length === 0) return { inspected: 0, first_pass: 0 };
  const row = await db
    .selectFrom('weld_seams')
    .select((eb) => [eb.fn.sum<number>('inspected').as('inspected'), eb.fn.sum<number>('first_pass').as('first_pass')])
    .where('tramo_id', 'in', tramoIds)
    .executeTakeFirst();
  return { inspected: Number(row?.inspected ?? 0), first_pass: Number(row?.first_pass ?? 0) };
}

/**
 * After a circular was marked out of procedure: an accepted seam goes back to 'pendiente' (the
 * trigger of migration 2026-11-28T10-telemetry applies on the state's write; docs/decisions/080-weld-judgement-and-acceptance.md).
 */
export async function holdAcceptance(db: Executor, tramoId: number): Promise<void> {
  await db.updateTable('weld_seams').set({ state: sql`state` }).where('tramo_id', '=', tramoId).execute();
}

/**
 * After a decision: a seam inspected and still 'pendiente' was held from 'aceptada' (seams.ts gives
 * 'pendiente' only before the first inspection), so it is accepted now, unless the trigger holds it still.
 */
export async function releaseAcceptance(db: Executor, tramoId: number): Promise<void> {
  await db
    .updateTable('weld_seams')
    .set({ state: 'aceptada' })
    .where('tramo_id', '=', tramoId)
    .where('state', '=', 'pendiente')
    .where('inspected', '=', 1)
    .execute();
}
