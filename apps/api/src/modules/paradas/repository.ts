import { sql } from 'kysely';
import type { Db, DbEngine } from '../../db/index';
import { stopAuthorName, withUserName } from '../../db/names';
import type { ParadasKaiserTable } from '../../db/types';

// The paradas module owns paradas_kaiser (docs/decisions/024-one-owner-per-table.md). Its SQL is in
// files by section: this one holds the stop view and the workers' stops (reads, overlap checks,
// writes); machine-repository.ts the machine's paradas; figures-repository.ts the plant board's and
// the shifts' figures; admin-list-repository.ts the admin list's page; export-repository.ts the CSV
// batches; timeline-repository.ts the arco timeline's bars.

export interface ParadaFilter {
  userId?: number;
  startDate?: string;
  endDate?: string;
  motivoId?: number;
  limit: number;
}

/** Who ended a stop, by name: null when no user did. */
const enderName = (nameColumn: string, idColumn: string) =>
  sql<string | null>`case when ${sql.ref(idColumn)} is null then null else ${sql.ref(nameColumn)} end`;

export const base = (db: Db) =>
  db
    .selectFrom('paradas_kaiser as p')
    // The stops of a deleted user stay, shown under a neutral author; a machine's shows as 'Máquina'.
    .$call(withUserName('p.user_id', 'u', 'user_name', (name) => stopAuthorName('p.source', name)))
    .leftJoin('arcos_sumergidos as a', 'a.id', 'p.arco_sumergido_id')
    .$call(withUserName('p.ended_by', 'e', 'ended_by_name', enderName))
    .leftJoin('motivos as m', 'm.id', 'p.motivo_id')
    .select([
      'p.id',
      'p.user_id',
      'p.arco_sumergido_id',
      'a.name as arco_sumergido_name',
      'p.date',
      'p.start_time',
      'p.end_time',
      'p.duration_minutes',
      'p.description',
      'p.source',
      'p.micro_stop',
      'p.ended_by',
      'p.motivo_id',
      'm.name as motivo_name',
    ]);

/** Stops newest first; dates are the factory-local `date` column, both ends inclusive. */
export function listParadas(db: Db, filter: ParadaFilter) {
  let q = base(db);
  if (filter.userId !== undefined) q = q.where('p.user_id', '=', filter.userId);
  if (filter.startDate) q = q.where('p.date', '>=', filter.startDate);
  if (filter.endDate) q = q.where('p.date', '<=', filter.endDate);
  if (filter.motivoId !== undefined) q = q.where('p.motivo_id', '=', filter.motivoId);
  return q.orderBy('p.date', 'desc').orderBy('p.start_time', 'desc').orderBy('p.id', 'desc').limit(filter.limit).execute();
}

/** An arco's paradas of one factory date, newest first (paradas_arco_end_idx narrows to the arco). */
export const listArcoParadasOn = (db: Db, arcoId: number, date: string, limit: number) =>
  base(db)
    .where('p.arco_sumergido_id', '=', arcoId)
    .where('p.date', '=', date)
    .orderBy('p.start_time', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();

export const findParada = (db: Db, id: number) => base(db).where('p.id', '=', id).executeTakeFirst();

/** The arco's ended paradas without a motivo since a factory date, micro-stops left out, newest first. */
export const listSinMotivo = (db: Db, arcoId: number, since: string, limit: number) =>
  base(db)
    .where('p.arco_sumergido_id', '=', arcoId)
    .where('p.date', '>=', since)
    .where('p.end_time', 'is not', null)
    .where('p.motivo_id', 'is', null)
    .where('p.micro_stop', '=', 0)
    .orderBy('p.start_time', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();

/** Gives an ended parada its motivo while it still has none: two workers adding one at once, one wins. */
export const setMissingMotivo = (db: Db, id: number, motivoId: number, now: string) =>
  db
    .updateTable('paradas_kaiser')
    .set({ motivo_id: motivoId, updated_at: now })
    .where('id', '=', id)
    .where('motivo_id', 'is', null)
    .where('end_time', 'is not', null)
    .executeTakeFirst();

// The running stops of a user or an arco are read as `end_time IS NULL`, an equality on the
// (owner, end_time) indexes of migration 2026-11-24T05-stop-write-indexes, and nothing else: with an
// ORDER BY start_time and LIMIT, or a start_time range, the planners may walk the owner's whole
// history instead, as SQLite did (tested in paradas-write-plans.test.ts). There is one such row per
// user, and per arco but for older data (docs/decisions/017-downtime-records.md).

export const findActiveParada = (db: Db, userId: number) =>
  base(db).where('p.user_id', '=', userId).where('p.end_time', 'is', null).executeTakeFirst();

/** Orders stops by start, then id (the order in which older overlapping data is counted). */
export const byStart = <T extends { start_time: string; id: number }>(a: T, b: T) =>
  a.start_time < b.start_time ? -1 : a.start_time > b.start_time ? 1 : a.id - b.id;

/**
 * The stop running at a station: the earliest when older data left several (docs/decisions/017-downtime-records.md).
 */
export async function findActiveAtArco(db: Db, arcoId: number) {
  const running = await base(db).where('p.arco_sumergido_id', '=', arcoId).where('p.end_time', 'is', null).execute();
  return running.sort(byStart)[0];
}

/**
 * Serialises the writes of one station's stops on PostgreSQL, as lockUserParadas does for a user's:
 * two workers at one arco cannot both pass the overlap checks side by side.
 */
export async function lockArcoParadas(db: Db, engine: DbEngine, arcoId: number): Promise<void> {
  if (engine !== 'postgres') return;
  await db.selectFrom('arcos_sumergidos').select('id').where('id', '=', arcoId).forUpdate().execute();
}

export type Span = { id: number; start_time: string; end_time: string | null };

/** The running and the ended stops of a user or an arco, without `except`, that were still running after `after`. */
export async function runningAfter(
  db: Db,
  owner: { user: number } | { arco: number },
  after: string,
  startedBefore: string,
  except?: number,
): Promise<Span[]> {
  const [column, ownerId] = 'user' in owner ? (['user_id', owner.user] as const) : (['arco_sumergido_id', owner.arco] as const);
  const spans = () => {
    const q = db.selectFrom('paradas_kaiser').select(['id', 'start_time', 'end_time']).where(column, '=', ownerId);
    return except === undefined ? q : q.where('id', '!=', except);
  };
  const running = spans().where('end_time', 'is', null);
  // `start_time || ''` keeps the planners off the (owner, start_time) indexes: the range on end_time is
  // the narrow one, the stops that ended after `after`.
  const ended = spans()
    .where('end_time', '>', after)
    .where(sql<string>`${sql.ref('start_time')} || ''`, '<=', startedBefore)
    .orderBy('end_time');
  const rows = [...(await running.execute()), ...(await ended.execute())];
  return rows.filter((r) => r.start_time <= startedBefore);
}

/** The stops at a station that began before [start, ...) and still ran after its start (older overlapping data). */
export async function earlierOverlapping(db: Db, arcoId: number, id: number, start: string): Promise<Span[]> {
  const rows = await runningAfter(db, { arco: arcoId }, start, start, id);
  return rows.filter((r) => r.start_time < start || (r.start_time === start && r.id < id)).sort(byStart);
}

/** Rows whose counted minutes were cut by an overlap, at a station (a handful, from older data). */
export const partlyCounted = (db: Db, arcoId: number) =>
  db
    .selectFrom('paradas_kaiser')
    .select(['id', 'start_time', 'end_time'])
    .where('arco_sumergido_id', '=', arcoId)
    .where((eb) => eb.or([eb('counted_minutes', 'is not', null), eb('duplicate_of', 'is not', null)]))
    .execute();

/**
 * Serialises the writes of one user's stops on PostgreSQL (read committed would let two overlapping
 * manual stops pass their checks side by side). SQLite runs one write transaction at a time already.
 */
export async function lockUserParadas(db: Db, engine: DbEngine, userId: number): Promise<void> {
  if (engine !== 'postgres') return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/**
 * Another stop of the user (or of the station) that shares time with [start, end): touching ends are
 * allowed and an active stop (no end yet) reaches into the future.
 */
export async function findOverlap(
  db: Db,
  owner: { user: number } | { arco: number },
  start: string,
  end: string,
  exceptId?: number,
): Promise<{ id: number } | undefined> {
  const rows = await runningAfter(db, owner, start, end, exceptId);
  const hit = rows.find((r) => r.start_time < end);
  return hit ? { id: hit.id } : undefined;
}

// A worker's parada: source and micro_stop keep their defaults (machine paradas are written by modules/machines).
type Optional = 'ended_by' | 'duplicate_of' | 'counted_minutes' | 'motivo_id';
export type NewParada = Omit<ParadasKaiserTable, 'id' | 'source' | 'micro_stop' | Optional> & Partial<Pick<ParadasKaiserTable, Optional>>;

export const insertParada = (db: Db, values: NewParada) =>
  db.insertInto('paradas_kaiser').values(values).returning('id').executeTakeFirstOrThrow();

export const updateParada = (db: Db, id: number, values: Partial<NewParada>) =>
  db.updateTable('paradas_kaiser').set(values).where('id', '=', id).executeTakeFirst();

/** Ends the stop only while it is still active, so two concurrent ends cannot both succeed. */
export const endActiveParada = (
  db: Db,
  id: number,
  values: Pick<
    NewParada,
    'end_time' | 'duration_minutes' | 'description' | 'updated_at' | 'ended_by' | 'counted_minutes' | 'motivo_id' | 'end_received_at'
  >,
) => db.updateTable('paradas_kaiser').set(values).where('id', '=', id).where('end_time', 'is', null).executeTakeFirst();

export const deleteParada = (db: Db, id: number) => db.deleteFrom('paradas_kaiser').where('id', '=', id).executeTakeFirst();
