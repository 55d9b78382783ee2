import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// The arco timeline draws weld telemetry's arc-on stretches inside 'En marcha' at the minute
// (docs/decisions/090-arc-on-board-and-timeline.md). A week of 50 arcos burning half the time is about
// 250,000 minutes with arc time, too many rows to read within the timeline's 50 ms; telemetry_arc_hours
// holds one row per arco and hour with arc: `mask`, bit k set when minute k of the hour has arc time,
// and the hour's arc time. Triggers on telemetry_minutes keep it, whatever code writes the minutes
// (an insert with arc time, an update of arc_ms); the rows written before are rolled up here.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('telemetry_arc_hours')
    .addColumn('arco_sumergido_id', 'integer', (c) => c.notNull())
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('mask', 'bigint', (c) => c.notNull())
    .addColumn('arc_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('telemetry_arc_hours_pk', ['arco_sumergido_id', 'hour'])
    .execute();

  const bit = pg ? sql.raw('(1::bigint << (minute % 60)::int)') : sql.raw('(1 << (minute % 60))');
  await sql`insert into telemetry_arc_hours (arco_sumergido_id, hour, mask, arc_ms)
    select arco_sumergido_id, minute / 60, sum(${bit}), sum(arc_ms) from telemetry_minutes where arc_ms > 0
    group by arco_sumergido_id, minute / 60`.execute(db);

  if (pg) {
    await sql
      .raw(`create function telemetry_arc_hour() returns trigger language plpgsql as $body$
        declare
          b bigint := 1::bigint << (new.minute % 60)::int;
          before_ms bigint := 0;
        begin
          if tg_op = 'UPDATE' then before_ms := old.arc_ms; end if;
          if new.arc_ms = before_ms then return null; end if;
          insert into telemetry_arc_hours as h (arco_sumergido_id, hour, mask, arc_ms)
            values (new.arco_sumergido_id, new.minute / 60, case when new.arc_ms > 0 then b else 0 end, new.arc_ms - before_ms)
            on conflict (arco_sumergido_id, hour)
            do update set mask = (h.mask & ~b) | excluded.mask, arc_ms = h.arc_ms + excluded.arc_ms;
          return null;
        end $body$`)
      .execute(db);
    await sql
      .raw(
        'create trigger telemetry_minutes_arc_hours after insert or update of arc_ms on telemetry_minutes for each row execute function telemetry_arc_hour()',
      )
      .execute(db);
  } else {
    for (const [name, when, before] of [
      ['telemetry_minutes_arc_hours_insert', 'insert', '0'],
      ['telemetry_minutes_arc_hours_update', 'update of arc_ms', 'old.arc_ms'],
    ]) {
      await sql
        .raw(
          `create trigger ${name} after ${when} on telemetry_minutes for each row when new.arc_ms <> ${before}
           begin
             insert into telemetry_arc_hours (arco_sumergido_id, hour, mask, arc_ms)
               values (new.arco_sumergido_id, new.minute / 60, case when new.arc_ms > 0 then 1 << (new.minute % 60) else 0 end,
                 new.arc_ms - ${before})
               on conflict (arco_sumergido_id, hour)
               do update set mask = (mask & ~(1 << (new.minute % 60))) | excluded.mask, arc_ms = arc_ms + excluded.arc_ms;
           end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    await sql.raw('drop trigger if exists telemetry_minutes_arc_hours on telemetry_minutes').execute(db);
    await sql.raw('drop function if exists telemetry_arc_hour()').execute(db);
  } else {
    await sql.raw('drop trigger if exists telemetry_minutes_arc_hours_insert').execute(db);
    await sql.raw('drop trigger if exists telemetry_minutes_arc_hours_update').execute(db);
  }
  await db.schema.dropTable('telemetry_arc_hours').ifExists().execute();
}
