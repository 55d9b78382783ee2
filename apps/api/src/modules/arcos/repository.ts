import type { Db } from '../../db/index';

const base = (db: Db) =>
  db
    .selectFrom('arcos_sumergidos')
    .innerJoin('naves', 'naves.id', 'arcos_sumergidos.nave_id')
    .select(['arcos_sumergidos.id', 'arcos_sumergidos.name', 'naves.name as nave']);

/** Stations of a nave by its name, or all stations. */
export function listArcos(db: Db, naveName?: string) {
  let q = base(db);
  if (naveName) q = q.where('naves.name', '=', naveName);
  return q.orderBy('naves.name').orderBy('arcos_sumergidos.name').limit(2000).execute();
}

export const findArco = (db: Db, id: number) => base(db).where('arcos_sumergidos.id', '=', id).executeTakeFirst();

export const insertArco = (db: Db, name: string, naveId: number, now: string) =>
  db.insertInto('arcos_sumergidos').values({ name, nave_id: naveId, created_at: now }).returning('id').executeTakeFirstOrThrow();

export const updateArco = (db: Db, id: number, name: string, naveId: number) =>
  db.updateTable('arcos_sumergidos').set({ name, nave_id: naveId }).where('id', '=', id).executeTakeFirst();

/** Records that keep a station alive: circulares, Kaiser stops and wall posts. */
export async function arcoInUse(db: Db, id: number): Promise<boolean> {
  for (const table of ['tramos', 'paradas_kaiser', 'wall_posts'] as const) {
    const row = await db.selectFrom(table).select('id').where('arco_sumergido_id', '=', id).limit(1).executeTakeFirst();
    if (row) return true;
  }
  return false;
}

export const deleteArco = (db: Db, id: number) => db.deleteFrom('arcos_sumergidos').where('id', '=', id).executeTakeFirst();
