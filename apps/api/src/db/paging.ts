import { type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from './index';
import type { DashboardTotalsTable } from './types';

// Paging and filters shared by the admin lists of every domain (each domain's repository writes its own).

/**
 * The WHERE of an admin list as plain conditions, so one filter serves both the page's query (with its
 * joins) and its count (without them).
 */
export type Condition = RawBuilder<SqlBool>;

export const eq = (column: string, value: unknown): Condition => sql<SqlBool>`${sql.ref(column)} = ${value}`;
export const gte = (column: string, value: unknown): Condition => sql<SqlBool>`${sql.ref(column)} >= ${value}`;
export const lt = (column: string, value: unknown): Condition => sql<SqlBool>`${sql.ref(column)} < ${value}`;
export const lte = (column: string, value: unknown): Condition => sql<SqlBool>`${sql.ref(column)} <= ${value}`;

/** LIKE pattern matching `value` anywhere, case-insensitive; '!' escapes the wildcards. */
export const containsPattern = (value: string) => `%${value.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
export const contains = (column: string, value: string): Condition =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${containsPattern(value)} escape '!'`;
export const anyOf = (conditions: Condition[]): Condition => sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;

/** All conditions, or a true one when there is none. */
export const allOf = (conditions: Condition[]): Condition =>
  conditions.length ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`1 = 1`;

/** Which rows of an admin list one page holds: the list's order (one of its sorts, and the direction), how many and from where. */
export interface PageRequest<S extends string> {
  sort: S;
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** The rows a list's query asks for (page from 1, pageSize, sort, dir: `pageQuery` of the contract). */
export const pageRequest = <S extends string>(q: { page: number; pageSize: number; sort: S; dir: 'asc' | 'desc' }): PageRequest<S> => ({
  sort: q.sort,
  dir: q.dir,
  limit: q.pageSize,
  offset: (q.page - 1) * q.pageSize,
});

/** How many rows of `from` (a table, with its alias) the conditions match. */
export async function countWhere(
  db: Db,
  from: 'paradas_kaiser as p' | 'tramos' | 'wall_posts as p' | 'wall_comments as c' | 'users',
  conditions: Condition[],
) {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.raw(from)} where ${allOf(conditions)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

type Counted = DashboardTotalsTable['name'];

/**
 * Rows of a big table, from the one-row-per-table rollup the database's triggers keep (migration
 * 2026-11-24T03): PostgreSQL's COUNT(*) visits every row, and the monthly rollups' pages fill with
 * dead row versions, so even summing their few rows reads thousands of pages there.
 */
export async function countRows(db: Db, table: Counted): Promise<number> {
  const row = await db.selectFrom('dashboard_totals').select('count').where('name', '=', table).executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * The same total as a column of another statement (a scalar subquery, evaluated once): a list's page
 * carries its unfiltered total, one round trip instead of two on PostgreSQL.
 */
export const countRowsColumn = (table: Counted) =>
  sql<number | string>`(select ${sql.ref('count')} from dashboard_totals where name = ${table})`.as('total');

// The exports' batches (modules/exports), walked along each table's date index.

export interface ExportFilter {
  startDate: string;
  endDate: string;
  nave?: string;
  arcoSumergidoId?: number;
  /** The stops export adds its motivo and counted minutes. */
  withMotivo?: boolean;
  /** The stops export adds its andon call times (docs/decisions/043-andon.md). */
  withAndon?: boolean;
  /** The stops export gives a row per stop and shift part (docs/decisions/049-stops-csv-by-shift.md). */
  byShift?: boolean;
}

/** Where the previous batch stopped: the last row's key, its factory-local date first and its id last. */
export type Cursor = readonly [date: string, ...rest: (string | number)[]];

/** How an export walks its table: the alias, and the key columns (the date first, the id last) its index follows. */
export interface Keyset {
  alias: 'p' | 't';
  key: readonly string[];
}

/**
 * What both exports share: the records of an inclusive range of factory dates, of one nave (by name,
 * joined as `n`) or one station if asked, after the cursor, in key order, one batch. Keyset paging
 * along the date index makes every batch cost the same however deep into the export it is.
 */
export function keysetBatch<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  { alias, key }: Keyset,
  filter: ExportFilter,
  after: Cursor | null,
  limit: number,
) {
  const ref = (column: string) => sql.ref(column);
  q = q.where(sql<boolean>`${ref(key[0])} >= ${after?.[0] ?? filter.startDate}`).where(sql<boolean>`${ref(key[0])} <= ${filter.endDate}`);
  if (filter.nave !== undefined) q = q.where(sql<boolean>`${ref('n.name')} = ${filter.nave}`);
  if (filter.arcoSumergidoId !== undefined) q = q.where(sql<boolean>`${ref(`${alias}.arco_sumergido_id`)} = ${filter.arcoSumergidoId}`);
  if (after) q = q.where(sql<boolean>`(${sql.join(key.map(ref))}) > (${sql.join(after)})`);
  for (const column of key) q = q.orderBy(ref(column));
  return q.limit(limit).execute();
}
