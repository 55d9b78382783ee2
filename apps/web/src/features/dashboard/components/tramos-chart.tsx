import { dashboardLabels, type TramosMonth } from '@portal/contract/dashboard';
import { monthName } from '@portal/contract/format';
import { lazyComponent } from '@/lib/lazy-component';
import { ChartCard } from './chart-card';
import { type ChartBox, DrawWhenReached } from './draw-when-reached';

const TramosDrawing = lazyComponent<{ data: TramosMonth[]; box: ChartBox }>(() =>
  import('./chart-drawings').then((m) => ({ default: m.TramosDrawing })),
);

export function TramosChart({ data }: { data?: TramosMonth[] }) {
  return (
    <ChartCard
      title={dashboardLabels.tramosChart}
      description={dashboardLabels.tramosChartDescription}
      rows={data}
      columns={[
        { header: dashboardLabels.month, value: (r) => monthName(r.date) },
        { header: dashboardLabels.tramoCount, value: (r) => r.count },
      ]}
    >
      {data && <DrawWhenReached load={TramosDrawing.preload} draw={(box) => <TramosDrawing data={data} box={box} />} />}
    </ChartCard>
  );
}
