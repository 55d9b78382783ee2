import { zodResolver } from '@hookform/resolvers/zod';
import { endParadaForm, paradaMessages } from '@portal/contract/paradas';
import { useCallback, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Banner, type BannerMessage } from '@/components/banner';
import { useFocusAfter } from '@/components/use-focus-after';
import { errorText } from '@/lib/api';
import { useEndParada } from '../api/end-parada';
import { useActiveParada } from '../api/get-active-parada';
import { useStartParada } from '../api/start-parada';

/** Elapsed time as mm:ss; minutes keep counting past 59 so a long parada never wraps around. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [active]);
  return now;
}

/** Left column: the clock of the running parada, its description and the start / end button. */
export function ParadaTimer({ userId, arcoId }: { userId: number; arcoId: number | null }) {
  const active = useActiveParada(userId);
  const start = useStartParada();
  const end = useEndParada();
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  // Stable, so the 3 s auto-hide timer is not restarted by every render (the clock ticks each second).
  const closeBanner = useCallback(() => setBanner(null), []);
  const running = active.data ?? null;
  const now = useNow(running !== null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(endParadaForm), defaultValues: { description: '' } });

  const onStart = () => {
    start.mutate(
      { description: '', arco_sumergido_id: arcoId },
      {
        onSuccess: (res) => {
          setBanner({ variant: 'success', text: res.message || paradaMessages.started });
          focusAfter(() => document.getElementById('stop-action'));
        },
        onError: (e) => setBanner({ variant: 'danger', text: errorText(e, paradaMessages.startFallback, paradaMessages.startNetwork) }),
      },
    );
  };

  const onEnd = handleSubmit(({ description }) => {
    if (!running) {
      setBanner({ variant: 'danger', text: paradaMessages.noActiveToEnd });
      return;
    }
    end.mutate(
      { id: running.id, description },
      {
        onSuccess: (res) => {
          reset({ description: '' });
          setBanner({ variant: 'success', text: paradaMessages.ended(res.duration) });
          focusAfter(() => document.getElementById('stop-action'));
        },
        onError: (e) => setBanner({ variant: 'danger', text: errorText(e, paradaMessages.endFallback, paradaMessages.endNetwork) }),
      },
    );
  });

  const busy = start.isPending || end.isPending;
  // After Iniciar or Finalizar, focus goes to the button that replaced it (not to the page's body).
  const focusAfter = useFocusAfter(!busy && !active.isFetching);
  const elapsed = running ? formatElapsed(now - Date.parse(running.start_time)) : '00:00';

  return (
    <Card>
      <Card.Body>
        <Card.Title as="h2" className="h5">
          Parada Kaiser
        </Card.Title>
        <Banner message={banner} onClose={closeBanner} autoHideMs={3000} />
        {/* A timer, not a live region: the banner announces the start and the end, the seconds are not read out. */}
        <div
          role="timer"
          aria-live="off"
          className="d-block display-4 text-center font-monospace my-3"
          aria-label="Tiempo transcurrido"
          data-testid="stop-clock"
          data-start={running?.start_time ?? ''}
        >
          {elapsed}
        </div>
        <Form noValidate onSubmit={onEnd}>
          <Form.Group className="mb-3" controlId="parada-description">
            <Form.Label>Descripción</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              disabled={!running}
              isInvalid={!!errors.description}
              placeholder="Describe el motivo de la parada"
              {...register('description')}
            />
            <Form.Control.Feedback type="invalid">{errors.description?.message}</Form.Control.Feedback>
          </Form.Group>
          <div className="d-grid gap-2">
            {running ? (
              <Button id="stop-action" type="submit" variant="danger" size="lg" disabled={busy}>
                {end.isPending ? 'Finalizando...' : 'Finalizar Parada'}
              </Button>
            ) : (
              <Button id="stop-action" type="button" variant="success" size="lg" disabled={busy || active.isPending} onClick={onStart}>
                {start.isPending ? 'Iniciando...' : 'Iniciar Parada'}
              </Button>
            )}
            <Link to="/dashboard/add-manual-parada" className="btn btn-outline-secondary">
              Registrar parada manual
            </Link>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}
