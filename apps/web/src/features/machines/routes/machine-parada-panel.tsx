import { machineMessages } from '@portal/contract/machines';
import { DESCRIPTION_MAX } from '@portal/contract/paradas';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { errorText } from '@/lib/api';
import { formatTime } from '@/lib/dates';
import { useFactoryTz } from '@/lib/factory';
import { useCurrentUser } from '@/lib/token';
import { useEventStream } from '@/lib/use-event-stream';
import { useDescribeParada } from '../api/describe-parada';
import { arcoParadaKey, useArcoParada } from '../api/get-arco-parada';

/**
 * Above the stops screen of a worker signed in at an arco: the parada its machine opened, live from
 * the events (it appears and goes without a reload), with the description the worker adds.
 */
export default function MachineParadaPanel() {
  const user = useCurrentUser();
  const tz = useFactoryTz();
  const hasArco = Boolean(user?.arco_sumergido_id);
  const parada = useArcoParada(hasArco);
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: arcoParadaKey });
  useEventStream({ 'parada.started': refetch, 'parada.ended': refetch, 'parada.changed': refetch, reconnected: refetch });
  const current = parada.data?.source === 'machine' ? parada.data : null;
  if (!current) return null;
  return (
    <Card as="section" border="danger" className="mb-3" aria-label={machineMessages.panelTitle} data-testid="machine-parada">
      <Card.Body>
        <h2 className="h6 text-danger-emphasis mb-1">{machineMessages.panelTitle}</h2>
        <p className="mb-2 small">
          {machineMessages.panelSince} <time dateTime={current.start_time}>{formatTime(current.start_time, tz)}</time> ·{' '}
          {machineMessages.panelHelp}
        </p>
        {/* A new parada starts the form again from what is stored. */}
        <DescribeForm key={current.id} id={current.id} stored={current.description ?? ''} />
      </Card.Body>
    </Card>
  );
}

function DescribeForm({ id, stored }: { id: number; stored: string }) {
  const describe = useDescribeParada();
  const [text, setText] = useState(stored);
  const [saved, setSaved] = useState<string | null>(null);
  const fieldId = useId();
  return (
    <>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          describe.mutate({ id, description: text }, { onSuccess: (r) => setSaved(r.message) });
        }}
      >
        <Form.Label htmlFor={fieldId}>{machineMessages.descriptionLabel}</Form.Label>
        <Form.Control
          id={fieldId}
          as="textarea"
          rows={2}
          maxLength={DESCRIPTION_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" className="mt-2" disabled={describe.isPending}>
          {machineMessages.saveDescription}
        </Button>
      </Form>
      {saved && (
        <Alert variant="success" className="mt-2 mb-0 py-2">
          {saved}
        </Alert>
      )}
      {describe.isError && (
        <Alert variant="danger" className="mt-2 mb-0 py-2">
          {errorText(describe.error, machineMessages.describeFallback, machineMessages.describeFallback)}
        </Alert>
      )}
    </>
  );
}
