import { offlineMessages } from '@portal/contract/offline-messages';
import { paradaMessages } from '@portal/contract/paradas';
import { factoryTime } from '@portal/contract/time';
import { useCallback, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Banner, type BannerMessage } from '@/components/banner';
import { errorText } from '@/lib/api';
import { serverNow } from '@/lib/server-clock';
import { useEndParada } from '../api/end-parada';
import { useArcoParada } from '../api/get-arco-parada';
import { formatElapsed } from './parada-timer';

/**
 * A colleague's parada running at this arco: who started it, since when, its live clock, and the
 * button that ends it (anyone at the arco may). Hidden when none runs or when it is the worker's own
 * (the timer shows that one).
 */
export function ArcoParada({ userId, arcoId, tz }: { userId: number; arcoId: number | null; tz: string }) {
  const running = useArcoParada(arcoId !== null).data ?? null;
  const end = useEndParada();
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const closeBanner = useCallback(() => setBanner(null), []);
  const [now, setNow] = useState(() => serverNow());
  const colleagues = running !== null && running.user_id !== userId;
  useEffect(() => {
    if (!colleagues) return;
    const id = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(id);
  }, [colleagues]);

  const onEnd = () => {
    if (!running) return;
    end.mutate(
      { id: running.id },
      {
        onSuccess: (res) =>
          setBanner(
            res.queued
              ? { variant: 'info', text: offlineMessages.offlineHint }
              : { variant: 'success', text: paradaMessages.ended(res.data.duration) },
          ),
        onError: (e) => setBanner({ variant: 'danger', text: errorText(e, paradaMessages.endFallback, paradaMessages.endNetwork) }),
      },
    );
  };

  return (
    <>
      <Banner message={banner} onClose={closeBanner} autoHideMs={3000} />
      {colleagues && running && (
        <Alert variant="warning" className="mb-3" data-testid="arco-parada">
          <h2 className="h6 mb-1">{paradaMessages.runningAtArco}</h2>
          <p className="mb-1">
            {paradaMessages.startedBy(running.user_name)} {paradaMessages.since(factoryTime(running.start_time, tz))}
            {running.motivo_name ? ` · ${running.motivo_name}` : ''}
          </p>
          {/* A timer, not a live region: the seconds are not read out. */}
          <div role="timer" aria-live="off" className="d-block h3 font-monospace mb-2" aria-label="Tiempo de la parada del arco">
            {formatElapsed(now - Date.parse(running.start_time))}
          </div>
          <div className="d-grid">
            <Button variant="danger" onClick={onEnd} disabled={end.isPending}>
              {end.isPending ? 'Finalizando...' : paradaMessages.endRunning}
            </Button>
          </div>
        </Alert>
      )}
    </>
  );
}
