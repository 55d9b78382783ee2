import type { Kysely } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// The station terminal's PIN budget and device binding (docs/decisions/060-terminal-budget-and-binding.md):
// - terminals.pin_failures / pin_window_ends: the wrong PIN checks reserved in the terminal's open hour
//   (reserved before each check, in one atomic update, so no concurrency can pass the budget);
// - terminals.pin_locked_at: when the budget ran out; the terminal then takes only badges until an
//   admin resets it;
// - terminals.device_key: the public half (SPKI, base64url) of the P-256 key the tablet created at
//   enrolment; null for a tablet enrolled before, which binds its key on its next start.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('terminals')
    .addColumn('pin_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('terminals').addColumn('pin_window_ends', 'text').execute();
  await db.schema.alterTable('terminals').addColumn('pin_locked_at', 'text').execute();
  await db.schema.alterTable('terminals').addColumn('device_key', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['device_key', 'pin_locked_at', 'pin_window_ends', 'pin_failures']) {
    await db.schema.alterTable('terminals').dropColumn(column).execute();
  }
}
