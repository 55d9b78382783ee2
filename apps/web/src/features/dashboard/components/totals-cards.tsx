import { type DashboardStats, dashboardLabels } from '@portal/contract/dashboard';
import { useId } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';

const numbers = new Intl.NumberFormat('es-ES');

const TOTALS: { key: keyof DashboardStats; label: string }[] = [
  { key: 'totalUsers', label: dashboardLabels.totalUsers },
  { key: 'totalTramos', label: dashboardLabels.totalTramos },
  { key: 'totalKaiserStops', label: dashboardLabels.totalKaiserStops },
  { key: 'totalWallPosts', label: dashboardLabels.totalWallPosts },
  { key: 'totalComments', label: dashboardLabels.totalComments },
];

function TotalCard({ label, value }: { label: string; value: number }) {
  const id = useId();
  return (
    <Card as="section" aria-labelledby={id} className="h-100 text-center shadow-sm">
      <Card.Body className="py-3">
        <Card.Title as="h2" id={id} className="h6 text-body-secondary mb-1">
          {label}
        </Card.Title>
        <p className="fs-3 fw-semibold mb-0">{numbers.format(value)}</p>
      </Card.Body>
    </Card>
  );
}

/** The five totals: two per row on a phone, five in a row on a wide screen. */
export function TotalsCards({ stats }: { stats: DashboardStats }) {
  return (
    <Row xs={2} md={3} xl={5} className="g-2 mb-3">
      {TOTALS.map((t) => (
        <Col key={t.key}>
          <TotalCard label={t.label} value={stats[t.key]} />
        </Col>
      ))}
    </Row>
  );
}
