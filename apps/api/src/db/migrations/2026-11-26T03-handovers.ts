import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// handovers: the note a shift leaves to the next one at an arco (docs/decisions/042-shift-handover.md),
// one per arco and shift (the unique key), with the open paradas and the shift's figures as JSON text
// taken when it was written, and who confirmed it ('Leído') and when.
//
// paradas_arco_timeline_idx: the arco timeline (docs/decisions/041-arco-timeline.md) reads every parada
// of a nave's arcos over a week, by arco and start. It leaves end_time out: with it the index covers
// the stop writes' "running parada of this arco" read, and SQLite without statistics picked it over
// paradas_arco_end_idx, reading the arco's whole history (apps/api/test/paradas-write-plans.test.ts).

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('handovers')
    // biome-ignore lint/suspicious/noExplicitAny: column builder callback
    .addColumn('id', 'integer', (col: any) => (pg ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn('arco_sumergido_id', 'integer', (c) => c.notNull().references('arcos_sumergidos.id').onDelete('restrict'))
    .addColumn('shift_date', 'text', (c) => c.notNull())
    .addColumn('shift_name', 'text', (c) => c.notNull())
    .addColumn('shift_start', 'text', (c) => c.notNull())
    .addColumn('shift_end', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('confirmed_at', 'text')
    .addUniqueConstraint('handovers_arco_shift_unique', ['arco_sumergido_id', 'shift_start'])
    .execute();
  // The admin screen reads a nave's handovers of one date.
  await db.schema.createIndex('handovers_date_idx').on('handovers').columns(['shift_date', 'arco_sumergido_id']).execute();
  await db.schema
    .createIndex('paradas_arco_timeline_idx')
    .on('paradas_kaiser')
    .columns(['arco_sumergido_id', 'start_time', 'micro_stop', 'motivo_id', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('paradas_arco_timeline_idx').execute();
  await db.schema.dropTable('handovers').execute();
}
