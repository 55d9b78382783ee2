import { offlineMessages } from '@portal/contract/offline-messages';
import type { endParadaForm } from '@portal/contract/paradas';
import { paradaMessages } from '@portal/contract/paradas-messages';
import { paradaScreenTexts } from '@portal/contract/paradas-screen-messages';
import { useCallback, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Banner, type BannerMessage } from '@/components/banner';
import { useFocusAfter } from '@/components/use-focus-after';
import { errorText } from '@/lib/api';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useOfflineQueue } from '@/lib/offline-queue';
import { useEventStream } from '@/lib/use-event-stream';
import { useServerNow } from '@/lib/use-server-now';
import { readActiveCache } from '../api/active-cache';
import { useEndParada } from '../api/end-parada';
import type { ActiveParada } from '../api/get-active-parada';
import { useActiveParada } from '../api/get-active-parada';
import { useArcoParada } from '../api/get-arco-parada';
import { useStartParada } from '../api/start-parada';
import { formatElapsed } from './elapsed';
import { MotivoSelect } from './motivo-select';

// zod and the end-of-parada schema load after the clock shows, while the worker types (the stops
// screen's first paint carries no zod: scripts/check-bundle.mjs). A Finalizar before they arrive waits for them.
const validation = lazyResolver<z.input<typeof endParadaForm>, unknown, z.output<typeof endParadaForm>>(() =>
  Promise.all([import('@hookform/resolvers/zod'), import('@portal/contract/paradas')]).then(([{ zodResolver }, { endParadaForm }]) =>
    zodResolver(endParadaForm),
  ),
);

interface ShownParada {
  /** Null while its start waits in the offline queue (`startKey`). */
  id: number | null;
  startKey?: string;
  start: number;
  /** The tapped end of a stop whose end waits in the queue: the clock stands still there. */
  endedAt: number | null;
}

/** The stop as the worker left it: the server's, then the starts and ends still waiting in the offline queue. */
function useShownParada(userId: number, server: ActiveParada | null): { shown: ShownParada | null; waiting: boolean } {
  const { items } = useOfflineQueue();
  let shown: ShownParada | null = server ? { id: server.id, start: Date.parse(server.start_time), endedAt: null } : null;
  let waiting = false;
  for (const item of items) {
    if (item.userId !== userId || item.state !== 'pending') continue;
    if (item.kind === 'parada-start') shown = { id: null, startKey: item.key, start: item.tappedAt, endedAt: null };
    else if (item.kind === 'parada-end' && shown && shown.endedAt === null) shown = { ...shown, endedAt: item.tappedAt };
    else continue;
    waiting = true;
  }
  return { shown, waiting };
}

/** The description typed during a stop, kept across reloads until the stop is ended. */
const draftKey = (userId: number) => `paradaDescription:${userId}`;
function readDraft(userId: number): string {
  try {
    return localStorage.getItem(draftKey(userId)) ?? '';
  } catch {
    return '';
  }
}
function writeDraft(userId: number, text: string): void {
  try {
    if (text) localStorage.setItem(draftKey(userId), text);
    else localStorage.removeItem(draftKey(userId));
  } catch {
    // Without storage the draft lives only as long as the page.
  }
}

/** Left column: the clock of the running parada, its description and the start / end button. */
export function ParadaTimer({ userId, arcoId }: { userId: number; arcoId: number | null }) {
  const active = useActiveParada(userId);
  // A parada of a colleague or of the machine runs at the arco: its panel (ArcoParada) stands in for Iniciar.
  const atArco = useArcoParada(arcoId !== null).data ?? null;
  const start = useStartParada();
  const end = useEndParada();
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  // Stable, so the 3 s auto-hide timer is not restarted by every render (the clock ticks each second).
  const closeBanner = useCallback(() => setBanner(null), []);
  // The worker's own parada ended by a colleague (or an admin, or the machine): say who, at once.
  useEventStream({
    'parada.ended': ({ parada }) => {
      if (parada.user_id === userId && parada.ended_by !== userId && !end.isPending) {
        setBanner({ variant: 'info', text: paradaMessages.endedBy(parada.ended_by_name ?? null) });
      }
    },
  });
  // Without an answer (offline), the stop this phone last saw.
  const { shown, waiting } = useShownParada(userId, active.data ?? (active.isError ? readActiveCache(userId) : null));
  const running = shown && shown.endedAt === null ? shown : null;
  const arcoBusy = !running && !waiting && atArco !== null && atArco.user_id !== userId;
  const now = useServerNow(1000, running !== null);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
    getValues,
  } = useForm({ resolver: validation.resolver, defaultValues: { description: readDraft(userId), motivo_id: '' } });
  useEffect(() => {
    const subscription = watch((values) => writeDraft(userId, values.description ?? ''));
    return () => subscription.unsubscribe();
  }, [watch, userId]);
  // '' sends no motivo: the stored one stays (every flow works without one).
  const motivo = () => (getValues('motivo_id') ? Number(getValues('motivo_id')) : undefined);

  const onStart = () => {
    start.mutate(
      { description: '', arco_sumergido_id: arcoId, motivo_id: motivo() },
      {
        onSuccess: (res) => {
          // A queued start is told once, by the waiting line under the clock.
          setBanner(res.queued ? null : { variant: 'success', text: res.data.message || paradaMessages.started });
          focusAfter(() => document.getElementById('stop-action'));
        },
        onError: (e) => setBanner({ variant: 'danger', text: errorText(e, paradaMessages.startFallback, paradaMessages.startNetwork) }),
      },
    );
  };

  const onEnd = handleSubmit(({ description, motivo_id }) => {
    if (!running) {
      setBanner({ variant: 'danger', text: paradaMessages.noActiveToEnd });
      return;
    }
    end.mutate(
      { id: running.id, startKey: running.startKey, description, motivo_id: motivo_id ? Number(motivo_id) : undefined },
      {
        onSuccess: (res) => {
          reset({ description: '', motivo_id: '' });
          writeDraft(userId, '');
          setBanner(res.queued ? null : { variant: 'success', text: paradaMessages.ended(res.data.duration) });
          focusAfter(() => document.getElementById('stop-action'));
        },
        onError: (e) => setBanner({ variant: 'danger', text: errorText(e, paradaMessages.endFallback, paradaMessages.endNetwork) }),
      },
    );
  });

  const busy = start.isPending || end.isPending;
  // After Iniciar or Finalizar, focus goes to the button that replaced it (not to the page's body).
  const focusAfter = useFocusAfter(!busy && !active.isFetching);
  const elapsed = running ? formatElapsed(now - running.start) : shown?.endedAt ? formatElapsed(shown.endedAt - shown.start) : '00:00';

  return (
    <Card>
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {paradaScreenTexts.timerTitle}
        </Card.Title>
        <Banner message={banner} onClose={closeBanner} autoHideMs={3000} />
        {/* A timer, not a live region: the banner announces the start and the end, the seconds are not read out. */}
        <div
          role="timer"
          aria-live="off"
          className="d-block display-4 text-center font-monospace my-3"
          aria-label={paradaScreenTexts.elapsed}
          data-testid="stop-clock"
          data-start={running ? new Date(running.start).toISOString() : ''}
        >
          {elapsed}
        </div>
        {waiting && (
          <p className="text-center small text-body-secondary" role="status" data-testid="parada-waiting">
            {offlineMessages.offlineHint}
          </p>
        )}
        <Form noValidate onSubmit={onEnd} onFocus={validation.preload} onPointerDown={validation.preload}>
          <Form.Group className="mb-3" controlId="parada-description">
            <Form.Label>{paradaScreenTexts.descriptionLabel}</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              disabled={!running}
              isInvalid={!!errors.description}
              placeholder={paradaScreenTexts.descriptionPlaceholder}
              {...register('description')}
            />
            <Form.Control.Feedback type="invalid">{errors.description?.message}</Form.Control.Feedback>
          </Form.Group>
          <MotivoSelect id="parada-motivo" registration={register('motivo_id')} />
          <div className="d-grid gap-2">
            {running ? (
              <Button id="stop-action" type="submit" variant="danger" size="lg" disabled={busy}>
                {end.isPending ? paradaMessages.ending : paradaScreenTexts.end}
              </Button>
            ) : arcoBusy ? (
              <p className="text-center small text-body-secondary mb-0" data-testid="arco-busy">
                {paradaMessages.runningAtArco}
              </p>
            ) : (
              <Button id="stop-action" type="button" variant="success" size="lg" disabled={busy || active.isPending} onClick={onStart}>
                {start.isPending ? paradaMessages.starting : paradaScreenTexts.start}
              </Button>
            )}
            <Link to="/dashboard/add-manual-parada" className="btn btn-outline-secondary">
              {paradaScreenTexts.manualLink}
            </Link>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
