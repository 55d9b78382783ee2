import type { TRAMO_SORTS } from '@portal/contract/paging';
import { sql, type Transaction } from 'kysely';
import { type Db, type DbEngine, engineOf } from '../../db/index';
import { authorName, withArcoAndNave, withUserName } from '../../db/names';
import {
  allOf,
  anyOf,
  type Condition,
  type Cursor,
  contains,
  countRows,
  countRowsColumn,
  countWhere,
  type ExportFilter,
  eq,
  gte,
  type Keyset,
  keysetBatch,
  lte,
  type PageRequest,
} from '../../db/paging';
import type { Database, TramosTable } from '../../db/types';

type Executor = Db | Transaction<Database>;

/** A tramo with the names the screens show: owner, station and nave. */
export const withNames = (db: Executor) =>
  db
    .selectFrom('tramos')
    .$call(withArcoAndNave('tramos.arco_sumergido_id', 'tramos.nave_id'))
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
      'n.name as nave',
      'a.name as arco_sumergido_name',
      authorName('users.name').as('user_name'),
    ]);

export type TramoRow = Awaited<ReturnType<ReturnType<typeof withNames>['executeTakeFirstOrThrow']>>;

export const findTramo = (db: Executor, id: number) => withNames(db).where('tramos.id', '=', id).executeTakeFirst();

/**
 * The page and the total in one statement (the rollup row as a scalar subquery): on PostgreSQL each
 * query is a round trip (docs/performance-history.md, "Admin lists at scale"). A page past the end has no row
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

/** An arco's newest tramos (tramos_arco_idx). */
export const latestOfArco = (db: Db, arcoId: number, limit: number) =>
  withNames(db)
    .where('tramos.arco_sumergido_id', '=', arcoId)
    .orderBy('tramos.created_at', 'desc')
    .orderBy('tramos.id', 'desc')
    .limit(limit)
    .execute();

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

// The admin list (modules/admin-lists): one page and the total its filters match.

export interface AdminTramosFilter {
  from?: string;
  to?: string;
  nave_id?: number;
  arco_sumergido_id?: number;
  user_id?: number;
  q?: string;
}

export const isFiltered = (f: AdminTramosFilter) => Boolean(f.from || f.to || f.nave_id || f.arco_sumergido_id || f.user_id || f.q);

const SEARCHED = ['tramos.id_tramo', 'tramos.id_proyecto', 'tramos.id_circular'];

function conditions(db: Db, f: AdminTramosFilter): Condition[] {
  const c: Condition[] = [];
  if (f.from) c.push(gte('tramos.circular_fecha', f.from));
  if (f.to) c.push(lte('tramos.circular_fecha', f.to));
  if (f.nave_id !== undefined) c.push(eq('tramos.nave_id', f.nave_id));
  if (f.arco_sumergido_id !== undefined) c.push(eq('tramos.arco_sumergido_id', f.arco_sumergido_id));
  if (f.user_id !== undefined) c.push(eq('tramos.user_id', f.user_id));
  if (f.q) {
    // The text in any of the three ids. PostgreSQL's trigram GIN indexes (migration 2026-11-21T08)
    // answer each lower(col) LIKE; on SQLite the FTS5 trigram table narrows the rows first (a MATCH
    // of the quoted text finds it in any column, case-insensitively) when the text has 3+ characters.
    c.push(anyOf(SEARCHED.map((col) => contains(col, f.q as string))));
    if (engineOf(db) === 'sqlite' && f.q.length >= 3) {
      c.push(
        sql`${sql.ref('tramos.id')} in (select rowid from tramos_search where tramos_search match ${`"${f.q.replaceAll('"', '""')}"`})`,
      );
    }
  }
  return c;
}

/**
 * One page of circulares, newest by their date first: tramos_fecha_idx and the station, nave and worker
 * indexes of migration 2026-11-24T03 give that order, so a page (a month's, a station's) reads its rows
 * and stops. By creation or by ID Tramo: their own indexes without filters.
 */
export function pageTramosQuery(db: Db, f: AdminTramosFilter, { sort, dir, limit, offset }: PageRequest<(typeof TRAMO_SORTS)[number]>) {
  // The page's ids from tramos alone, then their names: with the joins in the same query SQLite may
  // drive the loop from the stations and sort a whole month of rows instead of walking an index.
  const column = sort === 'created' ? 'tramos.created_at' : sort === 'id_tramo' ? 'tramos.id_tramo' : 'tramos.circular_fecha';
  const ids = db
    .selectFrom('tramos')
    .select('tramos.id')
    .where(allOf(conditions(db, f)))
    .orderBy(column, dir)
    .orderBy('tramos.id', dir)
    .limit(limit)
    .offset(offset);
  return withNames(db).where('tramos.id', 'in', ids).orderBy(column, dir).orderBy('tramos.id', dir);
}

export const pageTramos = (...args: Parameters<typeof pageTramosQuery>) => pageTramosQuery(...args).execute();

/** An unfiltered page whose rows carry the rollup's total (one statement: a round trip less on PostgreSQL). */
export const pageTramosWithTotal = (...args: Parameters<typeof pageTramosQuery>) =>
  pageTramosQuery(...args)
    .select(countRowsColumn('tramos'))
    .execute();

export async function countTramos(db: Db, f: AdminTramosFilter): Promise<number> {
  return countWhere(db, 'tramos', conditions(db, f));
}

// The CSV export (modules/exports).

/** Circulares follow tramos_fecha_idx: (circular_fecha, id). */
const TRAMOS: Keyset = { alias: 't', key: ['t.circular_fecha', 't.id'] };

/** One batch of circulares in the range, in date and id order, with their station, nave and author. */
export const tramosBatch = (db: Db, filter: ExportFilter, after: Cursor | null, limit: number) =>
  keysetBatch(
    db
      .selectFrom('tramos as t')
      .$call(withArcoAndNave('t.arco_sumergido_id', 't.nave_id'))
      .$call(withUserName('t.user_id', 'u', 'user_name'))
      .select([
        't.id',
        't.circular_fecha',
        't.id_tramo',
        't.id_proyecto',
        't.id_circular',
        't.descripcion',
        't.imagen',
        'n.name as nave',
        'a.name as arco',
      ]),
    TRAMOS,
    filter,
    after,
    limit,
  );
