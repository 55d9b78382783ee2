import { zodResolver } from '@hookform/resolvers/zod';
import { type HandoverBody, handoverBody, handoverMessages } from '@portal/contract/handovers';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { useServerForm } from '@/components/use-server-form';
import { errorText } from '@/lib/api';
import { formatPlainDate, formatTime } from '@/lib/dates';
import { useFactoryTz } from '@/lib/factory';
import { fieldError } from '@/lib/field-error';
import { useCurrentUser } from '@/lib/token';
import { useArcoHandovers } from '../api/get-arco-handovers';
import { useSaveHandover } from '../api/save-handover';
import { HandoverCard, HandoverFigures } from '../components/handover-card';
import IncomingHandover from '../components/incoming-handover';

/** 'Relevo de turno' (/dashboard/relevo): the previous shift's note to read, and this shift's note to write or edit. */
export default function WorkerHandoverPage() {
  const tz = useFactoryTz();
  const user = useCurrentUser();
  const arco = useArcoHandovers();
  const save = useSaveHandover();
  const [saved, setSaved] = useState<string | null>(null);
  const current = arco.data?.current ?? null;
  const { register, submit, reset, errors, message, fail } = useServerForm<HandoverBody>({
    resolver: zodResolver(handoverBody),
    defaultValues: { note: '' },
    order: ['note'],
    texts: { fallback: handoverMessages.saveFallback, network: handoverMessages.saveFallback },
  });
  useEffect(() => {
    reset({ note: current?.note ?? '' });
  }, [current?.note, reset]);
  // Only its author edits it, until it is read.
  const editable = current === null || (current.confirmed_at === null && current.author_id === user?.id);

  const onSubmit = submit((values) =>
    save.mutate({ ...values, id: current?.id }, { onSuccess: (r) => setSaved(r.message), onError: fail }),
  );

  if (arco.isPending) return <Loading text={handoverMessages.loading} />;
  if (arco.isError) return <Feedback>{errorText(arco.error, handoverMessages.loadFallback, handoverMessages.loadFallback)}</Feedback>;
  const shift = arco.data.shift;
  return (
    <div>
      <h1 className="h4">{handoverMessages.title}</h1>
      <IncomingHandover />
      <p className="text-muted small">
        {shift.name} {formatPlainDate(shift.date)} ({formatTime(shift.start, tz)}–{formatTime(shift.end, tz)})
      </p>
      {saved && (
        <Feedback variant="success" onClose={() => setSaved(null)}>
          {saved}
        </Feedback>
      )}
      {current && <HandoverCard handover={current} tz={tz} title={handoverMessages.title} />}
      {editable && (
        <Form noValidate onSubmit={onSubmit}>
          {message && <Feedback id="handover-error">{message}</Feedback>}
          <Form.Group controlId="handover-note" className="mb-2">
            <Form.Label>{handoverMessages.noteLabel}</Form.Label>
            <Form.Control as="textarea" rows={5} {...register('note')} {...fieldError(!!errors.note, 'handover-error')} />
            <Form.Text>{handoverMessages.autoFilled}</Form.Text>
          </Form.Group>
          {/* What the server fills in, before the first save (a saved note's card shows its own). */}
          {current === null && arco.data.draft && (
            <div data-testid="handover-draft">
              <HandoverFigures summary={arco.data.draft} tz={tz} />
            </div>
          )}
          <Button type="submit" disabled={save.isPending} style={{ minHeight: 48 }}>
            {current ? handoverMessages.update : handoverMessages.save}
          </Button>
        </Form>
      )}
    </div>
  );
}
