import type { Kysely } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// The weld dossier and the lots' 3.1 certificates (docs/decisions/075-weld-dossier.md,
// 076-lot-certificates.md), owned by modules/welds:
// - weld_settings.plant_name: the plant's name the dossier is headed with (null: not set yet);
// - weld_lots: the certificate's original file name, its type, size and when it was attached
//   (certificate_path, already there, holds the object store key 'certificates/<uuid>.<ext>');
// - tramos_proyecto_tramo_idx: a tramo's circulares (and a project's) in one range, for the dossier.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('weld_settings').addColumn('plant_name', 'text').execute();
  await db.schema.alterTable('weld_lots').addColumn('certificate_name', 'text').execute();
  await db.schema.alterTable('weld_lots').addColumn('certificate_type', 'text').execute();
  await db.schema.alterTable('weld_lots').addColumn('certificate_size', 'integer').execute();
  await db.schema.alterTable('weld_lots').addColumn('certificate_attached_at', 'text').execute();
  await db.schema.createIndex('tramos_proyecto_tramo_idx').on('tramos').columns(['id_proyecto', 'id_tramo', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('tramos_proyecto_tramo_idx').execute();
  for (const column of ['certificate_attached_at', 'certificate_size', 'certificate_type', 'certificate_name'])
    await db.schema.alterTable('weld_lots').dropColumn(column).execute();
  await db.schema.alterTable('weld_settings').dropColumn('plant_name').execute();
}
