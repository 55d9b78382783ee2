import type { Db } from '../../db/index';

export interface ExportFilter {
  startDate: string;
  endDate: string;
  nave?: string;
  arcoSumergidoId?: number;
}

/** Where the previous batch stopped: rows come ordered by (date, second key, id). */
export interface Cursor {
  date: string;
  key: string;
  id: number;
}

/**
 * One batch of stops in the range, in date and start order, after the cursor. Keyset paging on
 * (date, start_time, id) follows the paradas_date_idx index, so every batch costs the same however
 * deep into the export it is.
 */
export function paradasBatch(db: Db, filter: ExportFilter, after: Cursor | null, limit: number) {
  let q = db
    .selectFrom('paradas_kaiser as p')
    .innerJoin('arcos_sumergidos as a', 'a.id', 'p.arco_sumergido_id')
    .innerJoin('naves as n', 'n.id', 'a.nave_id')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.id',
      'p.date',
      'p.start_time',
      'p.end_time',
      'p.duration_minutes',
      'p.description',
      'n.name as nave',
      'a.name as arco',
      'u.name as user_name',
      'u.worker_id',
    ])
    .where('p.date', '>=', after?.date ?? filter.startDate)
    .where('p.date', '<=', filter.endDate);
  if (filter.nave !== undefined) q = q.where('n.name', '=', filter.nave);
  if (filter.arcoSumergidoId !== undefined) q = q.where('p.arco_sumergido_id', '=', filter.arcoSumergidoId);
  if (after) {
    q = q.where((eb) => eb(eb.refTuple('p.date', 'p.start_time', 'p.id'), '>', eb.tuple(after.date, after.key, after.id)));
  }
  return q.orderBy('p.date').orderBy('p.start_time').orderBy('p.id').limit(limit).execute();
}

/** One batch of circulares in the range, in date and id order, after the cursor (tramos_fecha_idx). */
export function tramosBatch(db: Db, filter: ExportFilter, after: Cursor | null, limit: number) {
  let q = db
    .selectFrom('tramos as t')
    .innerJoin('arcos_sumergidos as a', 'a.id', 't.arco_sumergido_id')
    .innerJoin('naves as n', 'n.id', 't.nave_id')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.circular_fecha',
      't.id_tramo',
      't.id_proyecto',
      't.id_circular',
      't.descripcion',
      't.imagen',
      'n.name as nave',
      'a.name as arco',
      'u.name as user_name',
    ])
    .where('t.circular_fecha', '>=', after?.date ?? filter.startDate)
    .where('t.circular_fecha', '<=', filter.endDate);
  if (filter.nave !== undefined) q = q.where('n.name', '=', filter.nave);
  if (filter.arcoSumergidoId !== undefined) q = q.where('t.arco_sumergido_id', '=', filter.arcoSumergidoId);
  if (after) q = q.where((eb) => eb(eb.refTuple('t.circular_fecha', 't.id'), '>', eb.tuple(after.date, after.id)));
  return q.orderBy('t.circular_fecha').orderBy('t.id').limit(limit).execute();
}
