import type { Db } from '../../db/index';

// The downtime module reads downtime_monthly, the rollup the paradas' triggers keep per month, arco
// and motivo (migration 2026-11-24T02-downtime-records). The arcos of a nave and the motivos' names
// come from their owners' services (docs/decisions/024-one-owner-per-table.md).

/** A month's downtime rollup rows of some stations (a nave's: a few hundred rows at most). */
export const monthRollup = (db: Db, month: string, arcoIds: number[]) =>
  arcoIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('downtime_monthly as r')
        .select(['r.arco_id', 'r.motivo_id', 'r.minutes', 'r.micro_minutes', 'r.micro_stops'])
        .where('r.month', '=', month)
        .where('r.arco_id', 'in', arcoIds)
        .where((eb) => eb.or([eb('r.minutes', '>', 0), eb('r.micro_stops', '>', 0)]))
        .execute();
