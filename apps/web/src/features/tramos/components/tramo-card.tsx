import type { Tramo } from '@portal/contract/tramos';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { TramoDetails } from './tramo-details';
import { TramoThumb } from './tramo-thumb';

/** A circular in a list: thumbnail, fields and the actions the caller allows. */
export function TramoCard({ tramo, actions, compact }: { tramo: Tramo; actions?: ReactNode; compact?: boolean }) {
  return (
    <Card as="article" className="h-100" data-testid="tramo-card" aria-label={`Tramo ${tramo.id_tramo}`}>
      {/* The fields wrap under the thumbnail when fewer than 14rem are left beside it (a 360 px phone),
          so that no value is broken in the middle of a word (e2e/tests/a11y.spec.ts). */}
      <Card.Body className="d-flex flex-wrap gap-3">
        <TramoThumb tramo={tramo} />
        <div style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <TramoDetails tramo={tramo} compact={compact} />
        </div>
      </Card.Body>
      {actions && <Card.Footer className="d-flex flex-wrap gap-2 justify-content-end bg-transparent">{actions}</Card.Footer>}
    </Card>
  );
}
