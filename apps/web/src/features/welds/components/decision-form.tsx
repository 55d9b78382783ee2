import { zodResolver } from '@hookform/resolvers/zod';
import { DECISIONS, decisionBody } from '@portal/contract/telemetry';
import { type DecisionBody, decisionMessages as dm } from '@portal/contract/telemetry-decision';
import Form from 'react-bootstrap/Form';
import type { BannerMessage } from '@/components/banner';
import { Feedback } from '@/components/feedback';
import { useServerForm } from '@/components/use-server-form';
import { useServerReachable } from '@/lib/online';
import { useDecide } from '../api/decision';
import { SaveAndCancel } from './form-actions';

/**
 * 'aceptar' or 'rechazar' a circular out of procedure, with the reason
 * (docs/decisions/092-seam-hold-in-the-weld-records.md). Sent only with a connection: a decision is
 * taken on what the server knows of the circular at that moment, so it is not queued like an inspection.
 */
export function DecisionForm({
  tramoId,
  title,
  onDone,
  onCancel,
}: {
  tramoId: number;
  title: string;
  onDone: (message: BannerMessage) => void;
  onCancel: () => void;
}) {
  const decide = useDecide(tramoId);
  const online = useServerReachable();
  const errorId = 'decision-error';
  const { register, submit, errors, message, fail } = useServerForm({
    resolver: zodResolver(decisionBody),
    defaultValues: { reason: '' } as DecisionBody,
    order: ['decision', 'reason'],
    texts: { fallback: dm.saveFailed, network: dm.network },
  });
  // Awaited, not mutate's callbacks: the form closes on success, and an unmounted form's callbacks never run.
  const onSubmit = submit((values) =>
    decide.mutateAsync(values).then((saved) => onDone({ variant: 'success', text: saved.message }), fail),
  );
  const reasonHelp = 'decision-reason-help';
  return (
    <Form noValidate onSubmit={onSubmit} className="card card-body my-2" aria-label={title}>
      <h3 className="h6">{title}</h3>
      {message && <Feedback id={errorId}>{message}</Feedback>}
      {!online && <Feedback variant="info">{dm.offline}</Feedback>}
      <fieldset className="mb-2" aria-describedby={errors.decision ? errorId : undefined}>
        <legend className="fs-6 mb-1">{dm.decision}</legend>
        {DECISIONS.map((decision) => (
          <Form.Check
            key={decision}
            type="radio"
            id={`decision-${decision}`}
            label={dm.option[decision]}
            value={decision}
            isInvalid={!!errors.decision}
            {...register('decision')}
          />
        ))}
      </fieldset>
      <Form.Group className="mb-2" controlId="decision-reason">
        <Form.Label>{dm.reason}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          isInvalid={!!errors.reason}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${errorId} ${reasonHelp}` : reasonHelp}
          {...register('reason')}
        />
        <Form.Text id={reasonHelp}>{dm.reasonHelp}</Form.Text>
      </Form.Group>
      <div className="d-flex flex-wrap gap-2">
        <SaveAndCancel
          pending={decide.isPending}
          disabled={!online}
          save={dm.submit}
          saving={dm.submitting}
          cancel={dm.cancel}
          onCancel={onCancel}
        />
      </div>
    </Form>
  );
}
