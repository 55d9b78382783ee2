import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// The station terminal (docs/decisions/036-station-terminal.md):
// - terminals: a device enrolled as one arco's terminal; the SHA-256 of its credential (the
//   credential itself is shown once), its last activity, and when it was revoked (kept for the list);
// - terminal_codes: one-time enrolment codes (their SHA-256), valid until expires_at, used once;
// - arco_workers: who signed in at an arco lately (phone or terminal), the terminal's list of names,
//   filled here from the last 30 days of paradas;
// - users.pin_hash (argon2id, like passwords) and users.badge_hash (SHA-256 of the badge code, unique);
// - audit_log.terminal_id / terminal_name: the terminal an action was made through.
// An arco's terminals, codes and names go with the arco; a deleted user's names go with the user.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const pk = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable('terminals')
    .addColumn('id', 'integer', pk)
    .addColumn('arco_sumergido_id', 'integer', (c) => c.notNull().references('arcos_sumergidos.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('credential_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('terminals_arco_idx').on('terminals').column('arco_sumergido_id').execute();

  await db.schema
    .createTable('terminal_codes')
    .addColumn('id', 'integer', pk)
    .addColumn('arco_sumergido_id', 'integer', (c) => c.notNull().references('arcos_sumergidos.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('arco_workers')
    .addColumn('arco_sumergido_id', 'integer', (c) => c.notNull().references('arcos_sumergidos.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('arco_workers_pk', ['arco_sumergido_id', 'user_id'])
    .execute();
  await db.schema.createIndex('arco_workers_recent_idx').on('arco_workers').columns(['arco_sumergido_id', 'last_at']).execute();
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
  await db
    .insertInto('arco_workers')
    .columns(['arco_sumergido_id', 'user_id', 'last_at'])
    .expression((eb) =>
      eb
        .selectFrom('paradas_kaiser')
        .select(['arco_sumergido_id', 'user_id', (e) => e.fn.max('start_time').as('last_at')])
        .where('user_id', 'is not', null)
        .where('start_time', '>=', since)
        .groupBy(['arco_sumergido_id', 'user_id']),
    )
    .execute();

  await db.schema.alterTable('users').addColumn('pin_hash', 'text').execute();
  await db.schema.alterTable('users').addColumn('badge_hash', 'text').execute();
  await db.schema.createIndex('users_badge_idx').on('users').column('badge_hash').unique().execute();

  await db.schema.alterTable('audit_log').addColumn('terminal_id', 'integer').execute();
  await db.schema.alterTable('audit_log').addColumn('terminal_name', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('terminal_name').execute();
  await db.schema.alterTable('audit_log').dropColumn('terminal_id').execute();
  await db.schema.dropIndex('users_badge_idx').execute();
  await db.schema.alterTable('users').dropColumn('badge_hash').execute();
  await db.schema.alterTable('users').dropColumn('pin_hash').execute();
  await db.schema.dropTable('arco_workers').execute();
  await db.schema.dropTable('terminal_codes').execute();
  await db.schema.dropTable('terminals').execute();
}
