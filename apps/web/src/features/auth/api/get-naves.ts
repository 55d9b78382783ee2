import type { Nave } from '@portal/contract/naves';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const getNaves = () => api<Nave[]>('/api/naves', { auth: false });

/** The sites offered at login (public: nobody is signed in yet). */
export function useNaves() {
  return useQuery({ queryKey: ['naves', 'public'], queryFn: getNaves });
}
