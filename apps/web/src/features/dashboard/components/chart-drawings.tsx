import { dashboardLabels, type KaiserStopsMonth, type TramosMonth } from '@portal/contract/dashboard';
import { monthName, shortMonthName } from '@portal/contract/format';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartBox } from './draw-when-reached';

/**
 * The SVG of the statistics panel's four charts, in their own chunk (recharts is most of the panel's
 * JavaScript). Their cards, titles and figures for screen readers are drawn without it (stats-charts.tsx);
 * each is drawn at the size of its box, measured when its turn comes (draw-when-reached.tsx), and
 * none animates, so each is drawn in one go (docs/decisions/086-admin-charts-when-reached.md).
 */

/** The month charts' grid, month axis, tooltip and legend, around their value axes (`yAxes`). */
function monthFrame(yAxes: ReactNode) {
  return (
    <>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="date" tick={{ fontSize: 11 }} tickFormatter={shortMonthName} />
      {yAxes}
      <Tooltip labelFormatter={(label) => monthName(String(label))} />
      <Legend />
    </>
  );
}

/** One month series, drawn in one go. */
function monthLine(line: { yAxisId?: string; dataKey: string; name: string; stroke: string }) {
  return <Line key={line.dataKey} type="monotone" strokeWidth={2} isAnimationActive={false} {...line} />;
}

export function TramosDrawing({ data, box }: { data: TramosMonth[]; box: ChartBox }) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={box}>
      <LineChart data={data} margin={{ top: 8, right: 12, left: -12, bottom: 0 }}>
        {monthFrame(<YAxis allowDecimals={false} tick={{ fontSize: 11 }} />)}
        {monthLine({ dataKey: 'count', name: dashboardLabels.tramoCount, stroke: '#0d6efd' })}
      </LineChart>
    </ResponsiveContainer>
  );
}

/** Counts and minutes differ by orders of magnitude, so each line has its own axis. */
export function ParadasKaiserDrawing({ data, box }: { data: KaiserStopsMonth[]; box: ChartBox }) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={box}>
      <LineChart data={data} margin={{ top: 8, right: 0, left: -12, bottom: 0 }}>
        {monthFrame(
          <>
            <YAxis yAxisId="count" allowDecimals={false} tick={{ fontSize: 11 }} />
            <YAxis yAxisId="minutes" orientation="right" allowDecimals={false} tick={{ fontSize: 11 }} />
          </>,
        )}
        {monthLine({ yAxisId: 'count', dataKey: 'count', name: dashboardLabels.kaiserCount, stroke: '#dc3545' })}
        {monthLine({ yAxisId: 'minutes', dataKey: 'total_duration', name: dashboardLabels.totalDuration, stroke: '#198754' })}
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
        <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
        <YAxis type="category" dataKey="name" width={110} tick={{ fontSize: 11 }} />
        <Tooltip />
        <Bar dataKey="count" name={seriesName} fill={color} maxBarSize={28} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
