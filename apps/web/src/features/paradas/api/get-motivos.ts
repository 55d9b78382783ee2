import type { Motivo } from '@portal/contract/motivos';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const motivosKey = ['motivos'] as const;

/** Every motivo (the admin's list); the selects offer the active ones. */
export function useMotivos() {
  return useQuery({ queryKey: motivosKey, queryFn: () => api<Motivo[]>('/api/motivos'), staleTime: 60_000 });
}
