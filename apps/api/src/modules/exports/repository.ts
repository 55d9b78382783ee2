import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/index';
import { authorName, stopAuthorName } from '../../db/names';

export interface ExportFilter {
  startDate: string;
  endDate: string;
  nave?: string;
  arcoSumergidoId?: number;
  /** The stops export adds its motivo and counted minutes. */
  withMotivo?: boolean;
}

/** Where the previous batch stopped: the last row's key, its factory-local date first and its id last. */
export type Cursor = readonly [date: string, ...rest: (string | number)[]];

/** How an export walks its table: the alias, and the key columns (the date first, the id last) its index follows. */
interface Keyset {
  alias: 'p' | 't';
  key: readonly string[];
}

/**
 * What both exports share: the records of an inclusive range of factory dates, of one nave (by name,
 * joined as `n`) or one station if asked, after the cursor, in key order, one batch. Keyset paging
 * along the date index makes every batch cost the same however deep into the export it is.
 */
function batch<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  { alias, key }: Keyset,
  filter: ExportFilter,
  after: Cursor | null,
  limit: number,
) {
  const ref = (column: string) => sql.ref(column);
  q = q.where(sql<boolean>`${ref(key[0])} >= ${after?.[0] ?? filter.startDate}`).where(sql<boolean>`${ref(key[0])} <= ${filter.endDate}`);
  if (filter.nave !== undefined) q = q.where(sql<boolean>`${ref('n.name')} = ${filter.nave}`);
  if (filter.arcoSumergidoId !== undefined) q = q.where(sql<boolean>`${ref(`${alias}.arco_sumergido_id`)} = ${filter.arcoSumergidoId}`);
  if (after) q = q.where(sql<boolean>`(${sql.join(key.map(ref))}) > (${sql.join(after)})`);
  for (const column of key) q = q.orderBy(ref(column));
  return q.limit(limit).execute();
}

/** Stops follow paradas_date_idx: (date, start_time, id). */
const PARADAS: Keyset = { alias: 'p', key: ['p.date', 'p.start_time', 'p.id'] };
/** Circulares follow tramos_fecha_idx: (circular_fecha, id). */
const TRAMOS: Keyset = { alias: 't', key: ['t.circular_fecha', 't.id'] };

/** One batch of stops in the range, in date and start order, with their station, nave and author. */
export const paradasBatch = (db: Db, filter: ExportFilter, after: Cursor | null, limit: number) =>
  batch(
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

/** One batch of circulares in the range, in date and id order, with their station, nave and author. */
export const tramosBatch = (db: Db, filter: ExportFilter, after: Cursor | null, limit: number) =>
  batch(
    db
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
        authorName('u.name').as('user_name'),
      ]),
    TRAMOS,
    filter,
    after,
    limit,
  );
