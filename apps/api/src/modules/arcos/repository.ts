import type { Db } from '../../db/index';

/** Stations with their nave. */
const withNave = (db: Db) => db.selectFrom('arcos_sumergidos').innerJoin('naves', 'naves.id', 'arcos_sumergidos.nave_id');

/** Stations as the screens list them: id, name and nave's name. */
const listed = (db: Db) => withNave(db).select(['arcos_sumergidos.id', 'arcos_sumergidos.name', 'naves.name as nave']);

/** Every station, in no order (the plant board sorts them itself). */
export const allArcos = (db: Db) => listed(db).execute();

/** The stations of a nave as `listArcos` lists them, with when each was created (the figures and the timeline start there). */
export const arcosCreatedAt = (db: Db, naveName: string) =>
  listed(db)
    .select('arcos_sumergidos.created_at')
    .where('naves.name', '=', naveName)
    .orderBy('arcos_sumergidos.name')
    .limit(2000)
    .execute();

/** Stations of a nave by its name, or all stations. */
export function listArcos(db: Db, naveName?: string) {
  let q = listed(db);
  if (naveName) q = q.where('naves.name', '=', naveName);
  return q.orderBy('naves.name').orderBy('arcos_sumergidos.name').limit(2000).execute();
}

/** A station with its nave's id and name: the one lookup every module checks a station with. */
export const findArco = (db: Db, id: number) =>
  withNave(db)
    .select(['arcos_sumergidos.id', 'arcos_sumergidos.name', 'arcos_sumergidos.nave_id', 'naves.name as nave'])
    .where('arcos_sumergidos.id', '=', id)
    .executeTakeFirst();

export const insertArco = (db: Db, name: string, naveId: number, now: string) =>
  db.insertInto('arcos_sumergidos').values({ name, nave_id: naveId, created_at: now }).returning('id').executeTakeFirstOrThrow();

export const updateArco = (db: Db, id: number, name: string, naveId: number) =>
  db.updateTable('arcos_sumergidos').set({ name, nave_id: naveId }).where('id', '=', id).executeTakeFirst();

/** Records that keep a station alive: circulares, Kaiser stops, wall posts and shift handovers. */
export async function arcoInUse(db: Db, id: number): Promise<boolean> {
  for (const table of ['tramos', 'paradas_kaiser', 'wall_posts', 'handovers'] as const) {
    const row = await db.selectFrom(table).select('id').where('arco_sumergido_id', '=', id).limit(1).executeTakeFirst();
    if (row) return true;
  }
  return false;
}

export const deleteArco = (db: Db, id: number) => db.deleteFrom('arcos_sumergidos').where('id', '=', id).executeTakeFirst();
