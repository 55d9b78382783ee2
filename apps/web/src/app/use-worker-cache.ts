import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { afterFirstPaint } from '@/lib/after-first-paint';

/**
 * Puts the signed-in worker's saved answers back into the query cache and keeps saving them
 * (lib/query-persist.ts, docs/decisions/033-persisted-worker-cache.md). The screens are not held
 * back for it, and it starts after their first paint: an answer the server gives first is newer and
 * stays; without connection the saved one fills the screens as soon as it is read. The persister's
 * code loads here, not with the login screen.
 */
export function useWorkerCache(userId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return;
    let cancelled = false;
    let stop = () => {};
    // After the first paint, in idle time (lib/after-first-paint.ts): the first screen's frame does not
    // wait for the persister's code nor for IndexedDB.
    const cancel = afterFirstPaint(() => {
      void import('@/lib/query-persist')
        .then(({ persistWorkerCache }) => {
          if (!cancelled) [stop] = persistWorkerCache(queryClient, userId);
        })
        .catch(() => undefined);
    });
    return () => {
      cancelled = true;
      cancel();
      stop();
    };
  }, [queryClient, userId]);
}
