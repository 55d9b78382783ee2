import type { Kysely } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// Machine signals (docs/decisions/020-machine-signals.md):
// - machine_bindings: an arco's signal, an MQTT topic (unique: one topic feeds one arco) and/or the
//   SHA-256 of its HTTP device key (the key itself is shown once and never stored);
// - machine_states: per arco, the last state applied and the device time it took effect, so a late or
//   repeated message changes nothing, and when the arco last reported (for 'Sin señal');
// - paradas_kaiser.source ('worker' | 'machine') and micro_stop (1 when a machine stop lasted less
//   than MACHINE_MICRO_STOP_SECONDS): existing rows are workers' stops, never micro-stops.

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
}
