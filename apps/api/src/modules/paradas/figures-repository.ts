import { addDays } from '@portal/contract/time';
import { sql } from 'kysely';
import type { Db, DbEngine } from '../../db/index';
import { stopAuthorName, withUserName } from '../../db/names';

// The figures other modules read of the paradas: the plant board's (modules/planta), the andon's
// escalation and the analysis by shift (modules/downtime).

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
    .$call(withUserName('p.user_id', 'u', 'user_name', (name) => stopAuthorName('p.source', name)))
    .select(['p.id', 'p.arco_sumergido_id', 'p.start_time', 'p.start_received_at', 'p.source', 'p.motivo_id'])
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
