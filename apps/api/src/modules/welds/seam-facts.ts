import type { Transaction } from 'kysely';
import type { Db } from '../../db/index';
import { withArcoAndNave } from '../../db/names';
import type { Database } from '../../db/types';
import type { WeldRevisionPassesTable } from '../../db/types-welds';
import { seamCircular } from './seams-repository';

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
  /** The pass ranges telemetry judges by (the heat input is the weld records' own). */
  passes: Omit<WeldRevisionPassesTable, 'revision_id' | 'heat_input_min' | 'heat_input_max'>[];
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
 * Some circulares' weld records as a list shows them (the circulares out of procedure awaiting a
 * decision): the circular's ids and date, its arco and nave, and the seam's state.
 */
export const seamHeads = (db: Executor, tramoIds: number[]) =>
  tramoIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('weld_seams as s')
        .innerJoin('tramos as t', 't.id', 's.tramo_id')
        .$call(withArcoAndNave('s.arco_sumergido_id', 's.nave_id'))
        .select([...seamCircular, 's.nave_id', 'n.name as nave', 's.state'])
        .where('s.tramo_id', 'in', tramoIds)
        .execute();
