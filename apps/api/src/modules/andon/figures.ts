import type { AndonFigure, AndonFigures } from '@portal/contract/andon';
import type { ServiceContext } from '../../context';
import { motivoNames } from './common';
import * as repo from './repository';

// The andon's figures: how long a parada waited for its first call's answers.

/** Nearest-rank percentile of sorted numbers (p in 0..1). */
const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];

/** Median (the mean of the middle two for an even count) and p90 of waits in seconds, rounded. */
export function spread(values: number[]) {
  const sorted = values.filter((v) => v >= 0).sort((a, b) => a - b);
  if (sorted.length === 0) return { median_seconds: null, p90_seconds: null, count: 0 };
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median_seconds: Math.round(median), p90_seconds: Math.round(percentile(sorted, 0.9)), count: sorted.length };
}

const seconds = (from: string | null, to: string | null) => (from && to ? (Date.parse(to) - Date.parse(from)) / 1000 : null);
type TimesRow = Awaited<ReturnType<typeof repo.paradaCallTimes>>[number];

function figure(rows: TimesRow[], key: Pick<AndonFigure, 'arco_id' | 'arco_name' | 'motivo_id' | 'motivo_name'>): AndonFigure {
  const waits = (f: (r: TimesRow) => number | null) => rows.map(f).filter((v): v is number => v !== null);
  return {
    ...key,
    paradas: rows.length,
    acknowledge: spread(waits((r) => seconds(r.first_call, r.first_ack))),
    arrive: spread(waits((r) => seconds(r.first_call, r.first_arrival))),
    repair: spread(waits((r) => seconds(r.first_arrival, r.end_time))),
  };
}

/** The andon's figures of a month's ended paradas of a nave: per arco and per motivo. */
export async function andonFigures(ctx: ServiceContext, month: string, nave: string, noMotivoName: string): Promise<AndonFigures> {
  const [rows, names] = await Promise.all([
    repo.paradaCallTimes(ctx.db, { from: `${month}-01`, to: `${month}-31`, nave }),
    motivoNames(ctx),
  ]);
  const group = <K>(key: (r: TimesRow) => K) => {
    const groups = new Map<K, TimesRow[]>();
    for (const r of rows) {
      const group = groups.get(key(r));
      if (group) group.push(r);
      else groups.set(key(r), [r]);
    }
    return [...groups.values()];
  };
  const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });
  return {
    arcos: group((r) => r.arco_id)
      .map((rs) => figure(rs, { arco_id: rs[0].arco_id, arco_name: rs[0].arco_name, motivo_id: null, motivo_name: null }))
      .sort((a, b) => collator.compare(a.arco_name ?? '', b.arco_name ?? '')),
    motivos: group((r) => r.motivo_id)
      .map((rs) =>
        figure(rs, {
          arco_id: null,
          arco_name: null,
          motivo_id: rs[0].motivo_id,
          motivo_name: (rs[0].motivo_id === null ? undefined : names.get(rs[0].motivo_id)) ?? noMotivoName,
        }),
      )
      .sort((a, b) => b.paradas - a.paradas || collator.compare(a.motivo_name ?? '', b.motivo_name ?? '')),
  };
}

/** A parada's first call, first 'Voy', first 'En el arco', its end and its highest level. */
export type ParadaCallTimes = TimesRow;

/** The call times of some paradas, for the stops CSV's andon columns. */
export async function callTimesOf(ctx: ServiceContext, paradaIds: number[]): Promise<Map<number | null, ParadaCallTimes>> {
  const rows = await repo.paradaCallTimes(ctx.db, { from: '', to: '', paradaIds });
  return new Map(rows.map((r) => [r.parada_id, r]));
}
