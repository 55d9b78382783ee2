import type { ClientConfigResponse } from '@portal/contract/common';
import { DEFAULT_FACTORY_TZ, factoryToday } from '@portal/contract/time';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { serverNow } from './server-clock';

/** The key of the server's configuration. */
export const configKeys = { all: ['config'] as const };

/** The factory's time zone, from the server (GET /api/config); the default until it answers. */
export function useFactoryTz(): string {
  const { data } = useQuery({
    queryKey: configKeys.all,
    queryFn: () => api<ClientConfigResponse>('/api/config', { auth: false }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data?.factoryTz ?? DEFAULT_FACTORY_TZ;
}

export function useFactoryToday(): string {
  // The server's today: a phone with a wrong clock still fills the forms with the right date.
  return factoryToday(useFactoryTz(), new Date(serverNow()));
}
