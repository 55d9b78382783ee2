import type { Db } from '../../db/index';

// Sites and stations are configuration: small, but bounded like every list.
export const listNaves = (db: Db) => db.selectFrom('naves').select(['id', 'name']).orderBy('name').limit(500).execute();

export const listNavesWithCounts = (db: Db) =>
  db
    .selectFrom('naves')
    .leftJoin('arcos_sumergidos', 'arcos_sumergidos.nave_id', 'naves.id')
    .select(['naves.id', 'naves.name', (eb) => eb.fn.count<number>('arcos_sumergidos.id').as('arcos_count')])
    .groupBy(['naves.id', 'naves.name'])
    .orderBy('naves.name')
    .limit(500)
    .execute();

export const findNaveById = (db: Db, id: number) => db.selectFrom('naves').select(['id', 'name']).where('id', '=', id).executeTakeFirst();

export const findNaveByName = (db: Db, name: string) =>
  db.selectFrom('naves').select(['id', 'name']).where('name', '=', name).executeTakeFirst();

export const insertNave = (db: Db, name: string, now: string) =>
  db.insertInto('naves').values({ name, created_at: now }).returning(['id', 'name']).executeTakeFirstOrThrow();

export const renameNave = (db: Db, id: number, name: string) =>
  db.updateTable('naves').set({ name }).where('id', '=', id).returning(['id', 'name']).executeTakeFirst();

/** Records that keep a nave alive: its stations and the circulares registered in it. */
export async function naveUsage(db: Db, id: number): Promise<number> {
  const arcos = await db.selectFrom('arcos_sumergidos').select('id').where('nave_id', '=', id).limit(1).executeTakeFirst();
  const tramos = await db.selectFrom('tramos').select('id').where('nave_id', '=', id).limit(1).executeTakeFirst();
  return (arcos ? 1 : 0) + (tramos ? 1 : 0);
}

export const deleteNave = (db: Db, id: number) => db.deleteFrom('naves').where('id', '=', id).executeTakeFirst();
