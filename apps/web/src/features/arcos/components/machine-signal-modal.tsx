import type { Arco } from '@portal/contract/arcos';
import { type MachineBinding, machineMessages } from '@portal/contract/machines';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Feedback } from '@/components/feedback';
import { errorText } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { useCreateKey, useRevokeKey, useSaveTopic } from '../api/machines';

type Note = { variant: 'success' | 'danger'; text: string } | null;

/** An arco's machine signal: its MQTT topic, and its HTTP device key (shown once when created, revocable). */
export function MachineSignalModal({
  arco,
  binding,
  tz,
  onHide,
}: {
  arco: Arco | null;
  binding: MachineBinding | undefined;
  tz: string;
  onHide: () => void;
}) {
  const saveTopic = useSaveTopic();
  const createKey = useCreateKey();
  const revokeKey = useRevokeKey();
  const [topic, setTopic] = useState(binding?.topic ?? '');
  const [newKey, setNewKey] = useState<string | null>(null);
  const [note, setNote] = useState<Note>(null);
  const [confirming, setConfirming] = useState(false);
  if (!arco) return null;
  const failed = (fallback: string) => (error: unknown) => setNote({ variant: 'danger', text: errorText(error, fallback, fallback) });

  return (
    <Modal show onHide={onHide} aria-labelledby="machine-signal-title">
      <Modal.Header closeButton closeLabel={machineMessages.close}>
        <Modal.Title id="machine-signal-title" className="h5">
          {machineMessages.signal}: {arco.name} ({arco.nave})
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {note && (
          <Feedback variant={note.variant} className="py-2">
            {note.text}
          </Feedback>
        )}
        <Form
          className="mb-4"
          onSubmit={(e) => {
            e.preventDefault();
            saveTopic.mutate(
              { id: arco.id, topic },
              { onSuccess: (r) => setNote({ variant: 'success', text: r.message }), onError: failed(machineMessages.saveFallback) },
            );
          }}
        >
          <Form.Group controlId="machine-topic">
            <Form.Label>{machineMessages.topic}</Form.Label>
            <Form.Control type="text" value={topic} placeholder="planta/nave-1/arco-1/estado" onChange={(e) => setTopic(e.target.value)} />
            <Form.Text>{machineMessages.topicHelp}</Form.Text>
          </Form.Group>
          <Button type="submit" className="mt-2" disabled={saveTopic.isPending}>
            {machineMessages.save}
          </Button>
        </Form>

        <h3 className="h6">{machineMessages.deviceKey}</h3>
        <p className="small mb-2" data-testid="machine-key-state">
          {binding?.has_key && binding.key_created_at
            ? machineMessages.keyActive(formatDateTime(binding.key_created_at, tz))
            : machineMessages.keyNone}
        </p>
        {newKey && (
          <Form.Group className="mb-2" controlId="machine-new-key">
            <Form.Label className="fw-bold">{machineMessages.copyNow}</Form.Label>
            <Form.Control type="text" readOnly value={newKey} onFocus={(e) => e.target.select()} />
          </Form.Group>
        )}
        <div className="d-flex flex-wrap gap-2">
          <Button
            variant="outline-primary"
            disabled={createKey.isPending}
            onClick={() =>
              createKey.mutate(arco.id, {
                onSuccess: (r) => {
                  setNewKey(r.key);
                  setNote({ variant: 'success', text: r.message });
                },
                onError: failed(machineMessages.keyFallback),
              })
            }
          >
            {machineMessages.newKey}
          </Button>
          {binding?.has_key && !confirming && (
            <Button variant="outline-danger" onClick={() => setConfirming(true)}>
              {machineMessages.revokeKey}
            </Button>
          )}
        </div>
        {confirming && (
          <Feedback variant="warning" className="mt-3 mb-0">
            <p className="mb-2">{machineMessages.confirmRevoke}</p>
            <Button
              variant="danger"
              size="sm"
              disabled={revokeKey.isPending}
              onClick={() =>
                revokeKey.mutate(arco.id, {
                  onSuccess: (r) => {
                    setConfirming(false);
                    setNewKey(null);
                    setNote({ variant: 'success', text: r.message });
                  },
                  onError: failed(machineMessages.keyFallback),
                })
              }
            >
              {machineMessages.revokeKey}
            </Button>
          </Feedback>
        )}
      </Modal.Body>
    </Modal>
  );
}
