import type { ArcoOption } from '@portal/contract/arcos';
import type { Nave } from '@portal/contract/naves';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/**
 * The catalog: the naves and their arcos sumergidos, as the login, the circular and parada forms, the
 * export filters and the admin screens read them. Every list sits under one root key, so one
 * invalidation (catalog-admin.ts) refreshes them all after any change to a nave or an arco: renaming
 * a nave relabels its arcos, and adding or removing an arco changes its nave's count. The lists are as
 * fresh as any other query: this client's own changes invalidate them at once.
 */
// The admin lists sit beside these (catalog-admin.ts): a third key part names which list it is.
export const catalogKeys = {
  all: ['catalog'] as const,
  naves: ['catalog', 'naves'] as const,
  /** The arcos of one nave. */
  arcos: (nave: string) => ['catalog', 'arcos', 'nave', nave] as const,
  /** Every arco, of every nave. */
  allArcos: ['catalog', 'arcos', 'all'] as const,
};

/**
 * A public list of the catalog (the login screen asks before anyone is signed in). It never shows an
 * error: a failure is only logged and the list reads as empty (the screens take `data ?? []`). The
 * failure is thrown on rather than answered with an empty list, so it is retried like any other
 * request and never kept as a fresh answer. `nave`: the list of one nave; null while that nave is
 * unknown (nothing is asked).
 */
function useCatalogList<T>(queryKey: readonly string[], path: string, nave?: string | null) {
  return useQuery({
    queryKey,
    queryFn: () =>
      api<T[]>(path, { auth: false, query: { nave } }).catch((error: unknown) => {
        console.error(`Error al cargar ${path}`, error);
        throw error;
      }),
    enabled: nave !== null,
  });
}

export const useNaves = () => useCatalogList<Nave>(catalogKeys.naves, '/api/naves');

/** The arcos of one nave; nothing is asked until the nave is known. */
export const useArcos = (nave: string | null | undefined) =>
  useCatalogList<ArcoOption>(catalogKeys.arcos(nave || ''), '/api/arcos-sumergidos', nave || null);

export const useAllArcos = () => useCatalogList<ArcoOption>(catalogKeys.allArcos, '/api/arcos-sumergidos');
