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

export const motivoNames = (db: Db) => db.selectFrom('motivos').select(['id', 'name', 'planned']).execute();
