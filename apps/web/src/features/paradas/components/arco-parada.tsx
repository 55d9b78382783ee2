import { machineMessages } from '@portal/contract/machines-messages';
import { offlineMessages } from '@portal/contract/offline-messages';
import type { Parada } from '@portal/contract/paradas';
import { DESCRIPTION_MAX, paradaMessages } from '@portal/contract/paradas-messages';
import { factoryTime } from '@portal/contract/time';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Banner, type BannerMessage } from '@/components/banner';
import { Feedback } from '@/components/feedback';
import { errorText } from '@/lib/api';
import { serverNow } from '@/lib/server-clock';
import { useEventStream } from '@/lib/use-event-stream';
import { useDescribeMachineParada } from '../api/describe-machine-parada';
import { useEndParada } from '../api/end-parada';
import { useArcoParada } from '../api/get-arco-parada';
import { invalidateParadas } from '../api/invalidate';
import { formatElapsed } from './elapsed';
import { MotivoSelect } from './motivo-select';

/**
 * The one panel of the parada running at this arco when it is not the worker's own (the timer shows
 * that one): a colleague's or the machine's. Who started it, since when, its live clock on the server
 * clock; a colleague's has the button that ends it (anyone at the arco may), the machine's is ended by
 * the machine and takes the description and motivo the worker adds.
 */
export function ArcoParada({ userId, arcoId, tz }: { userId: number; arcoId: number | null; tz: string }) {
  const running = useArcoParada(arcoId !== null).data ?? null;
  const queryClient = useQueryClient();
  // A colleague's or the machine's parada reaches everyone at the arco as events
  // (docs/decisions/024-one-owner-per-table.md): it appears and goes at once.
  // Every list of the stops screen follows (the worker's own clock, the history, the paradas without motivo).
  const refresh = () => void invalidateParadas(queryClient);
  useEventStream({ 'parada.started': refresh, 'parada.ended': refresh, 'parada.changed': refresh, reconnected: refresh });
  const end = useEndParada();
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const closeBanner = useCallback(() => setBanner(null), []);
  const [now, setNow] = useState(() => serverNow());
  const shown = running !== null && running.user_id !== userId;
  useEffect(() => {
    if (!shown) return;
    setNow(serverNow());
    const id = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(id);
  }, [shown]);
  const headingId = useId();

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

  const machine = running?.source === 'machine';
  return (
    <>
      <Banner message={banner} onClose={closeBanner} autoHideMs={3000} />
      {shown && running && (
        <Card
          as="section"
          border={machine ? 'danger' : 'warning'}
          className="mb-3"
          aria-labelledby={headingId}
          data-testid={machine ? 'machine-parada' : 'arco-parada'}
          data-source={running.source}
        >
          <Card.Body>
            <h2 id={headingId} className={`h6 mb-1 ${machine ? 'text-danger-emphasis' : 'text-warning-emphasis'}`}>
              {machine ? machineMessages.panelTitle : paradaMessages.runningAtArco}
            </h2>
            <p className="mb-1">
              {paradaMessages.startedBy(running.user_name, machine)} {paradaMessages.since(factoryTime(running.start_time, tz))}
              {!machine && running.motivo_name ? ` · ${running.motivo_name}` : ''}
            </p>
            {/* A timer, not a live region: the seconds are not read out. */}
            <div role="timer" aria-live="off" className="d-block h3 font-monospace mb-2" aria-label={paradaMessages.arcoClock}>
              {formatElapsed(now - Date.parse(running.start_time))}
            </div>
            {machine ? (
              <>
                <p className="small mb-2">{machineMessages.panelHelp}</p>
                {/* A new parada starts the form again from what is stored. */}
                <MachineParadaForm key={running.id} parada={running} />
              </>
            ) : (
              <div className="d-grid">
                <Button variant="danger" onClick={onEnd} disabled={end.isPending}>
                  {end.isPending ? paradaMessages.ending : paradaMessages.endRunning}
                </Button>
              </div>
            )}
          </Card.Body>
        </Card>
      )}
    </>
  );
}

interface DescribeFields {
  description: string;
  motivo_id: string;
}

/** What the machine cannot know: the description and the (optional) motivo. */
function MachineParadaForm({ parada }: { parada: Parada }) {
  const describe = useDescribeMachineParada();
  const [saved, setSaved] = useState<string | null>(null);
  const { register, handleSubmit } = useForm<DescribeFields>({
    defaultValues: { description: parada.description ?? '', motivo_id: parada.motivo_id ? String(parada.motivo_id) : '' },
  });
  const fieldId = useId();
  const onSubmit = handleSubmit((v) => {
    setSaved(null);
    describe.mutate(
      { id: parada.id, description: v.description, motivo_id: v.motivo_id === '' ? null : Number(v.motivo_id) },
      { onSuccess: (r) => setSaved(r.message) },
    );
  });
  return (
    <>
      <Form onSubmit={onSubmit}>
        <MotivoSelect id={`${fieldId}-motivo`} registration={register('motivo_id')} current={parada.motivo_id ?? null} />
        <Form.Label htmlFor={`${fieldId}-description`}>{machineMessages.descriptionLabel}</Form.Label>
        <Form.Control id={`${fieldId}-description`} as="textarea" rows={2} maxLength={DESCRIPTION_MAX} {...register('description')} />
        <Button type="submit" className="mt-2" disabled={describe.isPending}>
          {machineMessages.saveDescription}
        </Button>
      </Form>
      {saved && (
        <Feedback variant="success" className="mt-2 mb-0 py-2">
          {saved}
        </Feedback>
      )}
      {describe.isError && (
        <Feedback className="mt-2 mb-0 py-2">
          {errorText(describe.error, machineMessages.describeFallback, machineMessages.describeFallback)}
        </Feedback>
      )}
    </>
  );
}
