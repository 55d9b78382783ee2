import type { Tramo } from '@portal/contract/tramos';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { TramoDetails } from './tramo-details';
import { TramoThumb } from './tramo-thumb';

/** A circular in a list: thumbnail, fields and the actions the caller allows. */
export function TramoCard({ tramo, actions, compact }: { tramo: Tramo; actions?: ReactNode; compact?: boolean }) {
  return (
    <Card className="h-100" data-testid="tramo-card" aria-label={`Tramo ${tramo.id_tramo}`}>
      <Card.Body className="d-flex gap-3">
        <TramoThumb tramo={tramo} />
        <div className="flex-grow-1" style={{ minWidth: 0 }}>
          <TramoDetails tramo={tramo} compact={compact} />
        </div>
      </Card.Body>
      {actions && <Card.Footer className="d-flex flex-wrap gap-2 justify-content-end bg-transparent">{actions}</Card.Footer>}
    </Card>
  );
}
