import type { Arco } from '@portal/contract/arcos';
import { type MachineBinding, machineMessages } from '@portal/contract/machines';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { ConfirmModal } from '@/components/confirm-modal';
import { CopyField } from '@/components/copy-field';
import { Feedback } from '@/components/feedback';
import { errorText } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { useCreateMachineKey } from '../api/create-machine-key';
import { useRevokeMachineKey } from '../api/revoke-machine-key';
import { useSaveMachineTopic } from '../api/save-machine-topic';

type Note = { variant: 'success' | 'danger'; text: string } | null;

/** The device's URL on this portal (docs/decisions/020-machine-signals.md): it carries the arco's id. */
export const deviceUrl = (arcoId: number) => `${window.location.origin}/api/machines/${arcoId}/state`;

const shellQuote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** A report of 'stopped' over HTTP, ready to paste in a terminal. */
const curlExample = (url: string, key: string) =>
  `curl -X POST ${shellQuote(url)} -H ${shellQuote(`X-Device-Key: ${key}`)} -H 'Content-Type: text/plain' --data stopped`;

/** The same report published to the arco's topic; the broker's host and port when the server has one. */
function mqttExample(topic: string, brokerUrl: string | null): string {
  let host = 'BROKER';
  let port = '';
  try {
    if (brokerUrl) {
      const url = new URL(brokerUrl);
      host = url.hostname;
      port = url.port ? ` -p ${url.port}` : '';
    }
  } catch {
    // Not a URL the browser parses: the placeholder stays.
  }
  return `mosquitto_pub -h ${host}${port} -t ${shellQuote(topic)} -m stopped`;
}

/** An arco's machine signal: its MQTT topic, and its HTTP device key (shown once when created, revocable). */
export function MachineSignalModal({
  arco,
  binding,
  brokerUrl = null,
  tz,
  onHide,
}: {
  arco: Arco | null;
  binding: MachineBinding | undefined;
  /** The MQTT broker the server uses (no credentials), for the mosquitto_pub example. */
  brokerUrl?: string | null;
  tz: string;
  onHide: () => void;
}) {
  const saveTopic = useSaveMachineTopic();
  const createKey = useCreateMachineKey();
  const revokeKey = useRevokeMachineKey();
  const [topic, setTopic] = useState(binding?.topic ?? '');
  const [newKey, setNewKey] = useState<string | null>(null);
  const [note, setNote] = useState<Note>(null);
  const [confirming, setConfirming] = useState(false);
  const [askingNewKey, setAskingNewKey] = useState(false);
  if (!arco) return null;
  const failed = (fallback: string) => (error: unknown) => setNote({ variant: 'danger', text: errorText(error, fallback, fallback) });
  const url = deviceUrl(arco.id);
  const generateKey = () =>
    createKey.mutate(arco.id, {
      onSuccess: (r) => {
        setAskingNewKey(false);
        setNewKey(r.key);
        setNote({ variant: 'success', text: r.message });
      },
      onError: (error) => {
        setAskingNewKey(false);
        failed(machineMessages.keyFallback)(error);
      },
    });

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

        <h3 className="h6">{machineMessages.deviceSetup}</h3>
        <p className="small mb-2">
          {machineMessages.arcoId}: <strong data-testid="machine-arco-id">{arco.id}</strong>
        </p>
        <CopyField
          label={machineMessages.deviceUrl}
          value={url}
          copyLabel={machineMessages.copyUrl}
          help={machineMessages.deviceUrlHelp}
          testId="machine-device-url"
        />

        <h3 className="h6">{machineMessages.deviceKey}</h3>
        <p className="small mb-2" data-testid="machine-key-state">
          {binding?.has_key && binding.key_created_at
            ? machineMessages.keyActive(formatDateTime(binding.key_created_at, tz))
            : machineMessages.keyNone}
        </p>
        {newKey && (
          <CopyField label={machineMessages.copyNow} value={newKey} copyLabel={machineMessages.copyKey} testId="machine-new-key" />
        )}
        <div className="d-flex flex-wrap gap-2 mb-3">
          <Button
            variant="outline-primary"
            disabled={createKey.isPending}
            // A working key stops working once a new one exists: asked first.
            onClick={() => (binding?.has_key ? setAskingNewKey(true) : generateKey())}
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
        <CopyField
          label={machineMessages.curlExample}
          value={curlExample(url, newKey ?? machineMessages.curlKeyPlaceholder)}
          copyLabel={machineMessages.copyCurl}
          multiline
          testId="machine-curl"
        />
        {binding?.topic && (
          <CopyField
            label={machineMessages.mqttExample}
            value={mqttExample(binding.topic, brokerUrl)}
            copyLabel={machineMessages.copyMqtt}
            multiline
            testId="machine-mqtt"
          />
        )}
      </Modal.Body>
      <ConfirmModal
        show={askingNewKey}
        title={machineMessages.confirmNewKeyTitle}
        confirmLabel={machineMessages.confirmNewKeyAction}
        busyLabel={machineMessages.confirmNewKeyBusy}
        busy={createKey.isPending}
        onConfirm={generateKey}
        onCancel={() => setAskingNewKey(false)}
      >
        <p className="mb-0">{machineMessages.confirmNewKey}</p>
      </ConfirmModal>
    </Modal>
  );
}
