import type { TimelineBar } from '@portal/contract/timeline';
import { type RawBuilder, sql } from 'kysely';
import type { Db, DbEngine } from '../../db/index';

// The arco timeline's read (modules/timeline).

/** A parada lasts at most a day (decision 017), so a range's ended ones started within a day before it. */
const LONGEST_ENDED_MS = 24 * 3600_000;

/** The running paradas of the given arcos that started before `to` (any age), through (arco, end_time). */
export const arcoOpenParadas = (db: Db, arcoIds: number[], to: string) =>
  arcoIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('paradas_kaiser')
        .select(['id', 'arco_sumergido_id', 'start_time', 'end_time', 'micro_stop', 'motivo_id'])
        .where('arco_sumergido_id', 'in', arcoIds)
        .where('start_time', '<', to)
        .where('end_time', 'is', null)
        .execute();

/**
 * The paradas of the given arcos that overlap [from, to): the ended ones through the (arco, start_time)
 * index, the running ones (which may be older than a day) through (arco, end_time).
 */
export async function arcoParadasOverlapping(db: Db, arcoIds: number[], from: string, to: string) {
  if (arcoIds.length === 0) return [];
  // Bare columns: the names come from the caller's maps.
  const earliest = new Date(Date.parse(from) - LONGEST_ENDED_MS).toISOString();
  const [ended, running] = await Promise.all([
    db
      .selectFrom('paradas_kaiser')
      .select(['id', 'arco_sumergido_id', 'start_time', 'end_time', 'micro_stop', 'motivo_id'])
      .where('arco_sumergido_id', 'in', arcoIds)
      .where('start_time', '<', to)
      .where('start_time', '>=', earliest)
      .where('end_time', '>', from)
      .execute(),
    arcoOpenParadas(db, arcoIds, to),
  ]);
  return [...ended, ...running];
}

/**
 * A parada's bar kind, from its row: a micro-stop, a stop whose motivo is planned (`plannedMotivos`,
 * which the caller reads from modules/motivos), else stopped. The one rule for every parada's bar, the
 * ended and the running ones.
 */
const paradaBarKind = (plannedMotivos: number[]) =>
  sql<TimelineBar[0]>`case when micro_stop = 1 then 'micro' when ${
    plannedMotivos.length === 0 ? sql`1 = 0` : sql`motivo_id in (${sql.join(plannedMotivos)})`
  } then 'planned' else 'stopped' end`;

/** Each arco's bars as one JSON array, written by the engine's own JSON functions. */
function barsPerArco(engine: DbEngine, bar: { kind: RawBuilder<string>; start: RawBuilder<string>; end: RawBuilder<string>; open: 0 | 1 }) {
  const fields = [bar.kind, bar.start, bar.end, sql.ref('id'), sql.ref('motivo_id'), sql.lit(bar.open)];
  return engine === 'postgres'
    ? sql<string | TimelineBar[]>`json_agg(json_build_array(${sql.join(fields)}))`
    : sql<string | TimelineBar[]>`json_group_array(json_array(${sql.join(fields)}))`;
}

/** The later and the earlier of two instants stored as ISO text (they sort as text, as every range read here assumes). */
const later = (engine: DbEngine, column: string, instant: string) =>
  engine === 'postgres' ? sql<string>`greatest(${sql.ref(column)}, ${instant})` : sql<string>`max(${sql.ref(column)}, ${instant})`;
const earlier = (engine: DbEngine, column: string, instant: string) =>
  engine === 'postgres' ? sql<string>`least(${sql.ref(column)}, ${instant})` : sql<string>`min(${sql.ref(column)}, ${instant})`;

export interface ArcoBars {
  arco_sumergido_id: number;
  bars: TimelineBar[];
}

/** SQLite answers the aggregate as JSON text, PostgreSQL's driver as parsed JSON. */
const parsed = (rows: { arco_sumergido_id: number; bars: string | TimelineBar[] }[]): ArcoBars[] =>
  rows.map((r) => ({ arco_sumergido_id: r.arco_sumergido_id, bars: typeof r.bars === 'string' ? JSON.parse(r.bars) : r.bars }));

/**
 * The timeline's bars of the paradas of the given arcos over [from, until), per arco with a parada
 * there (the tuple of `timelineBar` in packages/contract/src/timeline.ts): the ended ones, read from
 * paradas_arco_span_idx alone (decision 048), and the running ones (which may be older than a day)
 * through (arco, end_time), open up to `until`. The instants go as stored, clipped to the range. A
 * week of 50 arcos is about 13,000 paradas: each arco's bars are one array the database writes with
 * its JSON functions (json_group_array and json_array on SQLite, json_agg and json_build_array on
 * PostgreSQL) rather than a row per parada, which cost the drivers several times more, and the
 * instants are not turned into numbers, which was most of PostgreSQL's time
 * (docs/decisions/053-timeline-without-running-bars.md, docs/decisions/072-timeline-bars-by-json-functions.md).
 */
export async function arcoParadaBars(
  db: Db,
  engine: DbEngine,
  arcoIds: number[],
  plannedMotivos: number[],
  from: string,
  until: string,
): Promise<{ ended: ArcoBars[]; open: ArcoBars[] }> {
  if (arcoIds.length === 0 || from >= until) return { ended: [], open: [] };
  const kind = paradaBarKind(plannedMotivos);
  const [ended, open] = await Promise.all([
    db
      .selectFrom('paradas_kaiser')
      .select([
        'arco_sumergido_id',
        barsPerArco(engine, { kind, start: later(engine, 'start_time', from), end: earlier(engine, 'end_time', until), open: 0 }).as(
          'bars',
        ),
      ])
      .where('arco_sumergido_id', 'in', arcoIds)
      .where('start_time', '>=', new Date(Date.parse(from) - LONGEST_ENDED_MS).toISOString())
      .where('start_time', '<', until)
      .where('end_time', '>', from)
      .whereRef('end_time', '>', 'start_time')
      .groupBy('arco_sumergido_id')
      .execute(),
    db
      .selectFrom('paradas_kaiser')
      .select([
        'arco_sumergido_id',
        barsPerArco(engine, { kind, start: later(engine, 'start_time', from), end: sql<string>`cast(${until} as text)`, open: 1 }).as(
          'bars',
        ),
      ])
      .where('arco_sumergido_id', 'in', arcoIds)
      .where('start_time', '<', until)
      .where('end_time', 'is', null)
      .groupBy('arco_sumergido_id')
      .execute(),
  ]);
  return { ended: parsed(ended), open: parsed(open) };
}
