import type { Tramo, TramoSearchQuery } from '@portal/contract/tramos';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Sends only the filled filters (the client drops empty query values). */
export const searchTramos = (filters: TramoSearchQuery) =>
  api<Tramo[]>('/api/tramos/search', {
    query: {
      id_tramo: filters.id_tramo?.trim(),
      id_proyecto: filters.id_proyecto?.trim(),
      id_circular: filters.id_circular?.trim(),
      circular_fecha: filters.circular_fecha,
    },
  });

/** A search runs when the form is submitted, so it is a mutation rather than a cached query. */
export function useSearchTramos() {
  return useMutation({ mutationFn: searchTramos });
}
