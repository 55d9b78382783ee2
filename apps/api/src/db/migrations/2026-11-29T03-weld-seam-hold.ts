import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// A seam held for a decision (docs/decisions/092-seam-hold-in-the-weld-records.md), owned by
// modules/welds: weld_seams.held_since is when the circular was marked out of procedure and is null
// once an accepting decision releases it. The weld records' own code reads it where a seam's state is
// decided, so the trigger of 2026-11-28T10-telemetry that rewrote 'aceptada' goes, and the marks
// already recorded are carried over: a circular marked without an accepting decision is held, and a
// seam still 'aceptada' while held (a 'rechazar' recorded after an 'aceptar') is 'pendiente', as the
// weld records now decide it.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

const HELD = `exists (select 1 from telemetry_judgements j where j.tramo_id = new.tramo_id
  and j.judgement = 'fuera_de_procedimiento' and (j.decision is null or j.decision <> 'aceptar'))`;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    await sql.raw('drop trigger if exists weld_seams_telemetry_hold on weld_seams').execute(db);
    await sql.raw('drop function if exists telemetry_hold_acceptance()').execute(db);
  } else {
    await sql.raw('drop trigger if exists weld_seams_telemetry_hold_insert').execute(db);
    await sql.raw('drop trigger if exists weld_seams_telemetry_hold_update').execute(db);
  }
  await db.schema.alterTable('weld_seams').addColumn('held_since', 'text').execute();
  await sql`update weld_seams set held_since = (
      select j.marked_at from telemetry_judgements j where j.tramo_id = weld_seams.tramo_id
        and j.judgement = 'fuera_de_procedimiento' and (j.decision is null or j.decision <> 'aceptar'))`.execute(db);
  await db
    .updateTable('weld_seams')
    .set({ state: 'pendiente' })
    .where('held_since', 'is not', null)
    .where('state', '=', 'aceptada')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('weld_seams').dropColumn('held_since').execute();
  if (pg) {
    await sql
      .raw(`create function telemetry_hold_acceptance() returns trigger language plpgsql as $body$
        begin
          if new.state = 'aceptada' and ${HELD} then new.state := 'pendiente'; end if;
          return new;
        end $body$`)
      .execute(db);
    await sql
      .raw(
        'create trigger weld_seams_telemetry_hold before insert or update of state on weld_seams for each row execute function telemetry_hold_acceptance()',
      )
      .execute(db);
  } else {
    for (const [name, when] of [
      ['weld_seams_telemetry_hold_insert', 'insert'],
      ['weld_seams_telemetry_hold_update', 'update of state'],
    ]) {
      await sql
        .raw(
          `create trigger ${name} after ${when} on weld_seams for each row when new.state = 'aceptada' and ${HELD}
           begin update weld_seams set state = 'pendiente' where tramo_id = new.tramo_id; end`,
        )
        .execute(db);
    }
  }
}
