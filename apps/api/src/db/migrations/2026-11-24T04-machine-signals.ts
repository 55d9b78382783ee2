import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// Machine signals (docs/decisions/020-machine-signals.md):
// - machine_bindings: an arco's signal, an MQTT topic (unique: one topic feeds one arco) and/or the
//   SHA-256 of its HTTP device key (the key itself is shown once and never stored);
// - machine_states: per arco, the last state applied and the device time it took effect, so a late or
//   repeated message changes nothing, and when the arco last reported (for 'Sin señal');
// - paradas_kaiser.source ('worker' | 'machine') and micro_stop (1 when a machine stop lasted less
//   than MACHINE_MICRO_STOP_SECONDS): existing rows are workers' stops, never micro-stops.
// - downtime_monthly.micro_minutes and micro_stops: the downtime rollup's triggers (from
//   2026-11-24T02-downtime-records) are replaced so a micro-stop counts there and not in minutes/stops,
//   and the downtime analysis shows micro-stops apart. No row is a micro-stop yet: nothing to move.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('machine_bindings')
    .addColumn('arco_sumergido_id', 'integer', (c) => c.primaryKey().references('arcos_sumergidos.id').onDelete('cascade'))
    .addColumn('topic', 'text', (c) => c.unique())
    .addColumn('key_hash', 'text')
    .addColumn('key_created_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('machine_states')
    .addColumn('arco_sumergido_id', 'integer', (c) => c.primaryKey().references('arcos_sumergidos.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('state_at', 'text', (c) => c.notNull())
    .addColumn('last_report_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('paradas_kaiser')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('worker'))
    .execute();
  await db.schema
    .alterTable('paradas_kaiser')
    .addColumn('micro_stop', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await splitMicroStops(db, db.getExecutor().adapter instanceof PostgresAdapter);
}

/** The rollup's columns for one side of a change: a micro-stop's minutes and count go apart. */
const microSide = (rec: string, sign: '+' | '-') => {
  const m = `coalesce(${rec}.counted_minutes, ${rec}.duration_minutes, 0)`;
  const micro = `${rec}.micro_stop = 1`;
  const minutes = `case when ${micro} then 0 else ${m} end`;
  const stops = `case when ${micro} then 0 else 1 end`;
  const microMinutes = `case when ${micro} then ${m} else 0 end`;
  const microStops = `case when ${micro} then 1 else 0 end`;
  return sign === '+'
    ? `insert into downtime_monthly (month, arco_id, motivo_id, minutes, stops, micro_minutes, micro_stops)
         values (substr(${rec}.date, 1, 7), ${rec}.arco_sumergido_id, coalesce(${rec}.motivo_id, 0),
           ${minutes}, ${stops}, ${microMinutes}, ${microStops})
         on conflict (month, arco_id, motivo_id) do update set
           minutes = downtime_monthly.minutes + excluded.minutes, stops = downtime_monthly.stops + excluded.stops,
           micro_minutes = downtime_monthly.micro_minutes + excluded.micro_minutes,
           micro_stops = downtime_monthly.micro_stops + excluded.micro_stops;`
    : `update downtime_monthly set minutes = minutes - ${minutes}, stops = stops - ${stops},
           micro_minutes = micro_minutes - ${microMinutes}, micro_stops = micro_stops - ${microStops}
         where month = substr(${rec}.date, 1, 7) and arco_id = ${rec}.arco_sumergido_id and motivo_id = coalesce(${rec}.motivo_id, 0);`;
};

const ROLLUP_COLUMNS = 'date, arco_sumergido_id, motivo_id, duration_minutes, counted_minutes, micro_stop';
const ROLLUP_CHANGED = ROLLUP_COLUMNS.split(', ')
  .map((c) => `old.${c} is distinct from new.${c}`)
  .join(' or ');

async function splitMicroStops(db: AnyDb, pg: boolean) {
  await db.schema
    .alterTable('downtime_monthly')
    .addColumn('micro_minutes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('downtime_monthly')
    .addColumn('micro_stops', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  if (pg) {
    await sql
      .raw(`create or replace function downtime_monthly_rollup() returns trigger language plpgsql as $body$
        begin
          if tg_op in ('UPDATE', 'DELETE') then
            ${microSide('old', '-')}
          end if;
          if tg_op in ('INSERT', 'UPDATE') then
            ${microSide('new', '+')}
          end if;
          return null;
        end
        $body$`)
      .execute(db);
    await sql.raw('drop trigger downtime_monthly_au on paradas_kaiser').execute(db);
    await sql
      .raw(`create trigger downtime_monthly_au after update of ${ROLLUP_COLUMNS} on paradas_kaiser
        for each row when (${ROLLUP_CHANGED}) execute function downtime_monthly_rollup()`)
      .execute(db);
    return;
  }
  for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger downtime_monthly_${t}`).execute(db);
  for (const s of [
    `create trigger downtime_monthly_ai after insert on paradas_kaiser begin ${microSide('new', '+')} end`,
    `create trigger downtime_monthly_ad after delete on paradas_kaiser begin ${microSide('old', '-')} end`,
    `create trigger downtime_monthly_au after update of ${ROLLUP_COLUMNS} on paradas_kaiser
       when ${ROLLUP_CHANGED.replaceAll('is distinct from', 'is not')}
       begin ${microSide('old', '-')} ${microSide('new', '+')} end`,
  ]) {
    await sql.raw(s).execute(db);
  }
}
