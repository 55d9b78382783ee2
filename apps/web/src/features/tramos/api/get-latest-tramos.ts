import { LATEST_LIMIT, type TramoListResponse } from '@portal/contract/tramos';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { tramoKeys } from './keys';

export const getLatestTramos = () => api<TramoListResponse>('/api/tramos', { query: { limit: LATEST_LIMIT, latest: true } });

export function useLatestTramos() {
  return useQuery({ queryKey: tramoKeys.latest(), queryFn: getLatestTramos });
}
