import { dashboardLabels, type KaiserStopsMonth, type TramosMonth } from '@portal/contract/dashboard';
import { monthName, shortMonthName } from '@portal/contract/format';
import { memo, type ReactNode, startTransition, useEffect, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  type CartesianGridProps,
  Line,
  LineChart,
  Text,
  Tooltip,
  XAxis,
  type XAxisTickContentProps,
  YAxis,
  type YAxisTickContentProps,
} from 'recharts';
import { monthLabelWidth, monthTicks, Y_AXIS_WIDTH } from './chart-ticks';
import type { ChartBox } from './draw-when-reached';

/**
 * The SVG of the statistics panel's four charts, in their own chunk (recharts is most of the panel's
 * JavaScript). Their cards, titles and figures for screen readers are drawn without it (stats-charts.tsx);
 * each is drawn at the size of its box, measured when its turn comes (draw-when-reached.tsx), and
 * none animates (docs/decisions/086-admin-charts-when-reached.md).
 * No axis measures its labels in the page: which month labels fit is counted (chart-ticks.ts) and the
 * other axes show every tick (`interval={0}`), where Recharts' default measured every label in the
 * chart's one long task; the line charts' legend is plain HTML below the SVG, where Recharts' own
 * measured its size and drew the whole chart once more (docs/decisions/105-first-screens-in-short-tasks.md).
 * Each chart is drawn at its measured box without ResponsiveContainer, the tooltip only once wanted
 * (docs/decisions/116-admin-chart-drawn-once.md), a month chart part by part, a task each
 * (docs/decisions/120-admin-month-chart-in-stages.md).
 */

/**
 * A month's label under the axis, as Recharts draws one (11 px, grey, below its tick), the short
 * month's name; the last one moved left so it ends within `room` pixels of its tick (the chart's
 * margin or the axis beyond it), as Recharts' 'preserveEnd' moved it after measuring it.
 */
function monthTick(last: string | undefined, room: number) {
  const shift = last ? Math.max(0, monthLabelWidth(last) / 2 - room) : 0;
  return ({ x, y, payload }: XAxisTickContentProps) => (
    <text x={x} y={y} dy="0.71em" dx={payload.value === last ? -shift : 0} textAnchor="middle" fontSize={11} fill="#666">
      {shortMonthName(String(payload.value))}
    </text>
  );
}

/**
 * A value axis' label (a number), the same `Text` Recharts draws (11 px), without the axis' width: given one,
 * `Text` measured every label in the page to wrap it, and a number is one word that never wraps
 * (docs/decisions/116-admin-chart-drawn-once.md).
 */
function numberTick({ payload, width: _width, ...props }: XAxisTickContentProps | YAxisTickContentProps) {
  return (
    <Text {...props} fontSize={11}>
      {String(payload.value)}
    </Text>
  );
}

/**
 * The grid's vertical lines: at the months whose label shows and at the plot's two edges, where
 * Recharts' own generator put them after measuring every month's label once more.
 */
function monthGrid(ticks: string[]): NonNullable<CartesianGridProps['verticalCoordinatesGenerator']> {
  return ({ xAxis, offset }) => {
    const xs = ticks.map((m) => xAxis?.scale?.map(m)).filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
    return [...new Set([...xs, offset.left, offset.left + offset.width])];
  };
}

/**
 * Whether a chart's tooltip is drawn: only once a pointer has come over the chart or it has had the
 * focus (Recharts' keyboard layer), so its first render does without the tooltip's part; the chart
 * follows the pointer by itself and shows the tooltip from the next move on
 * (docs/decisions/116-admin-chart-drawn-once.md).
 */
function useTooltipOnDemand() {
  const [wanted, setWanted] = useState(false);
  const want = wanted ? undefined : () => setWanted(true);
  return { wanted, on: { onPointerEnter: want, onFocus: want, onTouchStart: want } };
}

/** The legend's line below a line chart (16 px text, its line height). */
const LEGEND_HEIGHT = 24;

/** A line chart in the upper part of its box and, below it, each line's colour and name, as Recharts' legend drew them. */
function WithLegend({
  box,
  series,
  children,
}: {
  box: ChartBox;
  series: { name: string; color: string }[];
  children: (chart: ChartBox) => ReactNode;
}) {
  const chart = { width: box.width, height: box.height - LEGEND_HEIGHT };
  return (
    <div className="h-100">
      <div style={{ height: chart.height }}>{children(chart)}</div>
      <ul className="list-inline text-center mb-0" style={{ height: LEGEND_HEIGHT }}>
        {series.map((s) => (
          <li key={s.name} className="list-inline-item" style={{ color: s.color }}>
            <svg width="14" height="14" viewBox="0 0 32 32" className="me-1" aria-hidden="true" style={{ verticalAlign: 'middle' }}>
              <path
                strokeWidth="4"
                fill="none"
                stroke={s.color}
                d="M0,16h10.67A5.33,5.33,0,1,1,21.33,16H32M21.33,16A5.33,5.33,0,1,1,10.67,16"
              />
            </svg>
            {s.name}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A chart's parts added stage by stage, `count` stages from 1: each stage's commit sets off Recharts'
 * store renders (notified in the next animation frame), so the next stage is asked for only after
 * that frame, in a task and a transition of its own: a month chart's two stages of 116 (grid and axes,
 * then lines, up to 230 and 350 ms under the throttle) became six or eight shorter tasks, the
 * largest about 225 ms on a loaded machine (docs/decisions/120-admin-month-chart-in-stages.md).
 */
function useStages(count: number): number {
  const [stage, setStage] = useState(1);
  useEffect(() => {
    if (stage >= count) return;
    let later: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      later = setTimeout(() => startTransition(() => setStage((now) => now + 1)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(later);
    };
  }, [stage, count]);
  return stage;
}

/** A month series: its value axis, colour and name. */
interface MonthSeries {
  yAxisId?: string;
  dataKey: string;
  name: string;
  color: string;
}

/**
 * A month line chart: the grid at the months whose label shows, the month axis, the value axes
 * (`yAxes`), the tooltip, each series' line and dots, and the legend below.
 */
function MonthLineChart<T extends { date: string }>({
  data,
  box,
  series,
  yAxes,
  right,
  room,
}: {
  data: T[];
  box: ChartBox;
  series: MonthSeries[];
  yAxes: ReactNode;
  /** The chart's right margin. */
  right: number;
  /** The value axes' width beside the plot, and the room the last month's label has past its tick. */
  room: { axes: number; lastLabel: number };
}) {
  const ticks = monthTicks(
    data.map((d) => d.date),
    box.width - room.axes,
  );
  const tooltip = useTooltipOnDemand();
  // The chart's parts in stages (useStages): 1 the chart alone, 2 its month axis, 3 its value axes,
  // then each line and after it its dots, and last the grid, drawn once at the lines' final scale;
  // hidden until the last.
  const stages = 4 + 2 * series.length;
  const stage = useStages(stages);
  return (
    <WithLegend box={box} series={series}>
      {(chart) => (
        <div className="h-100" style={stage < stages ? { visibility: 'hidden' } : undefined} {...tooltip.on}>
          <LineChart width={chart.width} height={chart.height} data={data} margin={{ top: 8, right, left: -12, bottom: 0 }}>
            {stage >= stages && <CartesianGrid strokeDasharray="3 3" verticalCoordinatesGenerator={monthGrid(ticks)} />}
            {stage >= 2 && <XAxis dataKey="date" tick={monthTick(data.at(-1)?.date, room.lastLabel)} ticks={ticks} interval={0} />}
            {stage >= 3 && yAxes}
            {tooltip.wanted && <Tooltip labelFormatter={(label) => monthName(String(label))} />}
            {series.slice(0, Math.max(0, Math.ceil((stage - 3) / 2))).map(({ color, ...line }, i) => {
              const dots = stage >= 5 + 2 * i;
              return (
                <Line
                  key={line.dataKey}
                  type="monotone"
                  stroke={color}
                  strokeWidth={2}
                  isAnimationActive={false}
                  dot={dots}
                  activeDot={dots}
                  {...line}
                />
              );
            })}
          </LineChart>
        </div>
      )}
    </WithLegend>
  );
}

/**
 * Each drawing is memoised: the page's later renders (a query refetched with the same figures, which
 * keeps its data's reference) do not draw it again (docs/decisions/116-admin-chart-drawn-once.md).
 */
export const TramosDrawing = memo(function TramosDrawing({ data, box }: { data: TramosMonth[]; box: ChartBox }) {
  return (
    <MonthLineChart
      data={data}
      box={box}
      series={[{ dataKey: 'count', name: dashboardLabels.tramoCount, color: '#0d6efd' }]}
      yAxes={<YAxis allowDecimals={false} tick={numberTick} interval={0} />}
      right={12}
      room={{ axes: Y_AXIS_WIDTH, lastLabel: 12 }}
    />
  );
});

/** Counts and minutes differ by orders of magnitude, so each line has its own axis. */
export const ParadasKaiserDrawing = memo(function ParadasKaiserDrawing({ data, box }: { data: KaiserStopsMonth[]; box: ChartBox }) {
  return (
    <MonthLineChart
      data={data}
      box={box}
      series={[
        { yAxisId: 'count', dataKey: 'count', name: dashboardLabels.kaiserCount, color: '#dc3545' },
        { yAxisId: 'minutes', dataKey: 'total_duration', name: dashboardLabels.totalDuration, color: '#198754' },
      ]}
      yAxes={
        <>
          <YAxis yAxisId="count" allowDecimals={false} tick={numberTick} interval={0} />
          <YAxis yAxisId="minutes" orientation="right" allowDecimals={false} tick={numberTick} interval={0} />
        </>
      }
      right={0}
      room={{ axes: 2 * Y_AXIS_WIDTH, lastLabel: Y_AXIS_WIDTH }}
    />
  );
});

/**
 * A top-5 list as horizontal bars: names on the vertical axis stay readable on a 360 px phone,
 * where five names under the bars would overlap.
 */
export const TopUsersDrawing = memo(function TopUsersDrawing({
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
  const tooltip = useTooltipOnDemand();
  return (
    <div className="h-100" {...tooltip.on}>
      <BarChart width={box.width} height={box.height} data={data} layout="vertical" margin={{ top: 8, right: 12, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis type="number" allowDecimals={false} tick={numberTick} interval={0} />
        <YAxis type="category" dataKey="name" width={110} tick={{ fontSize: 11 }} interval={0} />
        {tooltip.wanted && <Tooltip />}
        <Bar dataKey="count" name={seriesName} fill={color} maxBarSize={28} isAnimationActive={false} />
      </BarChart>
    </div>
  );
});
