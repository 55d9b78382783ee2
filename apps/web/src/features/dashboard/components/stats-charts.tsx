import {
  dashboardLabels,
  type KaiserStopsMonth,
  type TopUserByKaiserStops,
  type TopUserByTramos,
  type TramosMonth,
} from '@portal/contract/dashboard';
import { useMemo } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { ParadasKaiserChart, TramosChart } from './month-charts';
import { TopUsersChart } from './top-users-chart';

/**
 * The four charts of the statistics panel. Each card, its title and its box of a fixed height show
 * with the totals, the figures for screen readers as soon as they arrive; the chart itself is drawn
 * once its box is reached, in an idle moment of its own (draw-when-reached.tsx), so nothing moves.
 * A chart whose figures failed to load is left out (the page says why).
 */
export function StatsCharts({
  tramos,
  kaiser,
  topTramos,
  topKaiser,
}: {
  tramos: { data?: TramosMonth[]; isError: boolean };
  kaiser: { data?: KaiserStopsMonth[]; isError: boolean };
  topTramos: { data?: TopUserByTramos[]; isError: boolean };
  topKaiser: { data?: TopUserByKaiserStops[]; isError: boolean };
}) {
  // The same array while the figures are the same, so the memoised drawings are not drawn again.
  const topTramosRows = useMemo(() => topTramos.data?.map((u) => ({ name: u.name, count: u.tramo_count })), [topTramos.data]);
  const topKaiserRows = useMemo(() => topKaiser.data?.map((u) => ({ name: u.name, count: u.kaiser_stop_count })), [topKaiser.data]);
  return (
    <Row xs={1} lg={2} className="g-3">
      {!tramos.isError && (
        <Col>
          <TramosChart data={tramos.data} />
        </Col>
      )}
      {!kaiser.isError && (
        <Col>
          <ParadasKaiserChart data={kaiser.data} />
        </Col>
      )}
      {!topTramos.isError && (
        <Col>
          <TopUsersChart
            title={dashboardLabels.topTramosChart}
            description={dashboardLabels.topTramosChartDescription}
            data={topTramosRows}
            seriesName={dashboardLabels.tramoCount}
            color="#0d6efd"
          />
        </Col>
      )}
      {!topKaiser.isError && (
        <Col>
          <TopUsersChart
            title={dashboardLabels.topKaiserChart}
            description={dashboardLabels.topKaiserChartDescription}
            data={topKaiserRows}
            seriesName={dashboardLabels.kaiserCount}
            color="#dc3545"
          />
        </Col>
      )}
    </Row>
  );
}
