import { type Kysely, sql } from 'kysely';
import { createTelemetryHold, dropTelemetryHold } from './2026-11-28T10-telemetry';

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

export async function up(db: AnyDb): Promise<void> {
  await dropTelemetryHold(db);
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
  await db.schema.alterTable('weld_seams').dropColumn('held_since').execute();
  await createTelemetryHold(db);
}
