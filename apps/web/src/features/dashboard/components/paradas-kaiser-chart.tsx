import { dashboardLabels, type KaiserStopsMonth } from '@portal/contract/dashboard';
import { monthName } from '@portal/contract/format';
import { lazyComponent } from '@/lib/lazy-component';
import { ChartCard } from './chart-card';
import { type ChartBox, DrawWhenReached } from './draw-when-reached';

const ParadasKaiserDrawing = lazyComponent<{ data: KaiserStopsMonth[]; box: ChartBox }>(() =>
  import('./chart-drawings').then((m) => ({ default: m.ParadasKaiserDrawing })),
);

export function ParadasKaiserChart({ data }: { data?: KaiserStopsMonth[] }) {
  return (
    <ChartCard
      title={dashboardLabels.kaiserChart}
      description={dashboardLabels.kaiserChartDescription}
      rows={data}
      columns={[
        { header: dashboardLabels.month, value: (r) => monthName(r.date) },
        { header: dashboardLabels.kaiserCount, value: (r) => r.count },
        { header: dashboardLabels.totalDuration, value: (r) => r.total_duration },
      ]}
    >
      {data && <DrawWhenReached load={ParadasKaiserDrawing.preload} draw={(box) => <ParadasKaiserDrawing data={data} box={box} />} />}
    </ChartCard>
  );
}
