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

/** One page of circulares; each filter and sort has an index in the answer's order (migration 2026-11-24T03). */
export function pageTramos(
  db: Db,
  f: AdminTramosFilter,
  sort: (typeof TRAMO_SORTS)[number],
  dir: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  let q = withNames(db).where(allOf(conditions(db, f)));
  if (sort === 'circular_fecha') q = q.orderBy('tramos.circular_fecha', dir);
  else if (sort === 'id_tramo') q = q.orderBy('tramos.id_tramo', dir);
  else q = q.orderBy('tramos.created_at', dir);
  return q.orderBy('tramos.id', dir).limit(limit).offset(offset).execute();
}

export async function countTramos(db: Db, f: AdminTramosFilter): Promise<number> {
  return countWhere(db, 'tramos', conditions(db, f));
}
