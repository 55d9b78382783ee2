import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { authorName, withArcoAndNave, withUserName } from '../../db/names';
import type { HandoversTable } from '../../db/types';

/** Who confirmed a handover: none (null) until it is confirmed. */
const confirmerName = (nameColumn: string) =>
  sql<string | null>`case when ${sql.ref('h.confirmed_at')} is null then null else ${authorName(nameColumn)} end`;

const base = (db: Db) =>
  db
    .selectFrom('handovers as h')
    .$call(withArcoAndNave('h.arco_sumergido_id', 'a.nave_id'))
    .$call(withUserName('h.author_id', 'u', 'author_name'))
    .$call(withUserName('h.confirmed_by', 'c', 'confirmed_by_name', confirmerName))
    .select([
      'h.id',
      'h.arco_sumergido_id',
      'a.name as arco_sumergido_name',
      'n.name as nave',
      'h.shift_date',
      'h.shift_name',
      'h.shift_start',
      'h.shift_end',
      'h.note',
      'h.summary',
      'h.author_id',
      'h.created_at',
      'h.updated_at',
      'h.confirmed_by',
      'h.confirmed_at',
    ]);

export type HandoverRow = Awaited<ReturnType<typeof findHandover>> & {};

export const findHandover = (db: Db, id: number) => base(db).where('h.id', '=', id).executeTakeFirst();

export const findAtShift = (db: Db, arcoId: number, shiftStart: string) =>
  base(db).where('h.arco_sumergido_id', '=', arcoId).where('h.shift_start', '=', shiftStart).executeTakeFirst();

/** The arco's latest handover not yet confirmed, written before `before` by someone other than `reader`. */
/** The arco's latest unconfirmed note another worker wrote, of a shift that ended by `shiftEndedBy` (shift.ts). */
export const latestUnconfirmed = (db: Db, arcoId: number, shiftEndedBy: string, reader: number) =>
  base(db)
    .where('h.arco_sumergido_id', '=', arcoId)
    .where('h.shift_end', '<=', shiftEndedBy)
    .where('h.confirmed_at', 'is', null)
    .where((eb) => eb.or([eb('h.author_id', 'is', null), eb('h.author_id', '!=', reader)]))
    .orderBy('h.shift_start', 'desc')
    .orderBy('h.id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** A nave's handovers of the shifts that began on one factory date. */
export const listOfNaveOn = (db: Db, nave: string, date: string) =>
  base(db)
    .where('n.name', '=', nave)
    .where('h.shift_date', '=', date)
    .orderBy('h.shift_start')
    .orderBy('a.name')
    .orderBy('h.id')
    .limit(1000)
    .execute();

export const insertHandover = (db: Db, values: Omit<HandoversTable, 'id'>) =>
  db.insertInto('handovers').values(values).returning('id').executeTakeFirstOrThrow();

export const updateNote = (db: Db, id: number, values: { note: string; summary: string; updated_at: string }) =>
  db.updateTable('handovers').set(values).where('id', '=', id).where('confirmed_at', 'is', null).executeTakeFirst();

export const confirmHandover = (db: Db, id: number, by: number, at: string) =>
  db
    .updateTable('handovers')
    .set({ confirmed_by: by, confirmed_at: at })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
