import type {
  adminCommentsQuery,
  adminParadasQuery,
  adminPostsQuery,
  adminTramosQuery,
  adminUsersQuery,
  Page,
} from '@portal/contract/paging';
import { addDays, startOfFactoryDay } from '@portal/contract/time';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import { countRows, type PageRequest, pageRequest } from '../../db/paging';
import * as paradas from '../paradas/service';
import * as tramos from '../tramos/service';
import * as users from '../users/service';
import * as wall from '../wall/service';

/**
 * The admin lists: one page and the total its filters match. Without filters the total comes from the
 * rollup the database keeps (migration 2026-11-24T03), never from counting rows.
 */
async function page<T>(q: { page: number; pageSize: number }, items: Promise<T[]>, total: Promise<number>): Promise<Page<T>> {
  const [rows, count] = await Promise.all([items, total]);
  return { items: rows, total: count, page: q.page, pageSize: q.pageSize };
}

/**
 * An unfiltered page whose rows carry the rollup's total (one statement: a round trip less on
 * PostgreSQL). A page past the end has no row to carry it, so the rollup is read apart.
 */
async function pageCarryingTotal<T extends { total: number | string }>(
  q: { page: number; pageSize: number },
  rows: Promise<T[]>,
  total: () => Promise<number>,
): Promise<Page<Omit<T, 'total'>>> {
  const all = await rows;
  const count = all.length ? Number(all[0].total) : await total();
  return { items: all.map(({ total: _total, ...row }) => row), total: count, page: q.page, pageSize: q.pageSize };
}

export function listParadas(ctx: ServiceContext, q: z.output<typeof adminParadasQuery>) {
  if (!paradas.isFiltered(q)) {
    const rows = paradas.pageParadasWithTotal(ctx.db, q, pageRequest(q));
    return pageCarryingTotal(q, rows, () => countRows(ctx.db, 'paradas_kaiser'));
  }
  return page(q, paradas.pageParadas(ctx.db, q, pageRequest(q)), paradas.countParadas(ctx.db, q));
}

export async function listTramos(ctx: ServiceContext, q: z.output<typeof adminTramosQuery>) {
  const result = tramos.isFiltered(q)
    ? await page(q, tramos.pageTramos(ctx.db, q, pageRequest(q)), tramos.countTramos(ctx.db, q))
    : await pageCarryingTotal(q, tramos.pageTramosWithTotal(ctx.db, q, pageRequest(q)), () => countRows(ctx.db, 'tramos'));
  return { ...result, items: result.items.map(tramos.toTramo) };
}

/** Factory dates to the instants bounding them: from the start of `from` until the start of the day after `to`. */
function wallFilter(ctx: ServiceContext, q: z.output<typeof adminPostsQuery>): wall.AdminWallFilter {
  return {
    from: q.from ? startOfFactoryDay(q.from, ctx.tz) : undefined,
    until: q.to ? startOfFactoryDay(addDays(q.to, 1), ctx.tz) : undefined,
    arco_sumergido_id: q.arco_sumergido_id,
    user_id: q.user_id,
    q: q.q,
  };
}

/** Posts and comments page alike: the same filters, the rollup's total without them. */
function wallList<T, S extends string>(
  ctx: ServiceContext,
  q: z.output<typeof adminPostsQuery> & { sort: S },
  table: 'wall_posts' | 'wall_comments',
  pageOf: (db: ServiceContext['db'], f: wall.AdminWallFilter, rows: PageRequest<S>) => Promise<T[]>,
  countOf: (db: ServiceContext['db'], f: wall.AdminWallFilter) => Promise<number>,
) {
  const f = wallFilter(ctx, q);
  const items = pageOf(ctx.db, f, pageRequest(q));
  return page(q, items, wall.isFiltered(f) ? countOf(ctx.db, f) : countRows(ctx.db, table));
}

export const listPosts = (ctx: ServiceContext, q: z.output<typeof adminPostsQuery>) =>
  wallList(ctx, q, 'wall_posts', wall.pagePosts, wall.countPosts);

export const listComments = (ctx: ServiceContext, q: z.output<typeof adminCommentsQuery>) =>
  wallList(ctx, q, 'wall_comments', wall.pageComments, wall.countComments);

export function listUsers(ctx: ServiceContext, q: z.output<typeof adminUsersQuery>) {
  return page(
    q,
    users.pageUsers(ctx.db, q, pageRequest(q)),
    users.isFiltered(q) ? users.countUsers(ctx.db, q) : countRows(ctx.db, 'users'),
  );
}
