import { sql, type Transaction } from 'kysely';
import type { Db, DbEngine } from '../../db/index';
import { authorName } from '../../db/names';
import type { Database, TramosTable } from '../../db/types';
import { countRows, countRowsColumn } from '../dashboard/repository';

type Executor = Db | Transaction<Database>;

/** A tramo with the names the screens show: owner, station and nave. */
export const withNames = (db: Executor) =>
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
      authorName('users.name').as('user_name'),
    ]);

export type TramoRow = Awaited<ReturnType<ReturnType<typeof withNames>['executeTakeFirstOrThrow']>>;

export const findTramo = (db: Executor, id: number) => withNames(db).where('tramos.id', '=', id).executeTakeFirst();

/**
 * The page and the total in one statement (the rollup row as a scalar subquery): on PostgreSQL each
 * query is a round trip (docs/performance.md, "Admin lists at scale"). A page past the end has no row
 * to carry the total.
 */
export async function listTramos(db: Db, limit: number, offset: number) {
  const withTotal = await latestTramos(db, limit, offset).select(countRowsColumn('tramos')).execute();
  if (!withTotal.length) return { rows: [], total: await countRows(db, 'tramos') };
  const rows = withTotal.map(({ total: _total, ...row }) => row);
  return { rows, total: Number(withTotal[0].total ?? 0) };
}

/** Newest first along tramos_created_idx: the first page reads `limit` rows whatever the table's size. */
export const latestTramos = (db: Db, limit: number, offset: number) =>
  withNames(db).orderBy('tramos.created_at', 'desc').orderBy('tramos.id', 'desc').limit(limit).offset(offset);

/** LIKE pattern matching `value` anywhere; '!' escapes the wildcards so they match literally. */
export const containsPattern = (value: string) => `%${value.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

export interface SearchFilters {
  id_tramo?: string;
  id_proyecto?: string;
  id_circular?: string;
  circular_fecha?: string;
}

/** A run of three characters with no LIKE wildcard: what a trigram index can look up. */
const TRIGRAM_RUN = /[^%_]{3}/;

/**
 * Case-insensitive substring match on the three ids and exact match on the date. lower() LIKE
 * lower() with an explicit escape character behaves the same on SQLite and PostgreSQL.
 *
 * The substring conditions use the trigram indexes of migration 2026-11-21T08. PostgreSQL's pg_trgm
 * GIN indexes serve `lower(col) LIKE` directly. SQLite's FTS5 trigram table only uses its index for a
 * LIKE without ESCAPE, so it narrows the rows with the raw value (its `%`/`_` then act as wildcards:
 * a superset) and the escaped condition keeps only the exact matches. Values shorter than three
 * characters cannot use a trigram index: the walk along tramos_created_idx, newest first, until
 * `limit` matches stops early whenever matches are common.
 */
export function searchTramos(db: Db, engine: DbEngine, filters: SearchFilters, limit: number) {
  let q = withNames(db);
  const viaTrigrams: [string, string][] = [];
  for (const col of ['id_tramo', 'id_proyecto', 'id_circular'] as const) {
    const value = filters[col];
    if (!value) continue;
    q = q.where(sql<boolean>`lower(${sql.ref(`tramos.${col}`)}) like ${containsPattern(value)} escape '!'`);
    if (engine === 'sqlite' && TRIGRAM_RUN.test(value)) viaTrigrams.push([col, `%${value}%`]);
  }
  if (viaTrigrams.length) {
    const matches = viaTrigrams.map(([col, pattern]) => sql`${sql.ref(col)} like ${pattern}`);
    q = q.where(sql<boolean>`tramos.id in (select rowid from tramos_search where ${sql.join(matches, sql` and `)})`);
  }
  if (filters.circular_fecha) q = q.where('tramos.circular_fecha', '=', filters.circular_fecha);
  return q.orderBy('tramos.created_at', 'desc').orderBy('tramos.id', 'desc').limit(limit).execute();
}

export type NewTramo = Omit<TramosTable, 'id'>;

export const insertTramo = (db: Executor, values: NewTramo) =>
  db.insertInto('tramos').values(values).returning('id').executeTakeFirstOrThrow();

/** The image paths of a tramo, locked on PostgreSQL so two concurrent replacements cannot orphan a file. */
export function lockTramoImages(db: Transaction<Database>, engine: DbEngine, id: number) {
  let q = db.selectFrom('tramos').select(['id', 'user_id', 'imagen', 'imagen_thumb']).where('id', '=', id);
  if (engine === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

export const updateTramo = (db: Executor, id: number, values: Partial<NewTramo>) =>
  db.updateTable('tramos').set(values).where('id', '=', id).executeTakeFirst();

export const deleteTramo = (db: Executor, id: number) => db.deleteFrom('tramos').where('id', '=', id).executeTakeFirst();
