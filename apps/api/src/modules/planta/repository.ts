import type { Db } from '../../db/index';
import { stopAuthorName } from '../../db/names';

/** Stops in progress, earliest first, with the name of who started each. */
export const listActiveParadas = (db: Db) =>
  db
    .selectFrom('paradas_kaiser as p')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.arco_sumergido_id', 'p.start_time', 'p.source', stopAuthorName('p.source', 'u.name').as('user_name')])
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
