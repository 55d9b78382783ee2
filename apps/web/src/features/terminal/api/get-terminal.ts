import type { AndonCall } from '@portal/contract/andon';
import type { TerminalHome, TerminalMe } from '@portal/contract/terminal';
import { useQuery } from '@tanstack/react-query';
import { terminalApi } from './credential';
import { terminalKeys } from './keys';

/**
 * A tablet enrolled before device binding records a device key on its first start after the upgrade
 * (docs/decisions/060-terminal-budget-and-binding.md); a refusal (another key came first) leaves the
 * tablet as it was, and its sign-ins then tell to ask for a new enrolment.
 */
async function bindIfUnbound(me: TerminalMe): Promise<void> {
  if (me.device_bound) return;
  const { devicePublicKey } = await import('./device-key');
  const device_key = await devicePublicKey();
  if (device_key) await terminalApi<void>('/api/terminal/device-key', { method: 'PUT', body: { device_key } }).catch(() => undefined);
}

/** Who the device is, the arco's recent workers and the idle time-out; also counts as activity. */
export function useTerminalMe(enabled: boolean) {
  return useQuery({
    queryKey: terminalKeys.me(),
    queryFn: async () => {
      const me = await terminalApi<TerminalMe>('/api/terminal');
      await bindIfUnbound(me);
      return me;
    },
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
