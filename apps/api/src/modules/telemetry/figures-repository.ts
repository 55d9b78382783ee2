import type { Db } from '../../db/index';

// What the figures read of weld telemetry (docs/decisions/081-weld-figures-and-retention.md): the
// passes and the per-minute rows of some arcos over a range.

/** Ended or running runs of some arcos overlapping [fromMs, toMs) (the figures). */
export const runsBetween = (db: Db, arcoIds: number[], fromMs: number, toMs: number) =>
  arcoIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('telemetry_runs')
        .selectAll()
        .where('arco_sumergido_id', 'in', arcoIds)
        .where('started_ms', '<', toMs)
        .where((eb) => eb.or([eb('ended_ms', 'is', null), eb('ended_ms', '>', fromMs)]))
        .execute();

/** Per-minute rows of some arcos in [fromMinute, toMinute). */
export const minutesBetween = (db: Db, arcoIds: number[], fromMinute: number, toMinute: number) =>
  arcoIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('telemetry_minutes')
        .select(['arco_sumergido_id', 'minute', 'arc_ms', 'length_mm', 'wire_m'])
        .where('arco_sumergido_id', 'in', arcoIds)
        .where('minute', '>=', fromMinute)
        .where('minute', '<', toMinute)
        .execute();
