import type { Tramo } from '@portal/contract/tramos';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { TramoCard } from './TramoCard';

/** The card grid of the admin views, with a 'Cargar más' button while pages remain. */
export function TramoGrid({
  tramos,
  actions,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  tramos: Tramo[];
  actions: (t: Tramo) => ReactNode;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  return (
    <>
      <Row xs={1} md={2} xl={3} className="g-3 ps-0" as="ul" style={{ listStyle: 'none' }} aria-label="Circulares">
        {tramos.map((t) => (
          <Col as="li" key={t.id}>
            <TramoCard tramo={t} actions={actions(t)} />
          </Col>
        ))}
      </Row>
      {hasMore && (
        <div className="text-center mt-3">
          <Button variant="outline-primary" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore ? 'Cargando...' : 'Cargar más'}
          </Button>
        </div>
      )}
    </>
  );
}
