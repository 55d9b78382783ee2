import type { TRAMO_SORTS } from '@portal/contract/paging';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/index';
import { allOf, anyOf, type Condition, contains, countWhere, eq, gte, lte } from '../admin-lists/conditions';
import { withNames } from './repository';

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
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    if (!pg && f.q.length >= 3) {
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
export function pageTramosQuery(
  db: Db,
  f: AdminTramosFilter,
  sort: (typeof TRAMO_SORTS)[number],
  dir: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
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

export async function countTramos(db: Db, f: AdminTramosFilter): Promise<number> {
  return countWhere(db, 'tramos', conditions(db, f));
}
