import type { Db } from '../../db/index';
import { stopAuthorName, withArcoAndNave, withUserName } from '../../db/names';
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
      .$call(withUserName('p.user_id', 'u', 'user_name', (name) => stopAuthorName('p.source', name)))
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
        'u.worker_id',
      ]),
    PARADAS,
    filter,
    after,
    limit,
  );
