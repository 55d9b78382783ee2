import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Puts the signed-in worker's saved answers back into the query cache and keeps saving them
 * (lib/query-persist.ts, docs/decisions/033-persisted-worker-cache.md). The screens are not held
 * back for it: an answer the server gives first is newer and
 * stays; without connection the saved one fills the screens as soon as it is read. The persister's
 * code loads here, not with the login screen.
 */
export function useWorkerCache(userId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return;
    let cancelled = false;
    let stop = () => {};
    // At once, not after the first paint's idle moment: a worker who leaves a page before that moment
    // would leave its answers unsaved, and the page would not open offline
    // (e2e/tests/offline.spec.ts, 'after several page loads online').
    void import('@/lib/query-persist')
      .then(({ persistWorkerCache }) => {
        if (!cancelled) [stop] = persistWorkerCache(queryClient, userId);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop();
    };
  }, [queryClient, userId]);
}
