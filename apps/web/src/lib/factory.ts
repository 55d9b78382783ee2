import { DEFAULT_FACTORY_TZ, factoryToday } from '@portal/contract/time';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** The factory's time zone, from the server (GET /api/config); the default until it answers. */
export function useFactoryTz(): string {
  const { data } = useQuery({
    queryKey: ['config'],
    queryFn: () => api<{ factoryTz: string }>('/api/config', { auth: false }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data?.factoryTz ?? DEFAULT_FACTORY_TZ;
}

export function useFactoryToday(): string {
  return factoryToday(useFactoryTz());
}
