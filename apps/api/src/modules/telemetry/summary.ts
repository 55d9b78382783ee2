import { type Excursion, heatInputKjMm, type Parameter } from '@portal/contract/telemetry';
import type { TelemetrySecondsTable } from '../../db/types-telemetry';
import type { SeamProcedure } from '../welds/service';

// The arithmetic of weld telemetry over per-second rows (docs/decisions/079-weld-telemetry.md): pure
// functions, so the figures and their hand calculations in the tests read the same rules.

type Second = Pick<TelemetrySecondsTable, 'second' | 'n' | 'arc_n'> & Omit<TelemetrySecondsTable, 'arco_sumergido_id' | 'run_id'>;
type Stats = { mean: number; min: number; max: number } | null;

/** Arc time of a second: its share of arc-on samples (a second without samples counts nothing). */
export const arcMsOf = (s: Pick<Second, 'n' | 'arc_n'>) => (s.n > 0 ? (s.arc_n * 1000) / s.n : 0);
/** Length welded in a second (mm): its mean arc-on travel speed (cm/min → mm/s) × its arc-on share. */
export const lengthMmOf = (s: Pick<Second, 'n' | 'v_sum'>) => (s.n > 0 ? ((s.v_sum / s.n) * 10) / 60 : 0);
/** Wire melted in a second (m): mean arc-on wire feed (m/min → m/s) × its arc-on share. */
export const wireMOf = (s: Pick<Second, 'n' | 'wf_sum'>) => (s.n > 0 ? s.wf_sum / s.n / 60 : 0);

function stats(rows: Second[], p: 'i' | 'u' | 'wf' | 'v' | 'temp'): Stats {
  const count = p === 'temp' ? rows.reduce((n, r) => n + r.temp_n, 0) : rows.reduce((n, r) => n + r.arc_n, 0);
  if (count === 0) return null;
  const sum = rows.reduce((n, r) => n + r[`${p}_sum`], 0);
  const mins = rows.map((r) => r[`${p}_min`]).filter((x): x is number => x !== null);
  const maxs = rows.map((r) => r[`${p}_max`]).filter((x): x is number => x !== null);
  return { mean: round(sum / count, 3), min: Math.min(...mins), max: Math.max(...maxs) };
}

export const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

export interface RunSummary {
  arc_ms: number;
  samples: number;
  current: Stats;
  voltage: Stats;
  wire_feed: Stats;
  speed: Stats;
  temperature: Stats;
  heat_input_kj_mm: number | null;
  length_mm: number;
  deposited_kg: number;
}

/**
 * A pass's summary from its seconds: arc time, mean/min/max of each parameter over the arc-on samples,
 * heat input Q = k × Ū × Ī × 60 / (1000 × v̄) with v̄ in mm/min (EN 1011-1), length and deposited wire.
 */
export function summarize(rows: Second[], k: number, wireKgPerM: number): RunSummary {
  const speed = stats(rows, 'v');
  const current = stats(rows, 'i');
  const voltage = stats(rows, 'u');
  const heat = speed && current && voltage ? round(heatInputKjMm(k, voltage.mean, current.mean, speed.mean * 10), 3) : null;
  return {
    arc_ms: Math.round(rows.reduce((n, r) => n + arcMsOf(r), 0)),
    samples: rows.reduce((n, r) => n + r.n, 0),
    current,
    voltage,
    wire_feed: stats(rows, 'wf'),
    speed,
    temperature: stats(rows, 'temp'),
    heat_input_kj_mm: heat,
    length_mm: round(
      rows.reduce((n, r) => n + lengthMmOf(r), 0),
      1,
    ),
    deposited_kg: round(rows.reduce((n, r) => n + wireMOf(r), 0) * wireKgPerM, 3),
  };
}

type Pass = SeamProcedure['passes'][number];

/** Each judged parameter's per-second mean and its range in the procedure's pass (speed in cm/min as sent). */
const judged: { parameter: Parameter; mean: (s: Second) => number | null; range: (p: Pass) => [number, number] }[] = [
  { parameter: 'current', mean: (s) => (s.arc_n ? s.i_sum / s.arc_n : null), range: (p) => [p.current_min, p.current_max] },
  { parameter: 'voltage', mean: (s) => (s.arc_n ? s.u_sum / s.arc_n : null), range: (p) => [p.voltage_min, p.voltage_max] },
  { parameter: 'speed', mean: (s) => (s.arc_n ? (s.v_sum / s.arc_n) * 10 : null), range: (p) => [p.speed_min, p.speed_max] },
  { parameter: 'temperature', mean: (s) => (s.temp_n ? s.temp_sum / s.temp_n : null), range: (p) => [p.preheat_min_c, p.interpass_max_c] },
];

/**
 * The excursions of a pass longer than `longerThanSeconds`: consecutive seconds with the arc burning
 * whose mean of a parameter lies on one side outside the pass's range (a second without arc, a missing
 * second or a second back in range ends one). Position: the length welded before it started.
 */
export function excursionsOf(rows: Second[], pass: Pass, longerThanSeconds: number): Excursion[] {
  const found: Excursion[] = [];
  const before = new Map<number, number>();
  let length = 0;
  for (const r of rows) {
    before.set(r.second, length);
    length += lengthMmOf(r);
  }
  for (const j of judged) {
    const [lo, hi] = j.range(pass);
    let open: { side: 'min' | 'max'; start: number; last: number; extreme: number } | null = null;
    const close = () => {
      if (open && open.last - open.start + 1 > longerThanSeconds) {
        found.push({
          parameter: j.parameter,
          side: open.side,
          limit: open.side === 'min' ? lo : hi,
          extreme: round(open.extreme, 2),
          started_at: new Date(open.start * 1000).toISOString(),
          seconds: open.last - open.start + 1,
          position_mm: round(before.get(open.start) ?? 0, 1),
        });
      }
      open = null;
    };
    for (const r of rows) {
      const x = j.mean(r);
      const side = x === null ? null : x < lo ? 'min' : x > hi ? 'max' : null;
      if (open && (side !== open.side || r.second !== open.last + 1)) close();
      if (side === null || x === null) continue;
      if (open) {
        open.last = r.second;
        open.extreme = side === 'min' ? Math.min(open.extreme, x) : Math.max(open.extreme, x);
      } else open = { side, start: r.second, last: r.second, extreme: x };
    }
    close();
  }
  return found.sort((a, b) => a.started_at.localeCompare(b.started_at));
}
