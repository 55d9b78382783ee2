import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/index';
import type { Database, TramosTable } from '../../db/types';

type Executor = Db | Transaction<Database>;

/** A tramo with the names the screens show: owner, station and nave. */
const withNames = (db: Executor) =>
  db
    .selectFrom('tramos')
    .innerJoin('naves', 'naves.id', 'tramos.nave_id')
    .innerJoin('arcos_sumergidos', 'arcos_sumergidos.id', 'tramos.arco_sumergido_id')
    .leftJoin('users', 'users.id', 'tramos.user_id')
    .select([
      'tramos.id',
      'tramos.id_tramo',
      'tramos.id_proyecto',
      'tramos.id_circular',
      'tramos.circular_fecha',
      'tramos.descripcion',
      'tramos.imagen',
      'tramos.imagen_thumb',
      'tramos.arco_sumergido_id',
      'tramos.user_id',
      'tramos.created_at',
      'tramos.updated_at',
      'naves.name as nave',
      'arcos_sumergidos.name as arco_sumergido_name',
      'users.name as user_name',
    ]);

export type TramoRow = Awaited<ReturnType<ReturnType<typeof withNames>['executeTakeFirstOrThrow']>>;

export const findTramo = (db: Executor, id: number) => withNames(db).where('tramos.id', '=', id).executeTakeFirst();

export async function listTramos(db: Db, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    withNames(db).orderBy('tramos.created_at', 'desc').orderBy('tramos.id', 'desc').limit(limit).offset(offset).execute(),
    db
      .selectFrom('tramos')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** LIKE pattern matching `value` anywhere; '!' escapes the wildcards so they match literally. */
export const containsPattern = (value: string) => `%${value.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

export interface SearchFilters {
  id_tramo?: string;
  id_proyecto?: string;
  id_circular?: string;
  circular_fecha?: string;
}

/**
 * Case-insensitive substring match on the three ids and exact match on the date. lower() LIKE
 * lower() with an explicit escape character behaves the same on SQLite and PostgreSQL.
 */
export function searchTramos(db: Db, filters: SearchFilters, limit: number) {
  let q = withNames(db);
  for (const col of ['id_tramo', 'id_proyecto', 'id_circular'] as const) {
    const value = filters[col];
    if (value) q = q.where(sql<boolean>`lower(${sql.ref(`tramos.${col}`)}) like ${containsPattern(value)} escape '!'`);
  }
  if (filters.circular_fecha) q = q.where('tramos.circular_fecha', '=', filters.circular_fecha);
  return q.orderBy('tramos.created_at', 'desc').orderBy('tramos.id', 'desc').limit(limit).execute();
}

export const findStation = (db: Executor, id: number) =>
  db.selectFrom('arcos_sumergidos').select(['id', 'nave_id']).where('id', '=', id).executeTakeFirst();

export type NewTramo = Omit<TramosTable, 'id'>;

export const insertTramo = (db: Executor, values: NewTramo) =>
  db.insertInto('tramos').values(values).returning('id').executeTakeFirstOrThrow();

/** The image paths of a tramo, locked on PostgreSQL so two concurrent replacements cannot orphan a file. */
export function lockTramoImages(db: Transaction<Database>, id: number, engine: 'sqlite' | 'postgres') {
  let q = db.selectFrom('tramos').select(['id', 'user_id', 'imagen', 'imagen_thumb']).where('id', '=', id);
  if (engine === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

export const updateTramo = (db: Executor, id: number, values: Partial<NewTramo>) =>
  db.updateTable('tramos').set(values).where('id', '=', id).executeTakeFirst();

export const deleteTramo = (db: Executor, id: number) => db.deleteFrom('tramos').where('id', '=', id).executeTakeFirst();
