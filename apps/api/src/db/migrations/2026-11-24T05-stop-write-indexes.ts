import { type Kysely, sql } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// The writes of a stop read an owner's running stops and those that ended after a given instant
// (docs/decisions/022-stop-write-indexes.md):
// - paradas_user_end_idx, paradas_arco_end_idx: (owner, end_time), so `end_time IS NULL` is an
//   equality and `end_time > t` a short range over the owner's latest stops, whatever the planner's
//   statistics say of the partial indexes of running stops (nearly empty, so SQLite's ANALYZE made
//   them look useless and it walked an arco's whole history, 50 ms a start or an end at 50,000 stops);
// - paradas_partly_counted_idx: the handful of older rows whose minutes an overlap cut.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('paradas_user_end_idx').on('paradas_kaiser').columns(['user_id', 'end_time']).execute();
  await db.schema.createIndex('paradas_arco_end_idx').on('paradas_kaiser').columns(['arco_sumergido_id', 'end_time']).execute();
  await sql`create index paradas_partly_counted_idx on paradas_kaiser (arco_sumergido_id)
    where counted_minutes is not null or duplicate_of is not null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const name of ['paradas_partly_counted_idx', 'paradas_arco_end_idx', 'paradas_user_end_idx']) {
    await db.schema.dropIndex(name).execute();
  }
}
