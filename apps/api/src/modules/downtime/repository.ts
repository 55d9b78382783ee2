import type { Db } from '../../db/index';

/** A month's downtime rollup rows of one nave's stations (a few hundred rows at most). */
export const monthRollup = (db: Db, month: string, nave: string) =>
  db
    .selectFrom('downtime_monthly as r')
    .innerJoin('arcos_sumergidos as a', 'a.id', 'r.arco_id')
    .innerJoin('naves as n', 'n.id', 'a.nave_id')
    .select(['r.arco_id', 'r.motivo_id', 'r.minutes', 'r.micro_minutes', 'r.micro_stops'])
    .where('r.month', '=', month)
    .where('n.name', '=', nave)
    .where((eb) => eb.or([eb('r.minutes', '>', 0), eb('r.micro_stops', '>', 0)]))
    .execute();

export const motivoNames = (db: Db) => db.selectFrom('motivos').select(['id', 'name']).execute();

/** Planned minutes per ISO weekday, Monday first. */
export async function plannedMinutes(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('downtime_planned_minutes').select(['weekday', 'minutes']).execute();
  const byDay = new Map(rows.map((r) => [Number(r.weekday), Number(r.minutes)]));
  return [1, 2, 3, 4, 5, 6, 7].map((d) => byDay.get(d) ?? 0);
}

/** Saves the week's minutes; the caller holds the transaction (its audit row commits with it). */
export async function savePlannedMinutes(trx: Db, minutes: number[]): Promise<void> {
  for (const [i, value] of minutes.entries()) {
    await trx
      .insertInto('downtime_planned_minutes')
      .values({ weekday: i + 1, minutes: value })
      .onConflict((oc) => oc.column('weekday').doUpdateSet({ minutes: value }))
      .execute();
  }
}
