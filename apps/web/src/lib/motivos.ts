import type { Motivo } from '@portal/contract/motivos';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** The motivos' query key: the stops screens' selects and the admin's list share it, so both follow the admin's changes. */
export const motivoKeys = { all: ['motivos'] as const };

/**
 * Every motivo (the admin's list, retired ones too); the selects offer the active ones. `enabled`
 * false (a station terminal with nobody signed in: the list needs a session) asks nothing and shows
 * what was read before.
 */
export function useMotivos(enabled = true) {
  return useQuery({ queryKey: motivoKeys.all, queryFn: () => api<Motivo[]>('/api/motivos'), staleTime: 60_000, enabled });
}
