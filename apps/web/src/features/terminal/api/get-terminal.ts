import type { AndonCall } from '@portal/contract/andon';
import type { TerminalHome, TerminalMe } from '@portal/contract/terminal';
import { useQuery } from '@tanstack/react-query';
import { terminalApi } from './credential';
import { terminalKeys } from './keys';

/** Who the device is, the arco's recent workers and the idle time-out; also counts as activity. */
export function useTerminalMe(enabled: boolean) {
  return useQuery({
    queryKey: terminalKeys.me(),
    queryFn: () => terminalApi<TerminalMe>('/api/terminal'),
    enabled,
    staleTime: 60_000,
  });
}

/** The arco's home in one snapshot, refetched on the arco's live events (TerminalLive). */
export function useTerminalHome(enabled: boolean) {
  return useQuery({
    queryKey: terminalKeys.home(),
    queryFn: () => terminalApi<TerminalHome>('/api/terminal/home'),
    enabled,
    staleTime: 0,
    refetchInterval: 60_000,
  });
}

export const sendHeartbeat = () => terminalApi<void>('/api/terminal/heartbeat', { method: 'POST' });

/** The open andon calls of the terminal's own arco and who answered, with the device credential: shown with nobody signed in. */
export const readTerminalCalls = () => terminalApi<AndonCall[]>('/api/terminal/andon-calls');
