import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// The weld records (docs/decisions/066-weld-records.md), all owned by modules/welds:
// - weld_calidad_roles: the naves where a user is 'Calidad' (like andon_roles), gone with the user or nave;
// - weld_settings: the plant's one row: what a circular by an unqualified operator does ('flag' or 'refuse');
// - weld_procedures (a WPS's identity: code, retired from a date) and weld_revisions (what it says from a
//   date on, a draft until approved; the revision a seam was welded to is stored on the seam, so a new
//   revision never rewrites one), with weld_revision_passes (the ranges of each pass type);
// - weld_qualifications (an operator's certificate; the name is kept when the account goes) and their
//   six-monthly weld_qualification_confirmations;
// - weld_lots: wire and flux lots, blocked with a reason; the 3.1 certificate's file path comes later;
// - weld_seams: a circular's trace, one per tramo (the revision, the date and arco it was welded on, its
//   state and the counters the figures add up), with weld_seam_operators (each with the qualification
//   that covered them that day, if any) and weld_seam_lots;
// - weld_inspections (a re-inspection names its repair), weld_defects and weld_repairs (one per defect).
// A tramo deleted by an administrator takes its weld records along (the audit keeps the deletion).

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

const FORGET_USER = 'delete from weld_calidad_roles where user_id = old.id;';
const FORGET_NAVE = 'delete from weld_calidad_roles where nave_id = old.id;';

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const real = pg ? 'double precision' : 'real';
  const seamRef = (c: ColumnDefinitionBuilder) => c.notNull().references('weld_seams.tramo_id').onDelete('cascade');

  await db.schema
    .createTable('weld_calidad_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('nave_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('weld_calidad_roles_pk', ['user_id', 'nave_id'])
    .execute();
  await db.schema.createIndex('weld_calidad_roles_nave_idx').on('weld_calidad_roles').columns(['nave_id']).execute();

  await db.schema
    .createTable('weld_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('qualification_mode', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.insertInto('weld_settings').values({ id: 1, qualification_mode: 'flag', updated_at: new Date().toISOString() }).execute();

  await db.schema
    .createTable('weld_procedures')
    .addColumn('id', 'integer', id)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('retired_from', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('weld_revisions')
    .addColumn('id', 'integer', id)
    .addColumn('procedure_id', 'integer', (c) => c.notNull().references('weld_procedures.id').onDelete('restrict'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'text', (c) => c.notNull())
    .addColumn('approved_at', 'text')
    .addColumn('approved_by_name', 'text')
    .addColumn('process', 'integer', (c) => c.notNull())
    .addColumn('material_group', 'text', (c) => c.notNull())
    .addColumn('thickness_min_mm', real, (c) => c.notNull())
    .addColumn('thickness_max_mm', real, (c) => c.notNull())
    .addColumn('wire_classification', 'text', (c) => c.notNull())
    .addColumn('flux_classification', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('weld_revisions_number_uq', ['procedure_id', 'revision'])
    .addUniqueConstraint('weld_revisions_from_uq', ['procedure_id', 'valid_from'])
    .execute();
  await db.schema
    .createTable('weld_revision_passes')
    .addColumn('revision_id', 'integer', (c) => c.notNull().references('weld_revisions.id').onDelete('cascade'))
    .addColumn('pass_type', 'text', (c) => c.notNull())
    .addColumn('current_min', 'integer', (c) => c.notNull())
    .addColumn('current_max', 'integer', (c) => c.notNull())
    .addColumn('voltage_min', real, (c) => c.notNull())
    .addColumn('voltage_max', real, (c) => c.notNull())
    .addColumn('speed_min', 'integer', (c) => c.notNull())
    .addColumn('speed_max', 'integer', (c) => c.notNull())
    .addColumn('heat_input_min', real, (c) => c.notNull())
    .addColumn('heat_input_max', real, (c) => c.notNull())
    .addColumn('preheat_min_c', 'integer', (c) => c.notNull())
    .addColumn('interpass_max_c', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('weld_revision_passes_pk', ['revision_id', 'pass_type'])
    .execute();

  await db.schema
    .createTable('weld_qualifications')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('standard', 'text', (c) => c.notNull())
    .addColumn('certificate_number', 'text', (c) => c.notNull())
    .addColumn('process', 'integer', (c) => c.notNull())
    .addColumn('range_notes', 'text')
    .addColumn('thickness_min_mm', real)
    .addColumn('thickness_max_mm', real)
    .addColumn('issued_on', 'text', (c) => c.notNull())
    .addColumn('expires_on', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('weld_qualifications_user_idx').on('weld_qualifications').columns(['user_id', 'process']).execute();
  await db.schema
    .createTable('weld_qualification_confirmations')
    .addColumn('id', 'integer', id)
    .addColumn('qualification_id', 'integer', (c) => c.notNull().references('weld_qualifications.id').onDelete('cascade'))
    .addColumn('confirmed_on', 'text', (c) => c.notNull())
    .addColumn('confirmed_by_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('weld_confirmations_uq', ['qualification_id', 'confirmed_on'])
    .execute();

  await db.schema
    .createTable('weld_lots')
    .addColumn('id', 'integer', id)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('classification', 'text', (c) => c.notNull())
    .addColumn('maker', 'text', (c) => c.notNull())
    .addColumn('lot_number', 'text', (c) => c.notNull())
    .addColumn('received_on', 'text', (c) => c.notNull())
    .addColumn('certificate_path', 'text')
    .addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('blocked_reason', 'text')
    .addColumn('blocked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('weld_lots_uq', ['kind', 'maker', 'lot_number'])
    .execute();

  await db.schema
    .createTable('weld_seams')
    .addColumn('tramo_id', 'integer', (c) => c.primaryKey().references('tramos.id').onDelete('cascade'))
    .addColumn('procedure_id', 'integer', (c) => c.notNull().references('weld_procedures.id').onDelete('restrict'))
    .addColumn('revision_id', 'integer', (c) => c.notNull().references('weld_revisions.id').onDelete('restrict'))
    .addColumn('arco_sumergido_id', 'integer', (c) => c.notNull())
    .addColumn('nave_id', 'integer', (c) => c.notNull())
    .addColumn('welded_on', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('welded_at', 'text', (c) => c.notNull())
    .addColumn('qualified', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('inspected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inspected_length_mm', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('repaired', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('repaired_length_mm', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_pass', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The recall by revision along one index; the month's figures read one range of a covering index
  // (a month's seams are spread over the whole table, in tramo order).
  await db.schema.createIndex('weld_seams_revision_idx').on('weld_seams').columns(['revision_id', 'tramo_id']).execute();
  await db.schema
    .createIndex('weld_seams_figures_idx')
    .on('weld_seams')
    .columns([
      'month',
      'inspected',
      'arco_sumergido_id',
      'procedure_id',
      'nave_id',
      'first_pass',
      'repaired',
      'inspected_length_mm',
      'repaired_length_mm',
      'welded_at',
      'tramo_id',
    ])
    .execute();

  await db.schema
    .createTable('weld_seam_operators')
    .addColumn('tramo_id', 'integer', seamRef)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('qualification_id', 'integer', (c) => c.references('weld_qualifications.id').onDelete('restrict'))
    .addColumn('qualified', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('weld_seam_operators_pk', ['tramo_id', 'user_id'])
    .execute();
  await db.schema.createIndex('weld_seam_operators_qual_idx').on('weld_seam_operators').columns(['qualification_id', 'tramo_id']).execute();
  await db.schema.createIndex('weld_seam_operators_user_idx').on('weld_seam_operators').columns(['user_id', 'tramo_id']).execute();

  await db.schema
    .createTable('weld_seam_lots')
    .addColumn('tramo_id', 'integer', seamRef)
    .addColumn('lot_id', 'integer', (c) => c.notNull().references('weld_lots.id').onDelete('restrict'))
    .addPrimaryKeyConstraint('weld_seam_lots_pk', ['tramo_id', 'lot_id'])
    .execute();
  await db.schema.createIndex('weld_seam_lots_lot_idx').on('weld_seam_lots').columns(['lot_id', 'tramo_id']).execute();

  await db.schema
    .createTable('weld_inspections')
    .addColumn('id', 'integer', id)
    .addColumn('tramo_id', 'integer', seamRef)
    .addColumn('repair_id', 'integer')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('extent_percent', 'integer', (c) => c.notNull())
    .addColumn('inspected_length_mm', 'integer', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('inspected_on', 'text', (c) => c.notNull())
    .addColumn('inspector_id', 'integer')
    .addColumn('inspector_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('weld_inspections_tramo_idx').on('weld_inspections').columns(['tramo_id']).execute();
  await sql`create unique index weld_inspections_repair_uq on weld_inspections (repair_id) where repair_id is not null`.execute(db);

  await db.schema
    .createTable('weld_defects')
    .addColumn('id', 'integer', id)
    .addColumn('inspection_id', 'integer', (c) => c.notNull().references('weld_inspections.id').onDelete('cascade'))
    .addColumn('tramo_id', 'integer', seamRef)
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('position_mm', 'integer', (c) => c.notNull())
    .addColumn('length_mm', 'integer', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('weld_defects_inspection_idx').on('weld_defects').columns(['inspection_id']).execute();
  await db.schema.createIndex('weld_defects_tramo_idx').on('weld_defects').columns(['tramo_id']).execute();

  await db.schema
    .createTable('weld_repairs')
    .addColumn('id', 'integer', id)
    .addColumn('defect_id', 'integer', (c) => c.notNull().unique().references('weld_defects.id').onDelete('cascade'))
    .addColumn('tramo_id', 'integer', seamRef)
    .addColumn('procedure_id', 'integer', (c) => c.notNull().references('weld_procedures.id').onDelete('restrict'))
    .addColumn('revision_id', 'integer', (c) => c.notNull().references('weld_revisions.id').onDelete('restrict'))
    .addColumn('operator_id', 'integer')
    .addColumn('operator_name', 'text', (c) => c.notNull())
    .addColumn('qualification_id', 'integer', (c) => c.references('weld_qualifications.id').onDelete('restrict'))
    .addColumn('qualified', 'integer', (c) => c.notNull())
    .addColumn('repaired_on', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('weld_repairs_tramo_idx').on('weld_repairs').columns(['tramo_id']).execute();
  await db.schema.createIndex('weld_repairs_revision_idx').on('weld_repairs').columns(['revision_id']).execute();

  for (const [table, body] of [
    ['users', FORGET_USER],
    ['naves', FORGET_NAVE],
  ] as const) {
    if (pg) {
      await sql
        .raw(`create function weld_forget_${table}() returns trigger language plpgsql as $body$
        begin
          ${body}
          return null;
        end
        $body$`)
        .execute(db);
      await sql
        .raw(`create trigger ${table}_weld_forget after delete on ${table} for each row execute function weld_forget_${table}()`)
        .execute(db);
    } else {
      await sql.raw(`create trigger ${table}_weld_forget after delete on ${table} begin ${body} end`).execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of ['users', 'naves']) {
    await sql
      .raw(pg ? `drop trigger if exists ${table}_weld_forget on ${table}` : `drop trigger if exists ${table}_weld_forget`)
      .execute(db);
    if (pg) await sql.raw(`drop function if exists weld_forget_${table}()`).execute(db);
  }
  for (const table of [
    'weld_repairs',
    'weld_defects',
    'weld_inspections',
    'weld_seam_lots',
    'weld_seam_operators',
    'weld_seams',
    'weld_lots',
    'weld_qualification_confirmations',
    'weld_qualifications',
    'weld_revision_passes',
    'weld_revisions',
    'weld_procedures',
    'weld_settings',
    'weld_calidad_roles',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
