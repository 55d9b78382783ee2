import type { PARADA_SORTS } from '@portal/contract/paging';
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { allOf, type Condition, countRowsColumn, countWhere, eq, gte, lte, type PageRequest } from '../../db/paging';
import { base } from './repository';

// The admin list (modules/admin-lists): one page and the total its filters match.

export interface AdminParadasFilter {
  from?: string;
  to?: string;
  nave_id?: number;
  arco_sumergido_id?: number;
  user_id?: number;
  motivo_id?: number;
  active: boolean;
}

/** Whether any filter narrows the list (else its total is the monthly rollup's). */
export const isFiltered = (f: AdminParadasFilter) =>
  Boolean(f.from || f.to || f.nave_id || f.arco_sumergido_id || f.user_id || f.motivo_id || f.active);

function conditions(f: AdminParadasFilter): Condition[] {
  const c: Condition[] = [];
  if (f.from) c.push(gte('p.date', f.from));
  if (f.to) c.push(lte('p.date', f.to));
  if (f.arco_sumergido_id !== undefined) c.push(eq('p.arco_sumergido_id', f.arco_sumergido_id));
  if (f.nave_id !== undefined) {
    c.push(sql`${sql.ref('p.arco_sumergido_id')} in (select id from arcos_sumergidos where nave_id = ${f.nave_id})`);
  }
  if (f.user_id !== undefined) c.push(eq('p.user_id', f.user_id));
  if (f.motivo_id !== undefined) c.push(eq('p.motivo_id', f.motivo_id));
  if (f.active) c.push(sql`${sql.ref('p.end_time')} is null`);
  return c;
}

/**
 * One page of stops. Each filter has an index in this order (paradas_arco_date_idx,
 * paradas_user_date_idx, paradas_motivo_date_idx, paradas_active_date_idx, paradas_date_idx; migration 2026-11-24T03), so the
 * page reads its rows and stops.
 */
export function pageParadasQuery(db: Db, f: AdminParadasFilter, { sort, dir, limit, offset }: PageRequest<(typeof PARADA_SORTS)[number]>) {
  let q = base(db).where(allOf(conditions(f)));
  q = sort === 'duration' ? q.orderBy('p.duration_minutes', dir) : q.orderBy('p.date', dir).orderBy('p.start_time', dir);
  return q.orderBy('p.id', dir).limit(limit).offset(offset);
}

export const pageParadas = (...args: Parameters<typeof pageParadasQuery>) => pageParadasQuery(...args).execute();

/** An unfiltered page whose rows carry the rollup's total (one statement: a round trip less on PostgreSQL). */
export const pageParadasWithTotal = (...args: Parameters<typeof pageParadasQuery>) =>
  pageParadasQuery(...args)
    .select(countRowsColumn('paradas_kaiser'))
    .execute();

export async function countParadas(db: Db, f: AdminParadasFilter): Promise<number> {
  return countWhere(db, 'paradas_kaiser as p', conditions(f));
}
