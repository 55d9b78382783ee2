import type { Generated } from 'kysely';

// Weld telemetry's tables (migration 2026-11-28T10-telemetry, docs/decisions/079-weld-telemetry.md), all
// owned by modules/telemetry. Times are epoch milliseconds (`second` and `minute` in epoch seconds and
// minutes); bigint columns are read as numbers (db/index.ts).

export interface TelemetrySamplesTable {
  arco_sumergido_id: number;
  t: number;
  arc: number;
  i: number;
  u: number;
  wf: number;
  v: number;
  temp: number | null;
}

interface Sums {
  i_sum: number;
  i_min: number | null;
  i_max: number | null;
  u_sum: number;
  u_min: number | null;
  u_max: number | null;
  wf_sum: number;
  wf_min: number | null;
  wf_max: number | null;
  v_sum: number;
  v_min: number | null;
  v_max: number | null;
  temp_sum: number;
  temp_min: number | null;
  temp_max: number | null;
  temp_n: number;
}

/** Per arco and second: n samples, arc_n of them arc-on; the sums, minima and maxima are of the arc-on samples. */
export interface TelemetrySecondsTable extends Sums {
  arco_sumergido_id: number;
  second: number;
  run_id: number | null;
  n: number;
  arc_n: number;
}

export interface TelemetryMinutesTable {
  arco_sumergido_id: number;
  minute: number;
  n: number;
  arc_ms: number;
  length_mm: number;
  wire_m: number;
  i_mean: number | null;
  u_mean: number | null;
}

export interface TelemetryRunsTable {
  id: Generated<number>;
  arco_sumergido_id: number;
  tramo_id: number | null;
  pass_type: string | null;
  operator_id: number | null;
  operator_name: string | null;
  state: string;
  origin: string;
  started_ms: number;
  ended_ms: number | null;
  revision_id: number | null;
  process: number | null;
  efficiency: number;
  nominal_speed: number | null;
  /** JSON of the pass's statistics (contract weldRun's current … temperature, heat input, deposited kg). */
  summary: string | null;
  /** JSON of its excursions (contract excursion[]). */
  excursions: string | null;
  arc_ms: Generated<number>;
  length_mm: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface TelemetryJudgementsTable {
  tramo_id: number;
  judgement: string;
  marked_at: string;
  decision: string | null;
  decision_reason: string | null;
  decided_by: number | null;
  decided_by_name: string | null;
  decided_at: string | null;
}

export interface TelemetryTables {
  telemetry_samples: TelemetrySamplesTable;
  telemetry_seconds: TelemetrySecondsTable;
  telemetry_minutes: TelemetryMinutesTable;
  telemetry_runs: TelemetryRunsTable;
  telemetry_judgements: TelemetryJudgementsTable;
}
