import { dashboardLabels, type KaiserStopsMonth } from '@portal/contract/dashboard';
import { monthName, shortMonthName } from '@portal/contract/format';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from './chart-card';

/** Counts and minutes differ by orders of magnitude, so each line has its own axis. */
export function ParadasKaiserChart({ data }: { data: KaiserStopsMonth[] }) {
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
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 0, left: -12, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" tick={{ fontSize: 11 }} tickFormatter={shortMonthName} />
          <YAxis yAxisId="count" allowDecimals={false} tick={{ fontSize: 11 }} />
          <YAxis yAxisId="minutes" orientation="right" allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip labelFormatter={(label) => monthName(String(label))} />
          <Legend />
          <Line yAxisId="count" type="monotone" dataKey="count" name={dashboardLabels.kaiserCount} stroke="#dc3545" strokeWidth={2} />
          <Line
            yAxisId="minutes"
            type="monotone"
            dataKey="total_duration"
            name={dashboardLabels.totalDuration}
            stroke="#198754"
            strokeWidth={2}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
