import type { QueryClient } from '@tanstack/react-query';
import { paradaKeys } from './keys';

/** Every stop change can alter the history, the admin grid and the active stop: refresh them all. */
export function invalidateParadas(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: paradaKeys.all });
}
