import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// Weld telemetry (docs/decisions/079-weld-telemetry.md), owned by modules/telemetry. Times are epoch
// milliseconds (seconds, minutes) in bigint columns: 500 samples a second make the compact key worth it.
// - telemetry_samples: the raw samples, one per arco and device time (a repeat is the same key);
//   kept TELEMETRY_RAW_DAYS;
// - telemetry_seconds: per arco and second, the arc-on share and sums/min/max of the arc-on samples,
//   and the run (pass) the second belongs to; kept with the seam, others reduced to minutes;
// - telemetry_minutes: per arco and minute, what the figures add up (kept);
// - telemetry_runs: a pass at an arco (Iniciar/Finalizar soldadura, or opened by the arc), its summary;
// - telemetry_judgements: a circular out of its procedure and the decision recorded on it.
// A trigger keeps a weld seam from 'aceptada' while its circular is out of procedure without an
// accepting decision (docs/decisions/080-weld-judgement-and-acceptance.md).

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

const HELD = `exists (select 1 from telemetry_judgements j where j.tramo_id = new.tramo_id
  and j.judgement = 'fuera_de_procedimiento' and (j.decision is null or j.decision <> 'aceptar'))`;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const real = pg ? 'double precision' : 'real';

  await db.schema
    .createTable('telemetry_samples')
    .addColumn('arco_sumergido_id', 'integer', (c) => c.notNull())
    .addColumn('t', 'bigint', (c) => c.notNull())
    .addColumn('arc', 'smallint', (c) => c.notNull())
    .addColumn('i', real, (c) => c.notNull())
    .addColumn('u', real, (c) => c.notNull())
    .addColumn('wf', real, (c) => c.notNull())
    .addColumn('v', real, (c) => c.notNull())
    .addColumn('temp', real)
    .addPrimaryKeyConstraint('telemetry_samples_pk', ['arco_sumergido_id', 't'])
    .execute();

  const sums = (b: CreateTableBuilder<string, string>) => {
    let t = b;
    for (const p of ['i', 'u', 'wf', 'v', 'temp']) {
      t = t
        .addColumn(`${p}_sum`, real, (c) => c.notNull().defaultTo(0))
        .addColumn(`${p}_min`, real)
        .addColumn(`${p}_max`, real);
    }
    return t.addColumn('temp_n', 'integer', (c) => c.notNull().defaultTo(0));
  };

  await sums(
    db.schema
      .createTable('telemetry_seconds')
      .addColumn('arco_sumergido_id', 'integer', (c) => c.notNull())
      .addColumn('second', 'bigint', (c) => c.notNull())
      .addColumn('run_id', 'integer')
      .addColumn('n', 'integer', (c) => c.notNull())
      .addColumn('arc_n', 'integer', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('telemetry_seconds_pk', ['arco_sumergido_id', 'second'])
    .execute();
  await db.schema.createIndex('telemetry_seconds_run_idx').on('telemetry_seconds').columns(['run_id', 'second']).execute();

  await db.schema
    .createTable('telemetry_minutes')
    .addColumn('arco_sumergido_id', 'integer', (c) => c.notNull())
    .addColumn('minute', 'bigint', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('arc_ms', 'integer', (c) => c.notNull())
    .addColumn('length_mm', real, (c) => c.notNull())
    .addColumn('wire_m', real, (c) => c.notNull())
    .addColumn('i_mean', real)
    .addColumn('u_mean', real)
    .addPrimaryKeyConstraint('telemetry_minutes_pk', ['arco_sumergido_id', 'minute'])
    .execute();

  await db.schema
    .createTable('telemetry_runs')
    .addColumn('id', 'integer', id)
    .addColumn('arco_sumergido_id', 'integer', (c) => c.notNull())
    .addColumn('tramo_id', 'integer', (c) => c.references('tramos.id').onDelete('cascade'))
    .addColumn('pass_type', 'text')
    .addColumn('operator_id', 'integer')
    .addColumn('operator_name', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('started_ms', 'bigint', (c) => c.notNull())
    .addColumn('ended_ms', 'bigint')
    .addColumn('revision_id', 'integer')
    .addColumn('process', 'integer')
    .addColumn('efficiency', real, (c) => c.notNull().defaultTo(1))
    .addColumn('nominal_speed', real)
    .addColumn('summary', 'text')
    .addColumn('excursions', 'text')
    .addColumn('arc_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('length_mm', real, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('telemetry_runs_arco_idx').on('telemetry_runs').columns(['arco_sumergido_id', 'started_ms']).execute();
  await db.schema.createIndex('telemetry_runs_tramo_idx').on('telemetry_runs').columns(['tramo_id']).execute();
  // One run not yet ended per arco: two instances opening one from the same arc-on race on this.
  await db.schema
    .createIndex('telemetry_runs_open_uq')
    .on('telemetry_runs')
    .column('arco_sumergido_id')
    .unique()
    .where(sql.ref('state'), '<>', 'cerrada')
    .execute();

  await db.schema
    .createTable('telemetry_judgements')
    .addColumn('tramo_id', 'integer', (c) => c.primaryKey().references('tramos.id').onDelete('cascade'))
    .addColumn('judgement', 'text', (c) => c.notNull())
    .addColumn('marked_at', 'text', (c) => c.notNull())
    .addColumn('decision', 'text')
    .addColumn('decision_reason', 'text')
    .addColumn('decided_by', 'integer')
    .addColumn('decided_by_name', 'text')
    .addColumn('decided_at', 'text')
    .execute();

  await createTelemetryHold(db);
}

export async function down(db: AnyDb): Promise<void> {
  await dropTelemetryHold(db);
  for (const table of ['telemetry_judgements', 'telemetry_runs', 'telemetry_minutes', 'telemetry_seconds', 'telemetry_samples']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

/**
 * The trigger that keeps a weld seam from 'aceptada' while its circular is held (a PostgreSQL
 * function and trigger, or SQLite's two triggers); 2026-11-29T03-weld-seam-hold drops it and puts it
 * back on the way down.
 */
export async function createTelemetryHold(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    await sql
      .raw(`create function telemetry_hold_acceptance() returns trigger language plpgsql as $body$
        begin
          if new.state = 'aceptada' and ${HELD} then new.state := 'pendiente'; end if;
          return new;
        end $body$`)
      .execute(db);
    await sql
      .raw(
        'create trigger weld_seams_telemetry_hold before insert or update of state on weld_seams for each row execute function telemetry_hold_acceptance()',
      )
      .execute(db);
  } else {
    for (const when of ['insert', 'update of state']) {
      const name = when === 'insert' ? 'weld_seams_telemetry_hold_insert' : 'weld_seams_telemetry_hold_update';
      await sql
        .raw(
          `create trigger ${name} after ${when} on weld_seams for each row when new.state = 'aceptada' and ${HELD}
           begin update weld_seams set state = 'pendiente' where tramo_id = new.tramo_id; end`,
        )
        .execute(db);
    }
  }
}

/** Drops what createTelemetryHold created. */
export async function dropTelemetryHold(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    await sql.raw('drop trigger if exists weld_seams_telemetry_hold on weld_seams').execute(db);
    await sql.raw('drop function if exists telemetry_hold_acceptance()').execute(db);
  } else {
    await sql.raw('drop trigger if exists weld_seams_telemetry_hold_insert').execute(db);
    await sql.raw('drop trigger if exists weld_seams_telemetry_hold_update').execute(db);
  }
}
