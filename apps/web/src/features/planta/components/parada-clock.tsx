import { useEffect, useState } from 'react';
import { formatParadaClock } from './clock';

/** The live clock of a parada in progress; its own interval, so only this text re-renders each second. */
export function ParadaClock({ start }: { start: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  // role="timer" is not a live region: a ticking clock must not be read out every second.
  return (
    <span role="timer" aria-label="Tiempo de parada" className="font-monospace fs-4 fw-semibold" data-testid="planta-clock">
      {formatParadaClock(now - Date.parse(start))}
    </span>
  );
}
