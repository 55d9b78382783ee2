import type { Db } from '../../db/index';
import { stopAuthorName, withArcoAndNave } from '../../db/names';
import { type Cursor, type ExportFilter, type Keyset, keysetBatch } from '../../db/paging';

// The CSV export (modules/exports).

/** Stops follow paradas_date_idx: (date, start_time, id). */
const PARADAS: Keyset = { alias: 'p', key: ['p.date', 'p.start_time', 'p.id'] };

/** One batch of stops in the range, in date and start order, with their station, nave and author. */
export const paradasBatch = (db: Db, filter: ExportFilter, after: Cursor | null, limit: number) =>
  keysetBatch(
    db
      .selectFrom('paradas_kaiser as p')
      .$call(withArcoAndNave('p.arco_sumergido_id', 'a.nave_id'))
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
