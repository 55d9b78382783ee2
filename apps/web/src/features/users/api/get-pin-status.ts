import type { PinStatus } from '@portal/contract/terminal';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The worker's own PIN status (their profile; kept apart from the admin's keys.ts and its chunk). */
export const pinKey = ['users', 'me', 'pin'] as const;

export const getPinStatus = () => api<PinStatus>('/api/users/me/pin');

/** Whether the signed-in worker has a station-terminal PIN. */
export function usePinStatus() {
  return useQuery({ queryKey: pinKey, queryFn: getPinStatus });
}
