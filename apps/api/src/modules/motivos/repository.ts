import type { Db } from '../../db/index';

const asMotivo = (r: { id: number; name: string; active: number | boolean; planned: number | boolean }) => ({
  id: r.id,
  name: r.name,
  active: Boolean(r.active),
  planned: Boolean(r.planned),
});
const COLUMNS = ['id', 'name', 'active', 'planned'] as const;

/** Every motivo, active first, then by name. */
export async function listMotivos(db: Db) {
  const rows = await db.selectFrom('motivos').select(COLUMNS).orderBy('active', 'desc').orderBy('name').execute();
  return rows.map(asMotivo);
}

export async function findMotivo(db: Db, id: number) {
  const row = await db.selectFrom('motivos').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? asMotivo(row) : undefined;
}

export const insertMotivo = (db: Db, name: string, planned: boolean, at: string) =>
  db
    .insertInto('motivos')
    .values({ name, active: 1, planned: planned ? 1 : 0, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();

export const updateMotivo = (db: Db, id: number, values: { name?: string; active?: number; planned?: number; updated_at: string }) =>
  db.updateTable('motivos').set(values).where('id', '=', id).executeTakeFirst();
