import { dashboardLabels } from '@portal/contract/dashboard';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from './chart-card';

/**
 * A top-5 list as horizontal bars: names on the vertical axis stay readable on a 360 px phone,
 * where five names under the bars would overlap.
 */
export function TopUsersChart({
  title,
  description,
  data,
  seriesName,
  color,
}: {
  title: string;
  description: string;
  data: { name: string; count: number }[];
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
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 12, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
          <YAxis type="category" dataKey="name" width={110} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Bar dataKey="count" name={seriesName} fill={color} maxBarSize={28} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
