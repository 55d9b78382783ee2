import { useEffect, useState } from 'react';
import { serverNow } from './server-clock';

/**
 * Now on the server's clock (server-clock.ts), read again every `everyMs` while `active`: a phone or
 * a plant screen with a wrong clock still shows the right running time.
 */
export function useServerNow(everyMs = 1000, active = true): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    if (!active) return;
    setNow(serverNow());
    const id = setInterval(() => setNow(serverNow()), everyMs);
    return () => clearInterval(id);
  }, [active, everyMs]);
  return now;
}
