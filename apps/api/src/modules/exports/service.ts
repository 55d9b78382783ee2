import { andonMessages, PARADAS_CSV_ANDON_COLUMNS } from '@portal/contract/andon';
import {
  exportMessages,
  PARADAS_CSV_HEADER,
  PARADAS_CSV_MOTIVO_COLUMNS,
  PARADAS_CSV_SHIFT_COLUMNS,
  TRAMOS_CSV_HEADER,
} from '@portal/contract/planta';
import type { ServiceContext } from '../../context';
import type { Cursor, ExportFilter } from '../../db/paging';
import { instantMs } from '../../lib/time';
import { callTimesOf, type ParadaCallTimes } from '../andon/service';
import { paradasBatch } from '../paradas/service';
import { eachShiftPart, type TimedInstance, workedShiftsReader } from '../shifts/service';
import { tramosBatch } from '../tramos/service';
import { BOM, type Cell, cells, instantFormatter, plainDate, row, rowAfter } from './csv';

// The CSV format other modules' exports share (modules/welds' recalls).
export { BOM, plainDate, row } from './csv';

/** Rows read per query: big enough to amortise the round trip, small enough to keep memory flat. */
export const EXPORT_BATCH = 2_000;

/**
 * About the characters per chunk: a batch's text goes out in pieces of this size. A piece per batch
 * (200 to 300 KB) took the server of `npm run bench:export` to 256 MB (the plain export) and 310 MB (by
 * shift), pieces of 32 KB to 211 and 214 MB, three times faster: each piece becomes a Buffer outside
 * the JavaScript heap, and large ones wait in the socket's queue (docs/decisions/054-shift-analysis-and-export-at-scale.md).
 */
export const EXPORT_CHUNK = 32_768;

/**
 * A CSV export, in chunks of about EXPORT_CHUNK characters. Consumed through a Node stream, the next
 * chunk is written (and the next batch read) only when the client has taken the previous one, so memory
 * stays flat whatever the range. `lines` writes a record's line (or lines: a stop by shift has one per
 * part).
 */
async function* csv<R>(
  header: readonly string[],
  readBatch: (after: Cursor | null) => Promise<R[]>,
  lines: (r: R) => string,
  cursorOf: (r: R) => Cursor,
): AsyncGenerator<string> {
  yield BOM + row(header);
  let after: Cursor | null = null;
  for (;;) {
    const rows = await readBatch(after);
    if (rows.length === 0) return;
    let chunk = '';
    for (const r of rows) {
      chunk += lines(r);
      if (chunk.length < EXPORT_CHUNK) continue;
      yield chunk;
      chunk = '';
    }
    if (chunk) yield chunk;
    if (rows.length < EXPORT_BATCH) return;
    after = cursorOf(rows[rows.length - 1]);
  }
}

/** Whole minutes from one instant to another (empty when either is missing). */
const minutesBetween = (from: string | null, to: string | null): number | null =>
  from && to ? Math.round((Date.parse(to) - Date.parse(from)) / 60_000) : null;

type ParadaRow = Awaited<ReturnType<typeof paradasBatch>>[number];

/**
 * Splits each stop at the worked shifts of its nave, as the downtime analysis does (`eachShiftPart`,
 * docs/decisions/040-shift-calendar.md), and writes its lines: a line per shift part, then one for the
 * minutes outside every worked shift (a holiday, a day without shifts, a break), and that one alone for
 * a stop with no part. A stop still running is split up to now. `batch` reads the occurrences each nave
 * of a batch spans; the lines are written straight from the split, keeping nothing per stop
 * (docs/decisions/054-shift-analysis-and-export-at-scale.md).
 */
async function shiftSplitter(ctx: ServiceContext, filter: ExportFilter) {
  const workedAt = await workedShiftsReader(ctx, filter.startDate);
  let worked = new Map<string, TimedInstance[]>();
  let now = 0;
  const endOf = (r: ParadaRow) => (r.end_time ? instantMs(r.end_time) : now);
  return {
    batch(rows: ParadaRow[]) {
      now = Date.now();
      const ranges = new Map<string, { from: number; to: number }>();
      for (const r of rows) {
        const start = instantMs(r.start_time);
        const end = endOf(r);
        const range = ranges.get(r.nave);
        if (!range) ranges.set(r.nave, { from: start, to: end });
        else {
          range.from = Math.min(range.from, start);
          range.to = Math.max(range.to, end);
        }
      }
      worked = new Map([...ranges].map(([nave, range]) => [nave, workedAt(nave, range.from, range.to)]));
    },
    lines(r: ParadaRow, stem: string): string {
      const start = instantMs(r.start_time);
      let lines = '';
      const outside = eachShiftPart(worked.get(r.nave) ?? [], start, Math.max(start, endOf(r)), (t, ms) => {
        lines += rowAfter(stem, [t.instance.name, plainDate(t.instance.date), Math.round(ms / 60_000)]);
      });
      if (outside > 0 || lines === '') lines += rowAfter(stem, [exportMessages.outsideShifts, null, Math.round(outside / 60_000)]);
      return lines;
    },
  };
}

/**
 * The stops export: times in the factory's zone. With the motivo columns, 'Minutos del arco' counts each
 * minute of an arco once where older data holds overlapping stops (docs/decisions/017-downtime-records.md);
 * with the andon columns, each parada's first call, its level, the first 'Voy' and 'En el arco' and the
 * waits between them (docs/decisions/043-andon.md), read per batch from the andon module. By shift, a
 * row per stop and shift part (`shiftSplitter`).
 */
export async function* paradasCsv(ctx: ServiceContext, filter: ExportFilter): AsyncGenerator<string> {
  const instant = instantFormatter(ctx.tz);
  const split = filter.byShift ? await shiftSplitter(ctx, filter) : null;
  type Row = ParadaRow & { andon?: ParadaCallTimes };
  const extra = (r: Row): Cell[] => [
    ...(filter.withMotivo ? [r.motivo, r.counted_minutes ?? r.duration_minutes] : []),
    ...(filter.withAndon
      ? r.andon
        ? [
            instant(r.andon.first_call),
            andonMessages.levelName[r.andon.top_level],
            instant(r.andon.first_ack),
            instant(r.andon.first_arrival),
            minutesBetween(r.andon.first_call, r.andon.first_ack),
            minutesBetween(r.andon.first_call, r.andon.first_arrival),
            minutesBetween(r.andon.first_arrival, r.andon.end_time),
          ]
        : PARADAS_CSV_ANDON_COLUMNS.map(() => null)
      : []),
  ];
  const readBatch = async (after: Cursor | null): Promise<Row[]> => {
    const rows = await paradasBatch(ctx.db, filter, after, EXPORT_BATCH);
    split?.batch(rows);
    if (!filter.withAndon || rows.length === 0) return rows;
    const times = await callTimesOf(
      ctx,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, andon: times.get(r.id) }));
  };
  yield* csv(
    [
      ...PARADAS_CSV_HEADER,
      ...(filter.withMotivo ? PARADAS_CSV_MOTIVO_COLUMNS : []),
      ...(filter.withAndon ? PARADAS_CSV_ANDON_COLUMNS : []),
      ...(filter.byShift ? PARADAS_CSV_SHIFT_COLUMNS : []),
    ],
    readBatch,
    (r) => {
      const values = [
        plainDate(r.date),
        r.nave,
        r.arco,
        r.user_name,
        r.worker_id,
        instant(r.start_time),
        instant(r.end_time),
        r.duration_minutes,
        r.description,
        ...extra(r),
      ];
      return split ? split.lines(r, cells(values)) : row(values);
    },
    (r) => [r.date, r.start_time, r.id],
  );
}

/** The circulares export; `origin` makes image paths links that open from the spreadsheet. */
export function tramosCsv(ctx: ServiceContext, filter: ExportFilter, origin: string): AsyncGenerator<string> {
  return csv(
    TRAMOS_CSV_HEADER,
    (after) => tramosBatch(ctx.db, filter, after, EXPORT_BATCH),
    (r) =>
      row([
        plainDate(r.circular_fecha),
        r.id_tramo,
        r.id_proyecto,
        r.id_circular,
        r.nave,
        r.arco,
        r.user_name,
        r.descripcion,
        r.imagen ? `${origin}${r.imagen}` : '',
      ]),
    (r) => [r.circular_fecha, r.id],
  );
}
