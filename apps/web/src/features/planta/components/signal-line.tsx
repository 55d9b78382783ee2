import { machineMessages } from '@portal/contract/machines';
import type { PlantaArco } from '@portal/contract/planta';
import Badge from 'react-bootstrap/Badge';
import { formatTime } from '@/lib/dates';
import { useServerNow } from '@/lib/use-server-now';

type Signal = NonNullable<PlantaArco['signal']>;

/** Whether a bound arco's signal has been silent for too long, at `now`. */
export const isSilent = (signal: Signal, now: number) =>
  signal.last_report_at === null || now - Date.parse(signal.last_report_at) >= signal.silence_seconds * 1000;

/**
 * Whether a bound arco's machine has been silent for MACHINE_SILENCE_SECONDS on the server's clock
 * (checked every 5 s, so it turns on between refreshes); false for an unbound arco.
 */
export function useSilent(signal: Signal | null | undefined): boolean {
  const now = useServerNow(5000, !!signal);
  return !!signal && (signal.silent || isSilent(signal, now));
}

/** A bound arco's machine signal on the plant board: its last report, and 'Sin señal' once `silent`. */
export function SignalLine({ signal, silent, tz }: { signal: Signal; silent: boolean; tz: string }) {
  return (
    <p className="mb-0 small d-flex flex-wrap align-items-center gap-2" data-testid="planta-signal" data-silent={silent}>
      {silent && (
        <Badge bg="warning" text="dark">
          {machineMessages.noSignal}
        </Badge>
      )}
      <span className="text-body-secondary">
        {machineMessages.lastReport}:{' '}
        {signal.last_report_at ? (
          <time dateTime={signal.last_report_at}>{formatTime(signal.last_report_at, tz)}</time>
        ) : (
          machineMessages.never
        )}
      </span>
    </p>
  );
}
