import type { Nave } from '@portal/contract/naves';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const getNaves = () => api<Nave[]>('/api/naves', { auth: false });

/** The naves a station can belong to. */
export function useNaves() {
  return useQuery({ queryKey: ['naves', 'public'], queryFn: getNaves });
}
