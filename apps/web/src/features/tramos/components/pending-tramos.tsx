import { factoryDate } from '@portal/contract/time';
import type { Tramo } from '@portal/contract/tramos';
import { useQueryClient } from '@tanstack/react-query';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import { PendingStamp } from '@/components/pending-badge';
import { type QueuedItem, queuedField, usePendingWrites } from '@/lib/offline-queue';
import type { useCurrentUser } from '@/lib/token';
import { invalidateTramos } from '../api/keys';
import { TramoDetails } from './tramo-details';

const text = (item: QueuedItem, name: string) => {
  const value = queuedField(item, name);
  return typeof value === 'string' ? value : '';
};

/** A queued circular as the server will store it: at the worker's station, dated today when no date was typed. */
function queuedTramo(item: QueuedItem, user: NonNullable<ReturnType<typeof useCurrentUser>>, tz: string): Tramo {
  const tapped = new Date(item.tappedAt).toISOString();
  return {
    id: -item.seq,
    id_tramo: text(item, 'id_tramo'),
    id_proyecto: text(item, 'id_proyecto'),
    id_circular: text(item, 'id_circular'),
    circular_fecha: text(item, 'circular_fecha') || factoryDate(tapped, tz),
    descripcion: text(item, 'descripcion') || null,
    imagen: null,
    imagen_thumb: null,
    nave: user.nave ?? '',
    arco_sumergido_id: user.arco_sumergido_id ?? 0,
    arco_sumergido_name: user.arco_sumergido_name ?? '',
    user_id: user.id,
    user_name: user.name,
    created_at: tapped,
    updated_at: tapped,
  };
}

/**
 * The worker's circulares waiting in the offline queue, first in 'Últimas circulares' and marked
 * 'Pendiente de enviar'; once one is sent the list is read again and has it instead.
 */
export function PendingTramos({ user, tz }: { user: NonNullable<ReturnType<typeof useCurrentUser>>; tz: string }) {
  const queryClient = useQueryClient();
  const pending = usePendingWrites('tramo', user.id, () => void invalidateTramos(queryClient));
  return [...pending].reverse().map((item) => {
    const tramo = queuedTramo(item, user, tz);
    return (
      <Col as="li" key={item.key}>
        <Card as="article" className="h-100 border-warning" data-testid="pending-tramo" aria-label={`Tramo ${tramo.id_tramo}`}>
          <Card.Body>
            <PendingStamp tappedAt={item.tappedAt} tz={tz} />
            <div className="mt-2">
              <TramoDetails tramo={tramo} />
            </div>
          </Card.Body>
        </Card>
      </Col>
    );
  });
}
