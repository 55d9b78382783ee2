import type { Kysely } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// Writes queued on a phone while offline (docs/decisions/016-offline-writes.md):
// - idempotency_keys: one row per (user, Idempotency-Key), claimed before the write runs and then
//   holding the first answer, so a replayed request gets that answer and writes nothing twice;
// - paradas_kaiser keeps, beside the start and end the worker tapped (start_time, end_time), when the
//   server received each of them; null for rows written before this migration.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
  await db.schema.alterTable('paradas_kaiser').addColumn('start_received_at', 'text').execute();
  await db.schema.alterTable('paradas_kaiser').addColumn('end_received_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('paradas_kaiser').dropColumn('end_received_at').execute();
  await db.schema.alterTable('paradas_kaiser').dropColumn('start_received_at').execute();
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
}
