import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { terminalKeys } from './keys';

/**
 * The station terminal's saved answers (lib/query-persist.ts): put back into the query cache and kept
 * saving while the device is enrolled, so a reload offline shows the arco's home as last seen
 * (docs/decisions/050-terminal-offline-and-handover.md); forgotten once it is not (never enrolled,
 * or its credential refused). The persister's code loads here, lazily.
 */
export function useTerminalCache(enrolled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    let stop = () => {};
    void import('@/lib/query-persist')
      .then((persist) => {
        if (cancelled) return;
        if (enrolled) [stop] = persist.persistTerminalCache(queryClient);
        else {
          queryClient.removeQueries({ queryKey: terminalKeys.all });
          void persist.forgetTerminalCache();
        }
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop();
    };
  }, [queryClient, enrolled]);
}
