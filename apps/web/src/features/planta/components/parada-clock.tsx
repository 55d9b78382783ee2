import { formatParadaClock } from '@/lib/clock';
import { useServerNow } from '@/lib/use-server-now';

/**
 * The live clock of a parada in progress, on the server's clock; its own interval, so only this text
 * re-renders each second.
 */
export function ParadaClock({ start }: { start: string }) {
  const now = useServerNow();
  // role="timer" is not a live region: a ticking clock must not be read out every second.
  return (
    <span role="timer" aria-label="Tiempo de parada" className="font-monospace fs-4 fw-semibold" data-testid="planta-clock">
      {formatParadaClock(now - Date.parse(start))}
    </span>
  );
}
