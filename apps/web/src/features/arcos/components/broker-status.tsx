import { type BrokerStatus as Broker, machineMessages } from '@portal/contract/machines';
import Badge from 'react-bootstrap/Badge';

/** The MQTT broker connection as this server sees it, above the arcos grid. */
export function BrokerStatus({ broker }: { broker: Broker }) {
  const text = !broker.configured
    ? machineMessages.brokerOff
    : broker.connected
      ? machineMessages.brokerConnected
      : machineMessages.brokerDisconnected;
  const bg = !broker.configured ? 'secondary' : broker.connected ? 'success' : 'danger';
  return (
    <p className="mb-3 small" data-testid="broker-status">
      {machineMessages.brokerTitle}
      {broker.url ? ` (${broker.url})` : ''}: <Badge bg={bg}>{text}</Badge>
      {broker.configured && !broker.connected && broker.last_error ? (
        <span className="ms-2 text-body-secondary">{broker.last_error}</span>
      ) : null}
    </p>
  );
}
