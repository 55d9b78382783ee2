import type { ArcoOption } from '@portal/contract/arcos';
import type { Nave } from '@portal/contract/naves';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';

/**
 * The catalog: the naves and their arcos sumergidos, as the login, the circular and parada forms, the
 * export filters and the admin screens read them. Every list sits under one root key, so one
 * invalidation refreshes them all after any change to a nave or an arco: renaming a nave relabels its
 * arcos, and adding or removing an arco changes its nave's count.
 */
export const catalogKeys = {
  all: ['catalog'] as const,
  naves: () => ['catalog', 'naves'] as const,
  adminNaves: () => ['catalog', 'naves', 'admin'] as const,
  /** The arcos of one nave. */
  arcos: (nave: string) => ['catalog', 'arcos', 'nave', nave] as const,
  /** Every arco, of every nave. */
  allArcos: () => ['catalog', 'arcos', 'all'] as const,
  adminArcos: () => ['catalog', 'arcos', 'admin'] as const,
};

export const invalidateCatalog = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: catalogKeys.all });

/** Every change to a nave or an arco goes through here, so none can forget a list. */
export function useCatalogMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateCatalog(queryClient) });
}

/**
 * Only an admin changes the catalog, and this client's own changes invalidate it at once; someone
 * else's show within this time (on the next screen that reads it, or when the window regains focus).
 */
const CATALOG_STALE_MS = 60_000;

/**
 * The public lists never show an error: a failure is only logged and the list reads as empty (the
 * screens take `data ?? []`). The failure is thrown on rather than answered with an empty list, so it
 * is retried like any other request and never kept as a fresh answer.
 */
async function logged<T>(request: Promise<T>, what: string): Promise<T> {
  try {
    return await request;
  } catch (error) {
    console.error(what, error);
    throw error;
  }
}

/** Public: the login screen asks before anyone is signed in. */
export const getNaves = () => logged(api<Nave[]>('/api/naves', { auth: false }), 'Error al cargar naves');

export const getArcos = (nave?: string) =>
  logged(api<ArcoOption[]>('/api/arcos-sumergidos', { auth: false, query: { nave } }), 'Error al cargar arcos sumergidos');

export function useNaves() {
  return useQuery({ queryKey: catalogKeys.naves(), queryFn: getNaves, staleTime: CATALOG_STALE_MS });
}

/** The arcos of one nave; nothing is asked until the nave is known. */
export function useArcos(nave: string | null | undefined) {
  return useQuery({
    queryKey: catalogKeys.arcos(nave ?? ''),
    queryFn: () => getArcos(nave ?? ''),
    enabled: !!nave,
    staleTime: CATALOG_STALE_MS,
  });
}

export function useAllArcos() {
  return useQuery({ queryKey: catalogKeys.allArcos(), queryFn: () => getArcos(), staleTime: CATALOG_STALE_MS });
}
