import { type Arco, arcoMessages, arcoScreenTexts } from '@portal/contract/arcos';
import { type MachineBinding, machineMessages } from '@portal/contract/machines';
import { terminalScreenMessages } from '@portal/contract/terminal-screen-messages';
import { type ComponentType, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { AdminListPage } from '@/components/admin-list';
import { CardActions } from '@/components/card-actions';
import { useNaves } from '@/lib/catalog';
import { formatDateTime } from '@/lib/dates';
import { useFactoryTz } from '@/lib/factory';
import { useDeleteArco } from '../api/delete-arco';
import { useAdminArcos } from '../api/get-admin-arcos';
import { useMachines } from '../api/get-machines';
import { AddArcoForm } from '../components/add-arco-form';
import { BrokerStatus } from '../components/broker-status';
import { EditArcoModal } from '../components/edit-arco-modal';
import { MachineSignalModal } from '../components/machine-signal-modal';

const texts = { ...arcoMessages, ...arcoScreenTexts };

/** 'Código del terminal' of an arco: the terminal's enrolment dialog, from app/admin-arcos-page.tsx (a feature never imports another). */
export type TerminalCodeDialog = ComponentType<{ arco: Arco; tz: string; onHide: () => void }>;

/** Admin 'Arcos Sumergidos': card grid, inline add form, edit and delete modals. */
export default function AdminArcosPage({ TerminalCodeModal }: { TerminalCodeModal: TerminalCodeDialog }) {
  const arcos = useAdminArcos();
  const naves = useNaves().data ?? [];
  const remove = useDeleteArco();
  const machines = useMachines();
  const tz = useFactoryTz();
  const [signalOf, setSignalOf] = useState<Arco | null>(null);
  const [terminalOf, setTerminalOf] = useState<Arco | null>(null);
  const bindings = new Map((machines.data?.arcos ?? []).map((b) => [b.arco_sumergido_id, b]));
  return (
    <>
      {machines.data && <BrokerStatus broker={machines.data.broker} />}
      <AdminListPage<Arco>
        texts={texts}
        query={arcos}
        remove={remove}
        addForm={(report) => <AddArcoForm naves={naves} onResult={report} />}
        list={(items, actions) => (
          <Row xs={1} sm={2} lg={3} xl={4} className="g-3">
            {items.map((arco) => (
              <Col key={arco.id}>
                <Card className="h-100" data-testid="arco-card">
                  <Card.Body>
                    <Card.Title className="h6">{arco.name}</Card.Title>
                    <Card.Text className="text-muted small">{arco.nave}</Card.Text>
                    <SignalLine arco={arco} binding={bindings.get(arco.id)} tz={tz} onOpen={() => setSignalOf(arco)} />
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      className="mt-2"
                      onClick={() => setTerminalOf(arco)}
                      aria-label={`${terminalScreenMessages.terminalAction}: ${arco.name}`}
                    >
                      {terminalScreenMessages.terminalAction}
                    </Button>
                  </Card.Body>
                  <CardActions onEdit={() => actions.edit(arco)} onDelete={() => actions.remove(arco)} />
                </Card>
              </Col>
            ))}
          </Row>
        )}
        editor={(arco, close) => <EditArcoModal arco={arco} naves={naves} {...close} />}
        describe={(arco) => `${arco.name} (${arco.nave})`}
      />
      {signalOf && (
        <MachineSignalModal
          key={signalOf.id}
          arco={signalOf}
          binding={bindings.get(signalOf.id)}
          brokerUrl={machines.data?.broker.url ?? null}
          tz={tz}
          onHide={() => setSignalOf(null)}
        />
      )}
      {terminalOf && <TerminalCodeModal key={terminalOf.id} arco={terminalOf} tz={tz} onHide={() => setTerminalOf(null)} />}
    </>
  );
}

/** Whether the arco reports its machine's state, when it last did, and the button to bind it. */
function SignalLine({ arco, binding, tz, onOpen }: { arco: Arco; binding: MachineBinding | undefined; tz: string; onOpen: () => void }) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 small">
      <span data-testid="arco-signal">
        {binding
          ? `${machineMessages.bound} · ${machineMessages.lastReport}: ${binding.last_report_at ? formatDateTime(binding.last_report_at, tz) : machineMessages.never}`
          : ''}
      </span>
      <Button size="sm" variant="outline-secondary" onClick={onOpen} aria-label={`${machineMessages.signal}: ${arco.name}`}>
        {machineMessages.configure}
      </Button>
    </div>
  );
}
