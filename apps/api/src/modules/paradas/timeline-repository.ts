import { sql } from 'kysely';
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
 * The timeline's bars of the ended paradas of the given arcos over [from, until), written by the
 * database as JSON text, one string per arco with a parada there: `["kind","start","end",id,motivo,0]`,
 * comma-separated, the instants as stored clipped to the range (the tuple of `timelineBar` in
 * packages/contract/src/timeline.ts). A week of 50 arcos is about 13,000 paradas: read as rows, parsed
 * and written again in JavaScript they cost several times what the database takes to write them, and
 * the instants go as stored because turning them into numbers was most of PostgreSQL's time
 * (docs/decisions/053-timeline-without-running-bars.md). Read from paradas_arco_span_idx alone
 * (decision 048).
 */
export async function arcoEndedBarsJson(
  db: Db,
  engine: DbEngine,
  arcoIds: number[],
  from: string,
  until: string,
): Promise<{ arco_sumergido_id: number; bars: string }[]> {
  if (arcoIds.length === 0) return [];
  // The later and the earlier of two instants stored as ISO text (they sort as text, as every range read here assumes).
  const [later, earlier] = engine === 'postgres' ? ['greatest', 'least'] : ['max', 'min'];
  const kind = sql`case when micro_stop = 1 then '"micro"' when motivo_id in (select id from motivos where planned = 1) then '"planned"' else '"stopped"' end`;
  const bar = sql`'[' || ${kind} || ',"' || ${sql.raw(later)}(start_time, ${from}) || '","' || ${sql.raw(earlier)}(end_time, ${until}) || '",' || id || ',' || coalesce(cast(motivo_id as text), 'null') || ',0]'`;
  return db
    .selectFrom('paradas_kaiser')
    .select(['arco_sumergido_id', sql<string>`string_agg(${bar}, ',')`.as('bars')])
    .where('arco_sumergido_id', 'in', arcoIds)
    .where('start_time', '>=', new Date(Date.parse(from) - LONGEST_ENDED_MS).toISOString())
    .where('start_time', '<', until)
    .where('end_time', '>', from)
    .whereRef('end_time', '>', 'start_time')
    .groupBy('arco_sumergido_id')
    .execute();
}
