import {
  dashboardLabels,
  type KaiserStopsMonth,
  type TopUserByKaiserStops,
  type TopUserByTramos,
  type TramosMonth,
} from '@portal/contract/dashboard';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { ParadasKaiserChart } from './paradas-kaiser-chart';
import { TopUsersChart } from './top-users-chart';
import { TramosChart } from './tramos-chart';

/**
 * The four charts of the statistics panel, in their own chunk (recharts is most of the panel's
 * JavaScript): the page shows the totals first and loads this after them.
 */
export default function StatsCharts({
  tramos,
  kaiser,
  topTramos,
  topKaiser,
}: {
  tramos?: TramosMonth[];
  kaiser?: KaiserStopsMonth[];
  topTramos?: TopUserByTramos[];
  topKaiser?: TopUserByKaiserStops[];
}) {
  return (
    <Row xs={1} lg={2} className="g-3">
      {tramos && (
        <Col>
          <TramosChart data={tramos} />
        </Col>
      )}
      {kaiser && (
        <Col>
          <ParadasKaiserChart data={kaiser} />
        </Col>
      )}
      {topTramos && (
        <Col>
          <TopUsersChart
            title={dashboardLabels.topTramosChart}
            description={dashboardLabels.topTramosChartDescription}
            data={topTramos.map((u) => ({ name: u.name, count: u.tramo_count }))}
            seriesName={dashboardLabels.tramoCount}
            color="#0d6efd"
          />
        </Col>
      )}
      {topKaiser && (
        <Col>
          <TopUsersChart
            title={dashboardLabels.topKaiserChart}
            description={dashboardLabels.topKaiserChartDescription}
            data={topKaiser.map((u) => ({ name: u.name, count: u.kaiser_stop_count }))}
            seriesName={dashboardLabels.kaiserCount}
            color="#dc3545"
          />
        </Col>
      )}
    </Row>
  );
}
