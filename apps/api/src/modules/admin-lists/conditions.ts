import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/index';

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

/** The offset of a 1-based page. */
export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

/** How many rows of `from` (a table, with its alias) the conditions match. */
export async function countWhere(
  db: Db,
  from: 'paradas_kaiser as p' | 'tramos' | 'wall_posts as p' | 'wall_comments as c' | 'users',
  conditions: Condition[],
) {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.raw(from)} where ${allOf(conditions)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
