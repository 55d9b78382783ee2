import { PARADAS_CSV_HEADER, TRAMOS_CSV_HEADER } from '@portal/contract/planta';
import { userMessages } from '@portal/contract/users';
import type { Db } from '../../db/index';
import { BOM, instantFormatter, plainDate, row } from './csv';
import { type Cursor, type ExportFilter, paradasBatch, tramosBatch } from './repository';

/** Rows read per query: big enough to amortise the round trip, small enough to keep memory flat. */
export const EXPORT_BATCH = 2_000;

/**
 * The stops export, one CSV chunk per batch. Consumed through a Node stream, the next batch is read
 * only when the client has taken the previous one, so memory stays flat whatever the range.
 */
export async function* paradasCsv(db: Db, tz: string, filter: ExportFilter): AsyncGenerator<string> {
  const instant = instantFormatter(tz);
  yield BOM + row(PARADAS_CSV_HEADER);
  let after: Cursor | null = null;
  for (;;) {
    const rows = await paradasBatch(db, filter, after, EXPORT_BATCH);
    if (rows.length === 0) return;
    let chunk = '';
    for (const r of rows) {
      chunk += row([
        plainDate(r.date),
        r.nave,
        r.arco,
        r.user_name ?? userMessages.deletedUserName,
        r.worker_id,
        instant(r.start_time),
        instant(r.end_time),
        r.duration_minutes,
        r.description,
      ]);
    }
    yield chunk;
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1];
    after = { date: last.date, key: last.start_time, id: last.id };
  }
}

/** The circulares export; `origin` makes image paths links that open from the spreadsheet. */
export async function* tramosCsv(db: Db, filter: ExportFilter, origin: string): AsyncGenerator<string> {
  yield BOM + row(TRAMOS_CSV_HEADER);
  let after: Cursor | null = null;
  for (;;) {
    const rows = await tramosBatch(db, filter, after, EXPORT_BATCH);
    if (rows.length === 0) return;
    let chunk = '';
    for (const r of rows) {
      chunk += row([
        plainDate(r.circular_fecha),
        r.id_tramo,
        r.id_proyecto,
        r.id_circular,
        r.nave,
        r.arco,
        r.user_name ?? userMessages.deletedUserName,
        r.descripcion,
        r.imagen ? `${origin}${r.imagen}` : '',
      ]);
    }
    yield chunk;
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1];
    after = { date: last.circular_fecha, key: '', id: last.id };
  }
}
