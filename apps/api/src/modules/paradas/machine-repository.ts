import { durationMinutes } from '@portal/contract/paradas';
import type { Db } from '../../db/index';
import { byStart, runningAfter } from './repository';

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
