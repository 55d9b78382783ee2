import { dashboardLabels, type TramosMonth } from '@portal/contract/dashboard';
import { monthName, shortMonthName } from '@portal/contract/format';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from './chart-card';

export function TramosChart({ data }: { data: TramosMonth[] }) {
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
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 12, left: -12, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" tick={{ fontSize: 11 }} tickFormatter={shortMonthName} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip labelFormatter={(label) => monthName(String(label))} />
          <Legend />
          <Line type="monotone" dataKey="count" name={dashboardLabels.tramoCount} stroke="#0d6efd" strokeWidth={2} />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
