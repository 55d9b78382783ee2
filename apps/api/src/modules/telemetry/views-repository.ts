import { sql } from 'kysely';
import type { Db } from '../../db/index';

// What other screens read of weld telemetry: the plant board's arc and the timeline's arc-on
// stretches (docs/decisions/090-arc-on-board-and-timeline.md), and 'Arco encendido ahora' (GET
// /api/telemetry/live).

/**
 * Each of the arcos' latest raw sample after `afterMs`: per arco a range of the primary key (arco, t),
 * its greatest t, then that row; an arco silent since then has none. (The plant board and GET
 * /api/telemetry/live: never a scan of the samples by time alone, which no index serves.)
 */
export const latestSamplesAfter = (db: Db, arcoIds: number[], afterMs: number) =>
  arcoIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('telemetry_samples')
        .select(['arco_sumergido_id', 't', 'arc', 'i', 'u', 'wf', 'v', 'temp'])
        // The window again, so that no plan reads more than it of each arco's samples.
        .where('arco_sumergido_id', 'in', arcoIds)
        .where('t', '>', afterMs)
        .where((eb) =>
          eb(
            eb.refTuple('arco_sumergido_id', 't'),
            'in',
            eb
              .selectFrom('telemetry_samples as l')
              .select((l) => ['l.arco_sumergido_id', l.fn.max('l.t').as('t')])
              .where('l.arco_sumergido_id', 'in', arcoIds)
              .where('l.t', '>', afterMs)
              .groupBy('l.arco_sumergido_id')
              .$asTuple('arco_sumergido_id', 't'),
          ),
        )
        .execute();

/** The runs not ended at the arcos, with their circular's name (a display name, decision 024). */
export const openRunsAt = (db: Db, arcoIds: number[]) =>
  arcoIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('telemetry_runs as r')
        .leftJoin('tramos as c', 'c.id', 'r.tramo_id')
        .select(['r.id', 'r.arco_sumergido_id', 'r.pass_type', 'c.id_circular'])
        .where('r.arco_sumergido_id', 'in', arcoIds)
        .where('r.state', '<>', 'cerrada')
        .execute();

/**
 * The arcos' hours with arc time in [fromHour, toHour) (telemetry_arc_hours, kept by the triggers of
 * migration 2026-11-29T02-telemetry-arc-hours): per arco one JSON array the engine writes with its own
 * functions (json_group_array/json_array on SQLite, json_agg/json_build_array on PostgreSQL), by hour,
 * of [hour, minutes 0–29, minutes 30–59], each a mask of the minutes with arc time (bit k: minute k of
 * its half hour; halves, so that no number passes JSON's exact integers).
 */
export async function arcHours(
  db: Db,
  engine: 'sqlite' | 'postgres',
  arcoIds: number[],
  fromHour: number,
  toHour: number,
): Promise<{ arco_sumergido_id: number; hours: [number, number, number][] }[]> {
  if (arcoIds.length === 0 || fromHour >= toHour) return [];
  const hour = sql.join([sql`hour`, sql`mask & 1073741823`, sql`mask >> 30`]);
  const array =
    engine === 'postgres'
      ? sql`json_agg(json_build_array(${hour}) order by hour)`
      : sql`json_group_array(json_array(${hour}) order by hour)`;
  const { rows } = await sql<{ arco_sumergido_id: number; hours: string | [number, number, number][] }>`
    select arco_sumergido_id, ${array} as hours
    from telemetry_arc_hours
    where arco_sumergido_id in (${sql.join(arcoIds)}) and hour >= ${fromHour} and hour < ${toHour} and mask <> 0
    group by arco_sumergido_id
  `.execute(db);
  return rows.map((r) => ({
    arco_sumergido_id: Number(r.arco_sumergido_id),
    hours: typeof r.hours === 'string' ? JSON.parse(r.hours) : r.hours,
  }));
}

/** An arco's arc time (ms) over the minutes [fromMinute, toMinute), by its primary key. */
export async function arcMsBetween(db: Db, arcoId: number, fromMinute: number, toMinute: number): Promise<number> {
  const row = await db
    .selectFrom('telemetry_minutes')
    .select((eb) => eb.fn.sum<number>('arc_ms').as('arc_ms'))
    .where('arco_sumergido_id', '=', arcoId)
    .where('minute', '>=', fromMinute)
    .where('minute', '<', toMinute)
    .executeTakeFirst();
  return Number(row?.arc_ms ?? 0);
}
