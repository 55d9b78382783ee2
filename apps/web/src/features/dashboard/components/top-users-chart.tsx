import { dashboardLabels } from '@portal/contract/dashboard';
import { lazyComponent } from '@/lib/lazy-component';
import { ChartCard } from './chart-card';
import { type ChartBox, DrawWhenReached } from './draw-when-reached';

const TopUsersDrawing = lazyComponent<{ data: { name: string; count: number }[]; box: ChartBox; seriesName: string; color: string }>(() =>
  import('./chart-drawings').then((m) => ({ default: m.TopUsersDrawing })),
);

/** A top-5 list as horizontal bars (chart-drawings.tsx). */
export function TopUsersChart({
  title,
  description,
  data,
  seriesName,
  color,
}: {
  title: string;
  description: string;
  data?: { name: string; count: number }[];
  seriesName: string;
  color: string;
}) {
  return (
    <ChartCard
      title={title}
      description={description}
      rows={data}
      columns={[
        { header: dashboardLabels.user, value: (r) => r.name },
        { header: seriesName, value: (r) => r.count },
      ]}
      empty={dashboardLabels.noData}
    >
      {data && (
        <DrawWhenReached
          load={TopUsersDrawing.preload}
          draw={(box) => <TopUsersDrawing data={data} box={box} seriesName={seriesName} color={color} />}
        />
      )}
    </ChartCard>
  );
}
