import type { PARADA_SORTS } from '@portal/contract/paging';
import { durationMinutes } from '@portal/contract/paradas';
import { addDays } from '@portal/contract/time';
import { sql } from 'kysely';
import type { Db, DbEngine } from '../../db/index';
import { stopAuthorName } from '../../db/names';
import {
  allOf,
  type Condition,
  type Cursor,
  countRowsColumn,
  countWhere,
  type ExportFilter,
  eq,
  gte,
  type Keyset,
  keysetBatch,
  lte,
} from '../../db/paging';
import type { ParadasKaiserTable } from '../../db/types';

export interface ParadaFilter {
  userId?: number;
  startDate?: string;
  endDate?: string;
  motivoId?: number;
  limit: number;
}

export const base = (db: Db) =>
  db
    .selectFrom('paradas_kaiser as p')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('arcos_sumergidos as a', 'a.id', 'p.arco_sumergido_id')
    .leftJoin('users as e', 'e.id', 'p.ended_by')
    .leftJoin('motivos as m', 'm.id', 'p.motivo_id')
    .select([
      'p.id',
      'p.user_id',
      // The stops of a deleted user stay, shown under a neutral author; a machine's shows as 'Máquina'.
      stopAuthorName('p.source', 'u.name').as('user_name'),
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
      sql<string | null>`case when ${sql.ref('p.ended_by')} is null then null else ${sql.ref('e.name')} end`.as('ended_by_name'),
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
const byStart = <T extends { start_time: string; id: number }>(a: T, b: T) =>
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

type Span = { id: number; start_time: string; end_time: string | null };

/** The running and the ended stops of a user or an arco, without `except`, that were still running after `after`. */
async function runningAfter(
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

// Machine paradas (docs/decisions/020-machine-signals.md): opened and ended by modules/machines through the service.

/** The running and the ended stops of an arco that still ran after `after` and began by `until`, by start. */
export const arcoSpansBetween = async (db: Db, arcoId: number, after: string, until: string) =>
  (await runningAfter(db, { arco: arcoId }, after, until)).sort(byStart);

/** A parada of the arco that ended exactly at `at` (the one a machine parada from `at` continues). */
export const findEndedAt = (db: Db, arcoId: number, at: string) =>
  db
    .selectFrom('paradas_kaiser')
    .select('id')
    .where('arco_sumergido_id', '=', arcoId)
    .where('end_time', '=', at)
    .limit(1)
    .executeTakeFirst();

/** A machine parada from `start`, running (no `end`) or ended at `end`. */
export const insertMachineParada = (db: Db, arcoId: number, date: string, start: string, now: string, end: string | null = null) =>
  db
    .insertInto('paradas_kaiser')
    .values({
      user_id: null,
      arco_sumergido_id: arcoId,
      date,
      start_time: start,
      end_time: end,
      duration_minutes: end === null ? null : Math.max(0, durationMinutes(start, end)),
      description: null,
      source: 'machine',
      micro_stop: 0,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

/** Ends the parada at `end` while it is still active. */
export const endParadaAt = (db: Db, id: number, end: string, durationMinutes: number, microStop: boolean, now: string) =>
  db
    .updateTable('paradas_kaiser')
    .set({ end_time: end, duration_minutes: durationMinutes, micro_stop: microStop ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .where('end_time', 'is', null)
    .executeTakeFirst();

export const describeParada = (db: Db, id: number, values: { description: string | null; motivo_id: number | null }, now: string) =>
  db
    .updateTable('paradas_kaiser')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();

/** Micro-stops of one factory date, per arco: kept out of the stop minutes and counted apart. */
export const microStopsOn = (db: Db, date: string) =>
  db
    .selectFrom('paradas_kaiser')
    .select(['arco_sumergido_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('date', '=', date)
    .where('micro_stop', '=', 1)
    .groupBy('arco_sumergido_id')
    .execute();

/** A finished stop as the statistics by shift read it (`finishedStopsOverlapping`). */
export interface FinishedStop {
  id: number;
  arco_id: number;
  motivo_id: number | null;
  start_time: string;
  end_time: string;
}

/**
 * The finished stops (micro-stops apart) of a nave's stations that overlap [fromIso, toIso): what the
 * statistics by shift split at the shifts' boundaries (docs/decisions/040-shift-calendar.md). `date`
 * bounds the read to the range's days (a stop lasts at most 24 h, so it starts at most a day before
 * the range). Each station's stops are a range of paradas_arco_span_idx, read from the index alone
 * (docs/decisions/048-shift-reads-from-one-index.md): a stop's `date` is the factory date of its start,
 * which lies less than a day either side of that date's UTC midnight in any zone, so starting from the
 * UTC midnight a day before `fromDate` loses none.
 *
 * A nave's month is some 14,000 stops: each arco's come packed in one text ('start end date motivo
 * id', comma-separated; group_concat or string_agg) and are unpacked here, since a row per stop cost
 * the drivers more than the read itself. In no order, and without the motivo's row: the split orders
 * each arco's stops itself and knows the planned motivos. The dates are checked here too: as
 * conditions of the query they made PostgreSQL's generic plan of the prepared statement (from its
 * sixth run, docs/decisions/021-postgres-prepared-statements.md) walk paradas_date_idx and the
 * table, 450 ms for a month (docs/decisions/054-shift-analysis-and-export-at-scale.md).
 */
export async function finishedStopsOverlapping(
  db: Db,
  engine: DbEngine,
  nave: string,
  fromIso: string,
  toIso: string,
  fromDate: string,
  toDate: string,
): Promise<FinishedStop[]> {
  const entry = sql<string>`p.start_time || ' ' || p.end_time || ' ' || p.date || ' ' || coalesce(cast(p.motivo_id as text), '') || ' ' || cast(p.id as text)`;
  const packed = engine === 'postgres' ? sql<string>`string_agg(${entry}, ',')` : sql<string>`group_concat(${entry}, ',')`;
  const arcos = await db
    .selectFrom('paradas_kaiser as p')
    .select(['p.arco_sumergido_id as arco_id', packed.as('stops')])
    .where('p.arco_sumergido_id', 'in', (eb) =>
      eb.selectFrom('arcos_sumergidos as a').innerJoin('naves as n', 'n.id', 'a.nave_id').select('a.id').where('n.name', '=', nave),
    )
    .where('p.start_time', '>=', `${addDays(fromDate, -1)}T00:00:00.000Z`)
    .where('p.start_time', '<', toIso)
    .where('p.end_time', '>', fromIso)
    .where('p.micro_stop', '=', 0)
    .groupBy('p.arco_sumergido_id')
    .execute();
  const stops: FinishedStop[] = [];
  for (const { arco_id, stops: packedStops } of arcos) {
    for (const s of packedStops.split(',')) {
      const endAt = s.indexOf(' ');
      const dateAt = s.indexOf(' ', endAt + 1);
      const motivoAt = s.indexOf(' ', dateAt + 1);
      const idAt = s.indexOf(' ', motivoAt + 1);
      const date = s.slice(dateAt + 1, motivoAt);
      if (date < fromDate || date > toDate) continue;
      stops.push({
        id: Number(s.slice(idAt + 1)),
        arco_id,
        motivo_id: idAt === motivoAt + 1 ? null : Number(s.slice(motivoAt + 1, idAt)),
        start_time: s.slice(0, endAt),
        end_time: s.slice(endAt + 1, dateAt),
      });
    }
  }
  return stops;
}

// The plant board's reads (modules/planta).

/** Stops in progress, earliest first, with the name of who started each and their motivo (the andon's escalation). */
export const listActiveParadas = (db: Db) =>
  db
    .selectFrom('paradas_kaiser as p')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.id',
      'p.arco_sumergido_id',
      'p.start_time',
      'p.start_received_at',
      'p.source',
      'p.motivo_id',
      stopAuthorName('p.source', 'u.name').as('user_name'),
    ])
    .where('p.end_time', 'is', null)
    .orderBy('p.start_time')
    .orderBy('p.id')
    .execute();

/**
 * Minutes of the finished stops of one factory date, per station, each minute once (counted_minutes:
 * docs/decisions/017-downtime-records.md).
 */
export const finishedMinutesOn = (db: Db, date: string) =>
  db
    .selectFrom('paradas_kaiser')
    .select(['arco_sumergido_id', (eb) => eb.fn.sum<number>(eb.fn.coalesce('counted_minutes', 'duration_minutes')).as('minutes')])
    .where('date', '=', date)
    .where('end_time', 'is not', null)
    // Micro-stops are counted apart (modules/machines).
    .where('micro_stop', '=', 0)
    .groupBy('arco_sumergido_id')
    .execute();

/** How many stations have a stop in progress now. */
export const countStoppedArcos = (db: Db) =>
  db
    .selectFrom('paradas_kaiser')
    .select((eb) => eb.fn.count<number>('arco_sumergido_id').distinct().as('n'))
    .where('end_time', 'is', null)
    .executeTakeFirstOrThrow();

/** How many stops started on one factory date, finished or not. */
export const countParadasOn = (db: Db, date: string) =>
  db
    .selectFrom('paradas_kaiser')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('date', '=', date)
    .executeTakeFirstOrThrow();

// The admin list (modules/admin-lists): one page and the total its filters match.

export interface AdminParadasFilter {
  from?: string;
  to?: string;
  nave_id?: number;
  arco_sumergido_id?: number;
  user_id?: number;
  motivo_id?: number;
  active: boolean;
}

/** Whether any filter narrows the list (else its total is the monthly rollup's). */
export const isFiltered = (f: AdminParadasFilter) =>
  Boolean(f.from || f.to || f.nave_id || f.arco_sumergido_id || f.user_id || f.motivo_id || f.active);

function conditions(f: AdminParadasFilter): Condition[] {
  const c: Condition[] = [];
  if (f.from) c.push(gte('p.date', f.from));
  if (f.to) c.push(lte('p.date', f.to));
  if (f.arco_sumergido_id !== undefined) c.push(eq('p.arco_sumergido_id', f.arco_sumergido_id));
  if (f.nave_id !== undefined) {
    c.push(sql`${sql.ref('p.arco_sumergido_id')} in (select id from arcos_sumergidos where nave_id = ${f.nave_id})`);
  }
  if (f.user_id !== undefined) c.push(eq('p.user_id', f.user_id));
  if (f.motivo_id !== undefined) c.push(eq('p.motivo_id', f.motivo_id));
  if (f.active) c.push(sql`${sql.ref('p.end_time')} is null`);
  return c;
}

/**
 * One page of stops. Each filter has an index in this order (paradas_arco_date_idx,
 * paradas_user_date_idx, paradas_motivo_date_idx, paradas_active_date_idx, paradas_date_idx; migration 2026-11-24T03), so the
 * page reads its rows and stops.
 */
export function pageParadasQuery(
  db: Db,
  f: AdminParadasFilter,
  sort: (typeof PARADA_SORTS)[number],
  dir: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  let q = base(db).where(allOf(conditions(f)));
  q = sort === 'duration' ? q.orderBy('p.duration_minutes', dir) : q.orderBy('p.date', dir).orderBy('p.start_time', dir);
  return q.orderBy('p.id', dir).limit(limit).offset(offset);
}

export const pageParadas = (...args: Parameters<typeof pageParadasQuery>) => pageParadasQuery(...args).execute();

/** An unfiltered page whose rows carry the rollup's total (one statement: a round trip less on PostgreSQL). */
export const pageParadasWithTotal = (...args: Parameters<typeof pageParadasQuery>) =>
  pageParadasQuery(...args)
    .select(countRowsColumn('paradas_kaiser'))
    .execute();

export async function countParadas(db: Db, f: AdminParadasFilter): Promise<number> {
  return countWhere(db, 'paradas_kaiser as p', conditions(f));
}

// The CSV export (modules/exports).

/** Stops follow paradas_date_idx: (date, start_time, id). */
const PARADAS: Keyset = { alias: 'p', key: ['p.date', 'p.start_time', 'p.id'] };

/** One batch of stops in the range, in date and start order, with their station, nave and author. */
export const paradasBatch = (db: Db, filter: ExportFilter, after: Cursor | null, limit: number) =>
  keysetBatch(
    db
      .selectFrom('paradas_kaiser as p')
      .innerJoin('arcos_sumergidos as a', 'a.id', 'p.arco_sumergido_id')
      .innerJoin('naves as n', 'n.id', 'a.nave_id')
      .leftJoin('users as u', 'u.id', 'p.user_id')
      .leftJoin('motivos as m', 'm.id', 'p.motivo_id')
      .select([
        'm.name as motivo',
        'p.counted_minutes',
        'p.id',
        'p.date',
        'p.start_time',
        'p.end_time',
        'p.duration_minutes',
        'p.description',
        'n.name as nave',
        'a.name as arco',
        stopAuthorName('p.source', 'u.name').as('user_name'),
        'u.worker_id',
      ]),
    PARADAS,
    filter,
    after,
    limit,
  );

// The arco timeline's read (modules/timeline).

/** A parada lasts at most a day (decision 017), so a range's ended ones started within a day before it. */
const LONGEST_ENDED_MS = 24 * 3600_000;

/** The running paradas of the given arcos that started before `to` (any age), through (arco, end_time). */
export const arcoOpenParadas = (db: Db, arcoIds: number[], to: string) =>
  arcoIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('paradas_kaiser')
        .select(['id', 'arco_sumergido_id', 'start_time', 'end_time', 'micro_stop', 'motivo_id'])
        .where('arco_sumergido_id', 'in', arcoIds)
        .where('start_time', '<', to)
        .where('end_time', 'is', null)
        .execute();

/**
 * The paradas of the given arcos that overlap [from, to): the ended ones through the (arco, start_time)
 * index, the running ones (which may be older than a day) through (arco, end_time).
 */
export async function arcoParadasOverlapping(db: Db, arcoIds: number[], from: string, to: string) {
  if (arcoIds.length === 0) return [];
  // Bare columns: the names come from the caller's maps.
  const earliest = new Date(Date.parse(from) - LONGEST_ENDED_MS).toISOString();
  const [ended, running] = await Promise.all([
    db
      .selectFrom('paradas_kaiser')
      .select(['id', 'arco_sumergido_id', 'start_time', 'end_time', 'micro_stop', 'motivo_id'])
      .where('arco_sumergido_id', 'in', arcoIds)
      .where('start_time', '<', to)
      .where('start_time', '>=', earliest)
      .where('end_time', '>', from)
      .execute(),
    arcoOpenParadas(db, arcoIds, to),
  ]);
  return [...ended, ...running];
}

/**
 * The timeline's bars of the ended paradas of the given arcos over [from, until), written by the
 * database as JSON text, one string per arco with a parada there: `["kind","start","end",id,motivo,0]`,
 * comma-separated, the instants as stored clipped to the range (the tuple of `timelineBar` in
 * packages/contract/src/timeline.ts). A week of 50 arcos is about 13,000 paradas: read as rows, parsed
 * and written again in JavaScript they cost several times what the database takes to write them, and
 * the instants go as stored because turning them into numbers was most of PostgreSQL's time
 * (docs/decisions/053-timeline-without-running-bars.md). Read from paradas_arco_span_idx alone
 * (decision 048).
 */
export async function arcoEndedBarsJson(
  db: Db,
  engine: DbEngine,
  arcoIds: number[],
  from: string,
  until: string,
): Promise<{ arco_sumergido_id: number; bars: string }[]> {
  if (arcoIds.length === 0) return [];
  // The later and the earlier of two instants stored as ISO text (they sort as text, as every range read here assumes).
  const [later, earlier] = engine === 'postgres' ? ['greatest', 'least'] : ['max', 'min'];
  const kind = sql`case when micro_stop = 1 then '"micro"' when motivo_id in (select id from motivos where planned = 1) then '"planned"' else '"stopped"' end`;
  const bar = sql`'[' || ${kind} || ',"' || ${sql.raw(later)}(start_time, ${from}) || '","' || ${sql.raw(earlier)}(end_time, ${until}) || '",' || id || ',' || coalesce(cast(motivo_id as text), 'null') || ',0]'`;
  return db
    .selectFrom('paradas_kaiser')
    .select(['arco_sumergido_id', sql<string>`string_agg(${bar}, ',')`.as('bars')])
    .where('arco_sumergido_id', 'in', arcoIds)
    .where('start_time', '>=', new Date(Date.parse(from) - LONGEST_ENDED_MS).toISOString())
    .where('start_time', '<', until)
    .where('end_time', '>', from)
    .whereRef('end_time', '>', 'start_time')
    .groupBy('arco_sumergido_id')
    .execute();
}
