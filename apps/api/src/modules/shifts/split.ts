import { overlapping, type TimedInstance, workedOverlapMs } from './calendar';

/** A finished stop as the statistics by shift read it. */
export interface StopInterval {
  arco_id: number;
  motivo_id: number | null;
  start_time: string;
  end_time: string;
  /** Its motivo is planned (docs/decisions/039-planned-motivos.md). */
  planned: number | boolean | null;
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

const add = <K>(map: Map<K, number>, key: K, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);

/**
 * Splits [startMs, endMs) at the boundaries of the worked shifts (ordered by start): `part` gets each
 * shift's part of it inside the shift and outside its breaks, in time order (a part of 0 ms is left
 * out). Answers the milliseconds left outside every worked shift (breaks included). The one split of
 * a stop over shifts: the analysis below and the stops CSV by shift (modules/exports) both read it.
 */
export function eachShiftPart(
  worked: TimedInstance[],
  startMs: number,
  endMs: number,
  part: (t: TimedInstance, ms: number) => void,
): number {
  let inside = 0;
  for (const t of overlapping(worked, startMs, endMs)) {
    const ms = workedOverlapMs(t, startMs, endMs);
    if (ms <= 0) continue;
    inside += ms;
    part(t, ms);
  }
  return Math.max(0, endMs - startMs - inside);
}

/**
 * Splits stops at the boundaries of the worked shifts (ordered by start): each shift takes the part of
 * a stop inside it and outside its breaks. A minute of an arco counts once where stops overlap (the
 * earlier one takes it, as `counted_minutes` does, docs/decisions/017-downtime-records.md).
 * `counts` picks the shifts whose parts are kept (one shift of a filter); the outside part is measured
 * against all of them.
 */
export function splitStops(stops: StopInterval[], worked: TimedInstance[], counts: (t: TimedInstance) => boolean = () => true): Split {
  const split: Split = { byArcoShift: new Map(), unplannedByMotivo: new Map(), plannedByMotivo: new Map(), outside: new Map() };
  const byArco = new Map<number, StopInterval[]>();
  for (const s of stops) {
    const list = byArco.get(s.arco_id) ?? [];
    list.push(s);
    byArco.set(s.arco_id, list);
  }
  for (const [arco, list] of byArco) {
    list.sort((a, b) => a.start_time.localeCompare(b.start_time));
    const shifts = new Map<number, { unplanned: number; planned: number }>();
    let coveredUntil = Number.NEGATIVE_INFINITY;
    for (const stop of list) {
      const end = Date.parse(stop.end_time);
      const start = Math.max(Date.parse(stop.start_time), coveredUntil);
      if (end <= start) continue;
      coveredUntil = end;
      const planned = Boolean(stop.planned);
      const outside = eachShiftPart(worked, start, end, (t, ms) => {
        if (!counts(t)) return;
        const figures = shifts.get(t.instance.shift_id) ?? { unplanned: 0, planned: 0 };
        if (planned) figures.planned += ms;
        else figures.unplanned += ms;
        shifts.set(t.instance.shift_id, figures);
        add(planned ? split.plannedByMotivo : split.unplannedByMotivo, stop.motivo_id ?? 0, ms);
      });
      if (outside > 0) add(split.outside, arco, outside);
    }
    split.byArcoShift.set(arco, shifts);
  }
  return split;
}
