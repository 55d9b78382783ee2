import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogKeys } from './catalog';

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
