import type { Tramo, TramoSearchQuery } from '@portal/contract/tramos';
import type { Procedure, Seam, WeldRoles } from '@portal/contract/welds';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { weldKeys } from './lots';

/**
 * What the inspection screens read. The seam, the signed-in user's Calidad naves and the procedures
 * are kept on the phone for a reload offline (lib/query-persist.ts, docs/decisions/077-weld-inspection-offline.md).
 */
export const seamKeys = {
  seam: (id: number) => [...weldKeys.all, 'seam', id] as const,
  rolesMe: () => [...weldKeys.all, 'roles', 'me'] as const,
  procedures: () => [...weldKeys.all, 'procedures'] as const,
  search: (q: TramoSearchQuery) => [...weldKeys.all, 'circulares', q] as const,
};

export function useSeam(id: number) {
  return useQuery({ queryKey: seamKeys.seam(id), queryFn: () => api<Seam>(`/api/welds/seams/${id}`), enabled: id > 0 });
}

/** The naves where the signed-in user is Calidad: the screen offers the forms the server would accept. */
export function useWeldRolesMe() {
  return useQuery({ queryKey: seamKeys.rolesMe(), queryFn: () => api<WeldRoles>('/api/welds/roles/me') });
}

export function useProcedures() {
  return useQuery({ queryKey: seamKeys.procedures(), queryFn: () => api<Procedure[]>('/api/welds/procedures') });
}

/** Circulares by their ids (the seed's search: substrings, newest first); null until searched. */
export function useCircularSearch(q: TramoSearchQuery | null) {
  return useQuery({
    queryKey: seamKeys.search(q ?? {}),
    queryFn: () => api<Tramo[]>('/api/tramos/search', { query: q as Record<string, string> }),
    enabled: q !== null,
  });
}
