import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@portal/contract/paging';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type ListValues<K extends string> = Record<K, string>;

/**
 * An admin list's filters, page, page size and sort kept in the URL's search params, so a filtered
 * view survives a reload and can be sent to a colleague. A changed filter or sort goes back to page 1.
 */
export function useListParams<K extends string>(filterKeys: readonly K[], defaults: { sort: string; dir: 'asc' | 'desc' }) {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the params are read through their string form
  const state = useMemo(() => {
    const filters = Object.fromEntries(filterKeys.map((k) => [k, params.get(k) ?? ''])) as ListValues<K>;
    const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
    const size = Number(params.get('pageSize'));
    const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
    const sort = params.get('sort') || defaults.sort;
    const dir = params.get('dir') === 'asc' || params.get('dir') === 'desc' ? (params.get('dir') as 'asc' | 'desc') : defaults.dir;
    return { filters, page, pageSize, sort, dir };
  }, [key]);

  const update = useCallback(
    (patch: Record<string, string | number | undefined>, keepPage = false) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        if (!keepPage) next.delete('page');
        return next;
      }),
    [setParams],
  );

  /** The API query: the filters that are set, the page and the order. */
  const query = useMemo(() => {
    const q: Record<string, string | number> = { page: state.page, pageSize: state.pageSize, sort: state.sort, dir: state.dir };
    for (const [k, v] of Object.entries(state.filters)) if (v) q[k] = v as string;
    return q;
  }, [state]);

  return {
    ...state,
    query,
    setFilters: (values: Partial<ListValues<K>>) => update(Object.fromEntries(filterKeys.map((k) => [k, values[k] ?? '']))),
    setPage: (page: number) => update({ page: page > 1 ? page : undefined }, true),
    setPageSize: (size: number) => update({ pageSize: size === DEFAULT_PAGE_SIZE ? undefined : size }),
    setSort: (sort: string, dir: 'asc' | 'desc') => update({ sort, dir }),
  };
}
