import { dashboardLabels, type KaiserStopsMonth, type TramosMonth } from '@portal/contract/dashboard';
import { monthName, shortMonthName } from '@portal/contract/format';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { monthTicks, Y_AXIS_WIDTH } from './chart-ticks';
import type { ChartBox } from './draw-when-reached';

/**
 * The SVG of the statistics panel's four charts, in their own chunk (recharts is most of the panel's
 * JavaScript). Their cards, titles and figures for screen readers are drawn without it (stats-charts.tsx);
 * each is drawn at the size of its box, measured when its turn comes (draw-when-reached.tsx), and
 * none animates, so each is drawn in one go (docs/decisions/086-admin-charts-when-reached.md).
 * No axis measures its labels in the page: which month labels fit is counted (chart-ticks.ts) and the
 * other axes show every tick (`interval={0}`), where Recharts' default measured every label in the
 * chart's one long task (docs/decisions/105-first-screens-in-short-tasks.md).
 */

export function TramosDrawing({ data, box }: { data: TramosMonth[]; box: ChartBox }) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={box}>
      <LineChart data={data} margin={{ top: 8, right: 12, left: -12, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          dataKey="date"
          tick={{ fontSize: 11 }}
          tickFormatter={shortMonthName}
          ticks={monthTicks(
            data.map((d) => d.date),
            box.width - Y_AXIS_WIDTH,
          )}
          interval={0}
        />
        <YAxis allowDecimals={false} tick={{ fontSize: 11 }} interval={0} />
        <Tooltip labelFormatter={(label) => monthName(String(label))} />
        <Legend />
        <Line
          type="monotone"
          dataKey="count"
          name={dashboardLabels.tramoCount}
          stroke="#0d6efd"
          strokeWidth={2}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

/** Counts and minutes differ by orders of magnitude, so each line has its own axis. */
export function ParadasKaiserDrawing({ data, box }: { data: KaiserStopsMonth[]; box: ChartBox }) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={box}>
      <LineChart data={data} margin={{ top: 8, right: 0, left: -12, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          dataKey="date"
          tick={{ fontSize: 11 }}
          tickFormatter={shortMonthName}
          ticks={monthTicks(
            data.map((d) => d.date),
            box.width - 2 * Y_AXIS_WIDTH,
          )}
          interval={0}
        />
        <YAxis yAxisId="count" allowDecimals={false} tick={{ fontSize: 11 }} interval={0} />
        <YAxis yAxisId="minutes" orientation="right" allowDecimals={false} tick={{ fontSize: 11 }} interval={0} />
        <Tooltip labelFormatter={(label) => monthName(String(label))} />
        <Legend />
        <Line
          yAxisId="count"
          type="monotone"
          dataKey="count"
          name={dashboardLabels.kaiserCount}
          stroke="#dc3545"
          strokeWidth={2}
          isAnimationActive={false}
        />
        <Line
          yAxisId="minutes"
          type="monotone"
          dataKey="total_duration"
          name={dashboardLabels.totalDuration}
          stroke="#198754"
          strokeWidth={2}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

/**
 * A top-5 list as horizontal bars: names on the vertical axis stay readable on a 360 px phone,
 * where five names under the bars would overlap.
 */
export function TopUsersDrawing({
  data,
  box,
  seriesName,
  color,
}: {
  data: { name: string; count: number }[];
  box: ChartBox;
  seriesName: string;
  color: string;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={box}>
      <BarChart data={data} layout="vertical" margin={{ top: 8, right: 12, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} interval={0} />
        <YAxis type="category" dataKey="name" width={110} tick={{ fontSize: 11 }} interval={0} />
        <Tooltip />
        <Bar dataKey="count" name={seriesName} fill={color} maxBarSize={28} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
