import type { Insertable } from 'kysely';
import type { Db } from '../../db/index';
import type { ShiftVersionsTable } from '../../db/types';

const VERSION_COLUMNS = [
  'id',
  'shift_id',
  'effective_from',
  'name',
  'nave_id',
  'weekdays',
  'start_time',
  'end_time',
  'breaks',
  'active',
] as const;

/** Every definition of every shift, per shift oldest first: a calendar holds a few dozen rows. */
export const listVersions = (db: Db) =>
  db.selectFrom('shift_versions').select(VERSION_COLUMNS).orderBy('shift_id').orderBy('effective_from').execute();

export type VersionRow = Awaited<ReturnType<typeof listVersions>>[number];

export const findShift = (db: Db, id: number) => db.selectFrom('shifts').select('id').where('id', '=', id).executeTakeFirst();

export const insertShift = (db: Db, at: string) =>
  db.insertInto('shifts').values({ created_at: at }).returning('id').executeTakeFirstOrThrow();

export type VersionValues = Omit<Insertable<ShiftVersionsTable>, 'id' | 'created_at'>;

/** Sets what a shift is from a date on, replacing a change already planned for that very date. */
export async function putVersion(db: Db, values: VersionValues, at: string): Promise<void> {
  await db
    .deleteFrom('shift_versions')
    .where('shift_id', '=', values.shift_id)
    .where('effective_from', '=', values.effective_from)
    .execute();
  await db
    .insertInto('shift_versions')
    .values({ ...values, created_at: at })
    .execute();
}

/** Closures whose day lies in [fromDate, toDate]. */
export const closuresBetween = (db: Db, fromDate: string, toDate: string) =>
  db
    .selectFrom('shift_closures')
    .select(['id', 'date', 'shift_id', 'reason'])
    .where('date', '>=', fromDate)
    .where('date', '<=', toDate)
    .orderBy('date')
    .orderBy('id')
    .execute();

export const closuresFrom = (db: Db, fromDate: string) =>
  db
    .selectFrom('shift_closures')
    .select(['id', 'date', 'shift_id', 'reason'])
    .where('date', '>=', fromDate)
    .orderBy('date')
    .orderBy('id')
    .execute();

export const findClosure = (db: Db, id: number) =>
  db.selectFrom('shift_closures').select(['id', 'date', 'shift_id', 'reason']).where('id', '=', id).executeTakeFirst();

export const sameClosure = (db: Db, date: string, shiftId: number | null) =>
  db
    .selectFrom('shift_closures')
    .select('id')
    .where('date', '=', date)
    .where((eb) => (shiftId === null ? eb('shift_id', 'is', null) : eb('shift_id', '=', shiftId)))
    .executeTakeFirst();

export const insertClosure = (db: Db, values: { date: string; shift_id: number | null; reason: string }, at: string) =>
  db
    .insertInto('shift_closures')
    .values({ ...values, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();

export const deleteClosure = (db: Db, id: number) => db.deleteFrom('shift_closures').where('id', '=', id).execute();
