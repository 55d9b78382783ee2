import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// The andon's rows that belong to an account or a nave go with it (docs/decisions/043-andon.md), in the
// statement that deletes it: a deleted account is called no more and its devices get no pushes; a
// deleted nave takes its callers and its own escalation minutes along (SQLite may give a new nave a
// deleted one's id). Triggers, like the rollups of migration 2026-11-24T03: the users and naves
// modules cannot call the andon's service, which reads both (docs/decisions/024-one-owner-per-table.md),
// and andon_rules' plant row (nave_id 0) rules out a foreign key. Rows already left behind are dropped.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

const FORGET_USER = 'delete from andon_roles where user_id = old.id; delete from push_subscriptions where user_id = old.id;';
const FORGET_NAVE = 'delete from andon_roles where nave_id = old.id; delete from andon_rules where nave_id = old.id;';

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`delete from andon_roles where user_id not in (select id from users) or nave_id not in (select id from naves)`.execute(db);
  await sql`delete from push_subscriptions where user_id not in (select id from users)`.execute(db);
  await sql`delete from andon_rules where nave_id <> 0 and nave_id not in (select id from naves)`.execute(db);
  for (const [table, body] of [
    ['users', FORGET_USER],
    ['naves', FORGET_NAVE],
  ] as const) {
    if (pg) {
      await sql
        .raw(`create function andon_forget_${table}() returns trigger language plpgsql as $body$
        begin
          ${body}
          return null;
        end
        $body$`)
        .execute(db);
      await sql
        .raw(`create trigger ${table}_andon_forget after delete on ${table} for each row execute function andon_forget_${table}()`)
        .execute(db);
    } else {
      await sql.raw(`create trigger ${table}_andon_forget after delete on ${table} begin ${body} end`).execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of ['users', 'naves']) {
    await sql
      .raw(pg ? `drop trigger if exists ${table}_andon_forget on ${table}` : `drop trigger if exists ${table}_andon_forget`)
      .execute(db);
    if (pg) await sql.raw(`drop function if exists andon_forget_${table}()`).execute(db);
  }
}
