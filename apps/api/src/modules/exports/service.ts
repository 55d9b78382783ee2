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
import { callTimesOf, type ParadaCallTimes } from '../andon/service';
import { paradasBatch } from '../paradas/service';
import { eachShiftPart, workedShiftsReader } from '../shifts/service';
import { tramosBatch } from '../tramos/service';
import { BOM, type Cell, cells, instantFormatter, plainDate, row, rowAfter } from './csv';

/** Rows read per query: big enough to amortise the round trip, small enough to keep memory flat. */
export const EXPORT_BATCH = 2_000;

/**
 * A CSV export, one chunk per batch. Consumed through a Node stream, the next batch is read only when
 * the client has taken the previous one, so memory stays flat whatever the range. `lines` writes a
 * record's line (or lines: a stop by shift has one per part).
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
    for (const r of rows) chunk += lines(r);
    yield chunk;
    if (rows.length < EXPORT_BATCH) return;
    after = cursorOf(rows[rows.length - 1]);
  }
}

/** Whole minutes from one instant to another (empty when either is missing). */
const minutesBetween = (from: string | null, to: string | null): number | null =>
  from && to ? Math.round((Date.parse(to) - Date.parse(from)) / 60_000) : null;

type ParadaRow = Awaited<ReturnType<typeof paradasBatch>>[number];

/** A stop's part in one shift: the shift's name and factory date (none outside every shift) and its minutes. */
interface ShiftPart {
  name: string;
  date: string | null;
  minutes: number;
}

/**
 * Splits each stop of a batch at the worked shifts of its nave, as the downtime analysis does
 * (`eachShiftPart`, docs/decisions/040-shift-calendar.md): a part per shift, then the minutes outside
 * every worked shift (a holiday, a day without shifts, a break), and one part for a stop with none.
 * A stop still running is split up to now. Answers the parts by stop id.
 */
async function shiftPartsOf(ctx: ServiceContext, filter: ExportFilter) {
  const workedAt = await workedShiftsReader(ctx, filter.startDate);
  return (rows: ParadaRow[]): Map<number, ShiftPart[]> => {
    const now = Date.now();
    const spans = rows.map((r) => ({ r, start: Date.parse(r.start_time), end: r.end_time ? Date.parse(r.end_time) : now }));
    const ranges = new Map<string, { from: number; to: number }>();
    for (const { r, start, end } of spans) {
      const range = ranges.get(r.nave) ?? { from: start, to: end };
      ranges.set(r.nave, { from: Math.min(range.from, start), to: Math.max(range.to, end) });
    }
    const worked = new Map([...ranges].map(([nave, range]) => [nave, workedAt(nave, range.from, range.to)]));
    const byStop = new Map<number, ShiftPart[]>();
    for (const { r, start, end } of spans) {
      const parts: ShiftPart[] = [];
      const outside = eachShiftPart(worked.get(r.nave) ?? [], start, Math.max(start, end), (t, ms) =>
        parts.push({ name: t.instance.name, date: t.instance.date, minutes: Math.round(ms / 60_000) }),
      );
      if (outside > 0 || parts.length === 0)
        parts.push({ name: exportMessages.outsideShifts, date: null, minutes: Math.round(outside / 60_000) });
      byStop.set(r.id, parts);
    }
    return byStop;
  };
}

/**
 * The stops export: times in the factory's zone. With the motivo columns, 'Minutos del arco' counts each
 * minute of an arco once where older data holds overlapping stops (docs/decisions/017-downtime-records.md);
 * with the andon columns, each parada's first call, its level, the first 'Voy' and 'En el arco' and the
 * waits between them (docs/decisions/043-andon.md), read per batch from the andon module. By shift, a
 * row per stop and shift part (`shiftPartsOf`).
 */
export async function* paradasCsv(ctx: ServiceContext, filter: ExportFilter): AsyncGenerator<string> {
  const instant = instantFormatter(ctx.tz);
  const split = filter.byShift ? await shiftPartsOf(ctx, filter) : null;
  type Row = ParadaRow & { andon?: ParadaCallTimes };
  // The current batch's parts by stop (by shift only).
  let partsOf = new Map<number, ShiftPart[]>();
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
    if (split) partsOf = split(rows);
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
      const parts = partsOf.get(r.id);
      if (!parts) return row(values);
      const stem = cells(values);
      let lines = '';
      for (const p of parts) lines += rowAfter(stem, [p.name, p.date && plainDate(p.date), p.minutes]);
      return lines;
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
