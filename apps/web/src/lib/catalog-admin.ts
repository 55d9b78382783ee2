import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { catalogKeys, useNaves } from './catalog';

/**
 * What only the admin screens use of the catalog: the keys of their full lists (still under the
 * catalog's root) and the one way to change a nave or an arco. Kept apart from catalog.ts, whose
 * lists the login screen's first chunk carries.
 */
export const catalogAdminKeys = {
  naves: [...catalogKeys.all, 'naves', 'admin'] as const,
  arcos: [...catalogKeys.all, 'arcos', 'admin'] as const,
  /** The admin lists' arco filter (its own query: a refusal keeps the session). */
  arcoFilters: [...catalogKeys.all, 'arcos', 'admin', 'filters'] as const,
  /** The admin lists' worker filter. */
  workerFilters: ['admin-list-filters', 'users'] as const,
};

export const invalidateCatalog = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: catalogKeys.all });

/** Every change to a nave or an arco goes through here, so none can forget a list. */
export function useCatalogMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateCatalog(queryClient) });
}

/** Where this browser keeps the nave last chosen on an admin screen. */
const CHOSEN_NAVE_KEY = 'adminNave';

/**
 * The nave an admin screen shows and its setter: the last one chosen on any admin screen of this
 * browser (localStorage), else the first nave; a remembered nave since deleted falls back to the first.
 */
export function useChosenNave(): [nave: string, choose: (nave: string) => void] {
  const naves = useNaves();
  const [nave, setNave] = useState(() => {
    try {
      return localStorage.getItem(CHOSEN_NAVE_KEY) ?? '';
    } catch {
      return '';
    }
  });
  const choose = useCallback((next: string) => {
    setNave(next);
    try {
      localStorage.setItem(CHOSEN_NAVE_KEY, next);
    } catch {
      // Storage disabled: remembered for this screen only.
    }
  }, []);
  const known = naves.data?.some((n) => n.name === nave) ?? false;
  return [(known ? nave : '') || naves.data?.[0]?.name || '', choose];
}
