import { plantaMessages } from '@portal/contract/planta';
import Badge from 'react-bootstrap/Badge';
import type { StreamStatus } from '@/lib/events';

/** Whether the board is live: a filled dot while connected, a hollow one (and the text) while not. */
export function LiveBadge({ status }: { status: StreamStatus }) {
  const live = status === 'open';
  return (
    <Badge
      bg={live ? 'success' : 'warning'}
      text={live ? undefined : 'dark'}
      className="d-inline-flex align-items-center gap-1 fs-6 fw-normal"
      role="status"
      data-testid="planta-live"
    >
      <span aria-hidden="true">{live ? '●' : '○'}</span>
      {live ? plantaMessages.live : plantaMessages.reconnecting}
    </Badge>
  );
}
