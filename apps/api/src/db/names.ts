import { machineMessages } from '@portal/contract/machines';
import { userMessages } from '@portal/contract/users';
import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from './types';

// The names a row shows (who wrote it, its arco and nave), in the query that reads it, so every list,
// export and event names a deleted account, a machine or a station the same way.

/** An author's name: the rows of a deleted account stay, shown as 'Usuario eliminado'. */
export const authorName = (nameColumn: string) => sql<string>`coalesce(${sql.ref(nameColumn)}, ${userMessages.deletedUserName})`;

/** Who a stop is by: a machine's stop has no user and shows as 'Máquina' (modules/machines). */
export const stopAuthorName = (sourceColumn: string, nameColumn: string) =>
  sql<string>`case when ${sql.ref(sourceColumn)} = 'machine' then ${machineMessages.machine} else ${authorName(nameColumn)} end`;

type WithArcoAndNave<DB> = DB & { a: Database['arcos_sumergidos']; n: Database['naves'] };

/**
 * Joins the arco (`a`) and the nave (`n`) a row is of, for the names the screens and exports show:
 * `query.$call(withArcoAndNave('h.arco_sumergido_id', 'a.nave_id'))`. The nave is the arco's
 * (`'a.nave_id'`), or the one the row recorded when it was made (a circular's or a seam's `nave_id`).
 * Only names are read here: the arcos and naves modules own those tables (docs/decisions/024-one-owner-per-table.md).
 */
export const withArcoAndNave =
  (arcoId: `${string}.arco_sumergido_id`, naveId: `${string}.nave_id`) =>
  <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) =>
    (query as unknown as SelectQueryBuilder<Database, keyof Database, O>)
      .innerJoin('arcos_sumergidos as a', (join) => join.on('a.id', '=', sql.ref<number>(arcoId)))
      .innerJoin('naves as n', (join) => join.on('n.id', '=', sql.ref<number>(naveId))) as unknown as SelectQueryBuilder<
      WithArcoAndNave<DB>,
      TB | 'a' | 'n',
      O
    >;

/**
 * Joins the account a row names (`userId`) as `alias` and selects the name the row shows for it as `as`,
 * the join and the name in one step: `query.$call(withUserName('h.author_id', 'u', 'author_name'))`. The
 * name is `authorName`'s ('Usuario eliminado' once the account is deleted) unless `shown` (given the name's
 * column and `userId`) says how this row shows it (a machine's stop, an act nobody did yet). Only names are read (024).
 */
export const withUserName =
  <const A extends string, const As extends string, T = string>(
    userId: `${string}.${string}`,
    alias: A,
    as: As,
    shown: (nameColumn: string, userId: string) => RawBuilder<T> = authorName as unknown as (nameColumn: string) => RawBuilder<T>,
  ) =>
  <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) =>
    (query as unknown as SelectQueryBuilder<Database, keyof Database, O>)
      .leftJoin(`users as ${alias}` as 'users', (join) => join.on(sql<boolean>`${sql.ref(`${alias}.id`)} = ${sql.ref(userId)}`))
      .select(shown(`${alias}.name`, userId).as(as)) as unknown as SelectQueryBuilder<
      DB & { [K in A]: Database['users'] },
      TB | A,
      O & { [K in As]: T }
    >;
