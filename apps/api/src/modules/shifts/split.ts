import { instantMs } from '../../lib/time';
import { firstEndingAfter, type TimedInstance, workedOverlapMs } from './calendar';

/** A finished stop as the statistics by shift read it. */
export interface StopInterval {
  /** Of two stops of an arco starting at one instant, the lower id comes first; a stop without one, after both. */
  id?: number;
  arco_id: number;
  motivo_id: number | null;
  start_time: string;
  end_time: string;
}

export interface Split {
  /** Per arco, per shift: unplanned and planned stop milliseconds inside the shift, out of its breaks. */
  byArcoShift: Map<number, Map<number, { unplanned: number; planned: number }>>;
  /** Unplanned and planned milliseconds per motivo (0: none), of the shifts counted. */
  unplannedByMotivo: Map<number, number>;
  plannedByMotivo: Map<number, number>;
  /** Per arco, the stop milliseconds outside every worked shift (breaks included). */
  outside: Map<number, number>;
}

export interface SplitOptions {
  /** The shifts whose parts are kept (one shift of a filter; default all); the outside part is measured against all of them. */
  counts?: (t: TimedInstance) => boolean;
  /** The ids of the planned motivos (docs/decisions/039-planned-motivos.md); default none. */
  planned?: ReadonlySet<number>;
  /**
   * Where the outside part is counted (a month, [start, end) in epoch ms); default everywhere. A minute
   * inside a worked shift belongs to that shift's occurrence, counted or not; one outside every shift
   * belongs to the window it lies in, so months side by side count each minute once
   * (docs/decisions/056-shift-figures-across-a-month.md).
   */
  window?: { start: number; end: number };
}

const add = <K>(map: Map<K, number>, key: K, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);

/**
 * Splits [startMs, endMs) at the boundaries of the worked shifts (ordered by start): `part` gets each
 * shift's part of it inside the shift and outside its breaks, in time order (a part of 0 ms is left
 * out), with its index in `worked`. Answers the milliseconds left outside every worked shift (breaks included). The one split of
 * a stop over shifts: the analysis below and the stops CSV by shift (modules/exports) both read it;
 * `from` may start the walk at a known index (an instance ending after `startMs` or earlier).
 */
export function eachShiftPart(
  worked: TimedInstance[],
  startMs: number,
  endMs: number,
  part: (t: TimedInstance, ms: number, index: number) => void,
  from = firstEndingAfter(worked, startMs),
): number {
  let inside = 0;
  for (let i = from; i < worked.length && worked[i].start < endMs; i++) {
    const ms = workedOverlapMs(worked[i], startMs, endMs);
    if (ms <= 0) continue;
    inside += ms;
    part(worked[i], ms, i);
  }
  return Math.max(0, endMs - startMs - inside);
}

interface Parsed {
  start: number;
  end: number;
  id: number;
  motivo: number;
  planned: boolean;
}

const NONE: ReadonlySet<number> = new Set();
const noPart = () => {};

/**
 * Splits stops at the boundaries of the worked shifts (ordered by start): each shift takes the part of
 * a stop inside it and outside its breaks. A minute of an arco counts once where stops overlap (the
 * earlier one takes it, as `counted_minutes` does, docs/decisions/017-downtime-records.md). The stops
 * come in any order; each arco's are walked by start (then id) in one pass over the shifts, since a
 * stop's counted part never starts before the one before it.
 */
export function splitStops(stops: StopInterval[], worked: TimedInstance[], options: SplitOptions = {}): Split {
  const planned = options.planned ?? NONE;
  const window = options.window ?? { start: Number.NEGATIVE_INFINITY, end: Number.POSITIVE_INFINITY };
  const counted = worked.map((t) => options.counts?.(t) ?? true);
  const split: Split = { byArcoShift: new Map(), unplannedByMotivo: new Map(), plannedByMotivo: new Map(), outside: new Map() };
  const byArco = new Map<number, Parsed[]>();
  for (const s of stops) {
    const motivo = s.motivo_id ?? 0;
    const parsed = {
      start: instantMs(s.start_time),
      end: instantMs(s.end_time),
      id: s.id ?? Number.MAX_SAFE_INTEGER,
      motivo,
      planned: planned.has(motivo),
    };
    const list = byArco.get(s.arco_id);
    if (list) list.push(parsed);
    else byArco.set(s.arco_id, [parsed]);
  }
  for (const [arco, list] of byArco) {
    list.sort((a, b) => a.start - b.start || a.id - b.id);
    const shifts = new Map<number, { unplanned: number; planned: number }>();
    let coveredUntil = Number.NEGATIVE_INFINITY;
    let from = 0;
    let outside = 0;
    for (const stop of list) {
      const end = stop.end;
      const start = Math.max(stop.start, coveredUntil);
      if (end <= start) continue;
      coveredUntil = end;
      while (from < worked.length && worked[from].end <= start) from++;
      let kept = 0;
      const left = eachShiftPart(
        worked,
        start,
        end,
        (t, ms, index) => {
          if (!counted[index]) return;
          kept += ms;
          const figures = shifts.get(t.instance.shift_id);
          if (!figures) shifts.set(t.instance.shift_id, stop.planned ? { unplanned: 0, planned: ms } : { unplanned: ms, planned: 0 });
          else if (stop.planned) figures.planned += ms;
          else figures.unplanned += ms;
        },
        from,
      );
      // A stop over the window's edge: only its outside minutes within the window (rare: a month's turn).
      if (start >= window.start && end <= window.end) outside += left;
      else if (left > 0) {
        const a = Math.max(start, window.start);
        const b = Math.min(end, window.end);
        if (a < b) outside += eachShiftPart(worked, a, b, noPart, from);
      }
      if (kept > 0) add(stop.planned ? split.plannedByMotivo : split.unplannedByMotivo, stop.motivo, kept);
    }
    if (outside > 0) split.outside.set(arco, outside);
    split.byArcoShift.set(arco, shifts);
  }
  return split;
}
