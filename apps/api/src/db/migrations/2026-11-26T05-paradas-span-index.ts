import { type Kysely, sql } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// The arco timeline and the downtime analysis by shift read the stops of a nave's arcos over a range
// of start times (docs/decisions/048-shift-reads-from-one-index.md). paradas_arco_span_idx holds every
// column both read, end_time and date included, so each arco's range is read from the index alone (an
// index-only scan on PostgreSQL) instead of one table row per stop. It replaces
// paradas_arco_timeline_idx, which lacked end_time. Ended stops only: both reads ask `end_time > t`,
// which the planners know implies `end_time is not null`, while a stop's writes look for the running
// ones (`end_time is null`) through paradas_arco_end_idx; a covering index that held them too drew
// that read onto the arco's whole history (apps/api/test/paradas-write-plans.test.ts).

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('paradas_arco_span_idx')
    .on('paradas_kaiser')
    .columns(['arco_sumergido_id', 'start_time', 'end_time', 'micro_stop', 'motivo_id', 'date', 'id'])
    .where(sql.ref('end_time'), 'is not', null)
    .execute();
  await db.schema.dropIndex('paradas_arco_timeline_idx').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('paradas_arco_timeline_idx')
    .on('paradas_kaiser')
    .columns(['arco_sumergido_id', 'start_time', 'micro_stop', 'motivo_id', 'id'])
    .execute();
  await db.schema.dropIndex('paradas_arco_span_idx').execute();
}
