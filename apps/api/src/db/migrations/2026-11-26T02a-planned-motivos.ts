import type { Kysely } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// Planned motivos (docs/decisions/039-planned-motivos.md): a motivo may be planned (1) — preventive
// maintenance, a break, the change of shift — and the stops that name it are planned time, left out of
// availability. The three usual planned motivos are marked, and added when the list lacks them
// (motivo names are unique, so an admin's own motivo of that name is marked, never duplicated).

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

// A copy of PLANNED_MOTIVOS_SEED (packages/contract/src/motivos.ts): migrations import no app code.
const PLANNED = ['Mantenimiento preventivo', 'Descanso', 'Cambio de turno'];

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('motivos')
    .addColumn('planned', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.updateTable('motivos').set({ planned: 1 }).where('name', 'in', PLANNED).execute();
  const present = new Set((await db.selectFrom('motivos').select('name').where('name', 'in', PLANNED).execute()).map((r) => r.name));
  const missing = PLANNED.filter((name) => !present.has(name));
  if (missing.length === 0) return;
  const at = new Date().toISOString();
  await db
    .insertInto('motivos')
    .values(missing.map((name) => ({ name, active: 1, planned: 1, created_at: at, updated_at: at })))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('motivos').dropColumn('planned').execute();
}
