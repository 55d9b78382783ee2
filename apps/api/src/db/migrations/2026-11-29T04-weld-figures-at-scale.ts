import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// A month's weld figures at 1,000,000 circulares on both engines
// (docs/decisions/097-weld-figures-at-scale-on-both-engines.md). Each read becomes one range of a
// covering index, never a probe per seam:
// - by shift: weld_seams_welded_idx (nave, inspected, the instant welded), one range per shift
//   occurrence;
// - by project: weld_seams.id_proyecto, the circular's project when its trace was saved (as the seam
//   keeps its arco, nave and date), set by trigger from `tramos` on insert and whenever the trace is
//   saved again (an update naming welded_on); weld_seams_project_idx covers the sums;
// - by operator: each weld_seam_operators row carries its seam's month and counters, set by trigger
//   when the row is written and whenever the seam's counters change; weld_seam_operators_figures_idx
//   covers the sums.
// Triggers keep the copies whoever writes the rows, in the same transaction (as the rollups of
// 2026-11-21T05 do).

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

const COUNTERS = ['month', 'inspected', 'repaired', 'inspected_length_mm', 'repaired_length_mm'] as const;
const copyFromSeam = (set: (c: string) => string, seam: string) =>
  COUNTERS.map((c) => `${set(c)} (select s.${c} from weld_seams s where s.tramo_id = ${seam})`).join(', ');

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('weld_seams').addColumn('id_proyecto', 'text').execute();
  await db.schema.alterTable('weld_seam_operators').addColumn('month', 'text').execute();
  for (const c of ['inspected', 'repaired', 'inspected_length_mm', 'repaired_length_mm'])
    await db.schema
      .alterTable('weld_seam_operators')
      .addColumn(c, 'integer', (col) => col.notNull().defaultTo(0))
      .execute();

  // What was recorded before this migration.
  await sql`update weld_seams set id_proyecto = (select t.id_proyecto from tramos t where t.id = weld_seams.tramo_id)`.execute(db);
  await sql.raw(`update weld_seam_operators set ${copyFromSeam((c) => `${c} =`, 'weld_seam_operators.tramo_id')}`).execute(db);

  if (pg) {
    for (const s of [
      `create function weld_seams_project() returns trigger language plpgsql as $body$
        begin
          new.id_proyecto := (select t.id_proyecto from tramos t where t.id = new.tramo_id);
          return new;
        end $body$`,
      'create trigger weld_seams_project before insert or update of welded_on on weld_seams for each row execute function weld_seams_project()',
      `create function weld_seam_operators_copy() returns trigger language plpgsql as $body$
        begin
          select s.month, s.inspected, s.repaired, s.inspected_length_mm, s.repaired_length_mm
            into new.month, new.inspected, new.repaired, new.inspected_length_mm, new.repaired_length_mm
            from weld_seams s where s.tramo_id = new.tramo_id;
          return new;
        end $body$`,
      'create trigger weld_seam_operators_copy before insert or update of tramo_id on weld_seam_operators for each row execute function weld_seam_operators_copy()',
      `create function weld_seams_operators_counters() returns trigger language plpgsql as $body$
        begin
          update weld_seam_operators set month = new.month, inspected = new.inspected, repaired = new.repaired,
            inspected_length_mm = new.inspected_length_mm, repaired_length_mm = new.repaired_length_mm
          where tramo_id = new.tramo_id;
          return null;
        end $body$`,
      `create trigger weld_seams_operators_counters after update of ${COUNTERS.join(', ')} on weld_seams for each row
         when (${COUNTERS.map((c) => `old.${c} is distinct from new.${c}`).join(' or ')})
         execute function weld_seams_operators_counters()`,
    ])
      await sql.raw(s).execute(db);
  } else {
    const project =
      'update weld_seams set id_proyecto = (select t.id_proyecto from tramos t where t.id = new.tramo_id) where tramo_id = new.tramo_id;';
    await sql.raw(`create trigger weld_seams_project_insert after insert on weld_seams begin ${project} end`).execute(db);
    await sql.raw(`create trigger weld_seams_project_update after update of welded_on on weld_seams begin ${project} end`).execute(db);
    const copy = `update weld_seam_operators set ${copyFromSeam((c) => `${c} =`, 'new.tramo_id')}
      where tramo_id = new.tramo_id and user_id = new.user_id;`;
    await sql.raw(`create trigger weld_seam_operators_copy_insert after insert on weld_seam_operators begin ${copy} end`).execute(db);
    await sql
      .raw(`create trigger weld_seam_operators_copy_update after update of tramo_id, user_id on weld_seam_operators begin ${copy} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger weld_seams_operators_counters after update of ${COUNTERS.join(', ')} on weld_seams
         when ${COUNTERS.map((c) => `old.${c} is not new.${c}`).join(' or ')}
         begin
           update weld_seam_operators set month = new.month, inspected = new.inspected, repaired = new.repaired,
             inspected_length_mm = new.inspected_length_mm, repaired_length_mm = new.repaired_length_mm
           where tramo_id = new.tramo_id;
         end`,
      )
      .execute(db);
  }

  await db.schema
    .createIndex('weld_seams_welded_idx')
    .on('weld_seams')
    .columns(['nave_id', 'inspected', 'welded_at', 'month', 'first_pass'])
    .execute();
  await db.schema
    .createIndex('weld_seams_project_idx')
    .on('weld_seams')
    .columns(['month', 'inspected', 'id_proyecto', 'repaired', 'inspected_length_mm', 'repaired_length_mm'])
    .execute();
  await db.schema
    .createIndex('weld_seam_operators_figures_idx')
    .on('weld_seam_operators')
    .columns(['month', 'inspected', 'user_id', 'repaired', 'inspected_length_mm', 'repaired_length_mm'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const index of ['weld_seam_operators_figures_idx', 'weld_seams_project_idx', 'weld_seams_welded_idx'])
    await db.schema.dropIndex(index).execute();
  if (pg) {
    await sql.raw('drop trigger if exists weld_seams_operators_counters on weld_seams').execute(db);
    await sql.raw('drop trigger if exists weld_seam_operators_copy on weld_seam_operators').execute(db);
    await sql.raw('drop trigger if exists weld_seams_project on weld_seams').execute(db);
    for (const fn of ['weld_seams_operators_counters', 'weld_seam_operators_copy', 'weld_seams_project'])
      await sql.raw(`drop function if exists ${fn}()`).execute(db);
  } else {
    for (const t of [
      'weld_seams_operators_counters',
      'weld_seam_operators_copy_update',
      'weld_seam_operators_copy_insert',
      'weld_seams_project_update',
      'weld_seams_project_insert',
    ])
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
  }
  for (const c of ['repaired_length_mm', 'inspected_length_mm', 'repaired', 'inspected', 'month'])
    await db.schema.alterTable('weld_seam_operators').dropColumn(c).execute();
  await db.schema.alterTable('weld_seams').dropColumn('id_proyecto').execute();
}
