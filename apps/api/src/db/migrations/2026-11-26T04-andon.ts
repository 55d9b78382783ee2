import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// The andon (docs/decisions/043-andon.md), all owned by modules/andon:
// - andon_roles: the naves where a user is called as 'supervisor' or 'maintenance';
// - andon_rules: minutes after which an open unplanned parada calls each level, per nave, nave_id 0
//   being the plant default (5 and 15); null follows the plant;
// - andon_motivos: the motivos whose paradas call maintenance at once;
// - andon_calls: every call, with its answers ('Voy', 'En el arco') and its resolution; a parada calls
//   each level once (unique parada_id, level), an arco without a parada has one open call per level;
// - push_subscriptions: the Web Push endpoints of each user's devices.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('andon_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('nave_id', 'integer', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('andon_roles_pk', ['user_id', 'nave_id', 'role'])
    .execute();
  await db.schema.createIndex('andon_roles_nave_idx').on('andon_roles').columns(['nave_id', 'role']).execute();

  await db.schema
    .createTable('andon_rules')
    .addColumn('nave_id', 'integer', (c) => c.primaryKey())
    .addColumn('supervisor_minutes', 'integer')
    .addColumn('maintenance_minutes', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const at = new Date().toISOString();
  await db.insertInto('andon_rules').values({ nave_id: 0, supervisor_minutes: 5, maintenance_minutes: 15, updated_at: at }).execute();

  await db.schema
    .createTable('andon_motivos')
    .addColumn('motivo_id', 'integer', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('andon_calls')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('arco_sumergido_id', 'integer', (c) => c.notNull())
    .addColumn('parada_id', 'integer')
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('acknowledged_at', 'text')
    .addColumn('acknowledged_by', 'integer')
    .addColumn('arrived_at', 'text')
    .addColumn('arrived_by', 'integer')
    .addColumn('resolved_at', 'text')
    .execute();
  await db.schema.createIndex('andon_calls_parada_level').on('andon_calls').columns(['parada_id', 'level']).unique().execute();
  await sql`
    create unique index andon_calls_open_without_parada on andon_calls (arco_sumergido_id, level)
    where parada_id is null and resolved_at is null
  `.execute(db);
  await sql`create index andon_calls_open on andon_calls (arco_sumergido_id) where resolved_at is null`.execute(db);
  await db.schema.createIndex('andon_calls_created_idx').on('andon_calls').columns(['created_at']).execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').columns(['user_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['push_subscriptions', 'andon_calls', 'andon_motivos', 'andon_rules', 'andon_roles']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
