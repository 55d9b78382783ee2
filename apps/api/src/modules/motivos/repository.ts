import type { Db } from '../../db/index';

const asMotivo = (r: { id: number; name: string; active: number | boolean }) => ({ id: r.id, name: r.name, active: Boolean(r.active) });

/** Every motivo, active first, then by name. */
export async function listMotivos(db: Db) {
  const rows = await db.selectFrom('motivos').select(['id', 'name', 'active']).orderBy('active', 'desc').orderBy('name').execute();
  return rows.map(asMotivo);
}

export async function findMotivo(db: Db, id: number) {
  const row = await db.selectFrom('motivos').select(['id', 'name', 'active']).where('id', '=', id).executeTakeFirst();
  return row ? asMotivo(row) : undefined;
}

export const insertMotivo = (db: Db, name: string, at: string) =>
  db.insertInto('motivos').values({ name, active: 1, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();

export const updateMotivo = (db: Db, id: number, values: { name?: string; active?: number; updated_at: string }) =>
  db.updateTable('motivos').set(values).where('id', '=', id).executeTakeFirst();
