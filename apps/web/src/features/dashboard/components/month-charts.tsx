import { dashboardLabels, type KaiserStopsMonth, type TramosMonth } from '@portal/contract/dashboard';
import { monthName } from '@portal/contract/format';
import { lazyComponent, type PreloadableComponent } from '@/lib/lazy-component';
import { ChartCard, type ChartTableColumn } from './chart-card';
import { type ChartBox, DrawWhenReached } from './draw-when-reached';

const TramosDrawing = lazyComponent<{ data: TramosMonth[]; box: ChartBox }>(() =>
  import('./chart-drawings').then((m) => ({ default: m.TramosDrawing })),
);
const ParadasKaiserDrawing = lazyComponent<{ data: KaiserStopsMonth[]; box: ChartBox }>(() =>
  import('./chart-drawings').then((m) => ({ default: m.ParadasKaiserDrawing })),
);

/** A chart by month: its card, whose table leads with the month, and its drawing (chart-drawings.tsx) once the card is reached. */
function MonthChart<R extends { date: string }>({
  chart,
  data,
  columns,
  Drawing,
}: {
  /** Its title's label; its description's is the same name with 'Description'. */
  chart: 'tramosChart' | 'kaiserChart';
  data?: R[];
  columns: ChartTableColumn<R>[];
  Drawing: PreloadableComponent<{ data: R[]; box: ChartBox }>;
}) {
  return (
    <ChartCard
      title={dashboardLabels[chart]}
      description={dashboardLabels[`${chart}Description`]}
      rows={data}
      columns={[{ header: dashboardLabels.month, value: (r) => monthName(r.date) }, ...columns]}
    >
      {data && <DrawWhenReached load={Drawing.preload} draw={(box) => <Drawing data={data} box={box} />} />}
    </ChartCard>
  );
}

export function TramosChart({ data }: { data?: TramosMonth[] }) {
  return (
    <MonthChart
      chart="tramosChart"
      data={data}
      columns={[{ header: dashboardLabels.tramoCount, value: (r) => r.count }]}
      Drawing={TramosDrawing}
    />
  );
}

const KAISER_COLUMNS: ChartTableColumn<KaiserStopsMonth>[] = [
  { header: dashboardLabels.kaiserCount, value: (r) => r.count },
  { header: dashboardLabels.totalDuration, value: (r) => r.total_duration },
];

export function ParadasKaiserChart({ data }: { data?: KaiserStopsMonth[] }) {
  return <MonthChart chart="kaiserChart" data={data} columns={KAISER_COLUMNS} Drawing={ParadasKaiserDrawing} />;
}
