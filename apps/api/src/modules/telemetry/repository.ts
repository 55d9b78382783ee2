import type { Sample } from '@portal/contract/telemetry';
import { type Insertable, type SqlBool, sql, type Transaction, type Updateable } from 'kysely';
import type { Db, DbEngine } from '../../db/index';
import type { Database } from '../../db/types';
import type { TelemetryRunsTable, TelemetrySecondsTable } from '../../db/types-telemetry';

// Weld telemetry's tables (docs/decisions/079-weld-telemetry.md): telemetry_samples, telemetry_seconds,
// telemetry_minutes, telemetry_runs and telemetry_judgements. Here the writes and what the ingest, the
// passes, the judgement and the retention read; the figures' reads are in figures-repository.ts, the
// other screens' in views-repository.ts.

type Executor = Db | Transaction<Database>;

/** Ranges per grouped read: 3 values each. */
const RANGES = 200;

/** An arco's span of seconds (epoch s, both ends in) whose derived rows are recomputed. */
export interface SecondRange {
  arcoId: number;
  from: number;
  to: number;
}

/**
 * Inserts the arcos' samples; one already stored for the arco at that device time (or given twice) is
 * left as it was. Answers the keys `arco:t` of those that were new.
 */
export async function insertSamples(
  db: Executor,
  engine: DbEngine,
  batches: { arcoId: number; samples: Sample[] }[],
): Promise<Set<string>> {
  // In key order: two instances writing the same samples take their row locks in the same order.
  const rows = batches
    .flatMap(({ arcoId, samples }) =>
      samples.map((s) => ({ arco_sumergido_id: arcoId, t: s.t, arc: s.arc ? 1 : 0, i: s.i, u: s.u, wf: s.wf, v: s.v, temp: s.temp })),
    )
    .sort((a, b) => a.arco_sumergido_id - b.arco_sumergido_id || a.t - b.t);
  if (!rows.length) return new Set();
  // One statement over the rows as one value (a JSON array on SQLite, an array per column on
  // PostgreSQL): building and binding 500-row INSERTs of eight values each was about a third of a
  // burst's CPU (docs/decisions/108-telemetry-bursts-on-sqlite.md). On SQLite, `where true` lets the
  // ON CONFLICT after a SELECT be read as the upsert's.
  const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((r) => r[key]);
  const { rows: inserted } =
    engine === 'sqlite'
      ? await sql<{ arco_sumergido_id: number; t: number }>`
      insert into telemetry_samples (arco_sumergido_id, t, arc, i, u, wf, v, temp)
      select value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7
      from json_each(${JSON.stringify(rows.map((r) => [r.arco_sumergido_id, r.t, r.arc, r.i, r.u, r.wf, r.v, r.temp]))}) where true
      on conflict (arco_sumergido_id, t) do nothing
      returning arco_sumergido_id, t`.execute(db)
      : await sql<{ arco_sumergido_id: number; t: number }>`
      insert into telemetry_samples (arco_sumergido_id, t, arc, i, u, wf, v, temp)
      select * from unnest(${column('arco_sumergido_id')}::integer[], ${column('t')}::bigint[], ${column('arc')}::smallint[],
        ${column('i')}::double precision[], ${column('u')}::double precision[], ${column('wf')}::double precision[],
        ${column('v')}::double precision[], ${column('temp')}::double precision[])
      on conflict (arco_sumergido_id, t) do nothing
      returning arco_sumergido_id, t`.execute(db);
  return new Set(inserted.map((r) => `${r.arco_sumergido_id}:${Number(r.t)}`));
}

/** `(arco = ? and col >= ? and col < ?) or …` over the ranges, `scale` turning seconds into the column's unit. */
function inRanges(ranges: SecondRange[], col: 't' | 'second', scale: number) {
  return sql<SqlBool>`(${sql.join(
    ranges.map(
      (r) => sql`(arco_sumergido_id = ${r.arcoId} and ${sql.ref(col)} >= ${r.from * scale} and ${sql.ref(col)} < ${(r.to + 1) * scale})`,
    ),
    sql` or `,
  )})`;
}

/** The per-second aggregates of the arcos' raw samples in the ranges. */
export async function aggregateSeconds(db: Executor, ranges: SecondRange[]) {
  const on = (col: string) => sql<number | null>`case when arc = 1 then ${sql.ref(col)} end`;
  const out = [];
  for (let k = 0; k < ranges.length; k += RANGES) {
    const rows = await db
      .selectFrom('telemetry_samples')
      .select((eb) => [
        'arco_sumergido_id',
        sql<number>`t / 1000`.as('second'),
        eb.fn.countAll<number>().as('n'),
        sql<number>`sum(arc)`.as('arc_n'),
        sql<number>`coalesce(sum(${on('i')}), 0)`.as('i_sum'),
        sql<number | null>`min(${on('i')})`.as('i_min'),
        sql<number | null>`max(${on('i')})`.as('i_max'),
        sql<number>`coalesce(sum(${on('u')}), 0)`.as('u_sum'),
        sql<number | null>`min(${on('u')})`.as('u_min'),
        sql<number | null>`max(${on('u')})`.as('u_max'),
        sql<number>`coalesce(sum(${on('wf')}), 0)`.as('wf_sum'),
        sql<number | null>`min(${on('wf')})`.as('wf_min'),
        sql<number | null>`max(${on('wf')})`.as('wf_max'),
        sql<number>`coalesce(sum(${on('v')}), 0)`.as('v_sum'),
        sql<number | null>`min(${on('v')})`.as('v_min'),
        sql<number | null>`max(${on('v')})`.as('v_max'),
        sql<number>`coalesce(sum(${on('temp')}), 0)`.as('temp_sum'),
        sql<number | null>`min(${on('temp')})`.as('temp_min'),
        sql<number | null>`max(${on('temp')})`.as('temp_max'),
        sql<number>`count(${on('temp')})`.as('temp_n'),
      ])
      .where(inRanges(ranges.slice(k, k + RANGES), 't', 1000))
      .groupBy(['arco_sumergido_id', sql`t / 1000`])
      .execute();
    out.push(...rows);
  }
  return out;
}

const SECOND_COLUMNS = [
  'run_id',
  'n',
  'arc_n',
  ...['i', 'u', 'wf', 'v', 'temp'].flatMap((p) => [`${p}_sum`, `${p}_min`, `${p}_max`]),
  'temp_n',
] as const;

/** Writes per-second rows (a second already written is replaced), in key order. */
export async function upsertSeconds(db: Executor, unordered: Insertable<TelemetrySecondsTable>[]) {
  const rows = [...unordered].sort((a, b) => a.arco_sumergido_id - b.arco_sumergido_id || a.second - b.second);
  for (let k = 0; k < rows.length; k += 100) {
    await db
      .insertInto('telemetry_seconds')
      .values(rows.slice(k, k + 100))
      .onConflict((oc) =>
        oc
          .columns(['arco_sumergido_id', 'second'])
          .doUpdateSet(() => Object.fromEntries(SECOND_COLUMNS.map((c) => [c, sql.ref(`excluded.${c}`)]))),
      )
      .execute();
  }
}

/** Recomputes the arcos' per-minute rows of the minutes the ranges touch, from their seconds. */
export async function rebuildMinutes(db: Executor, ranges: SecondRange[]) {
  // Whole minutes: a range's first and last minutes are read from their first to their last second.
  const minutes = ranges.map((r) => ({ arcoId: r.arcoId, from: Math.floor(r.from / 60) * 60, to: Math.floor(r.to / 60) * 60 + 59 }));
  for (let k = 0; k < minutes.length; k += RANGES) {
    const rows = await db
      .selectFrom('telemetry_seconds')
      .select([
        'arco_sumergido_id',
        sql<number>`second / 60`.as('minute'),
        sql<number>`sum(n)`.as('n'),
        sql<number>`sum(arc_n * 1000.0 / n)`.as('arc_ms'),
        // Σ over seconds of the mean speed (cm/min → mm/s) × the arc-on share of the second.
        sql<number>`sum(v_sum * 1.0 / n) * 10.0 / 60.0`.as('length_mm'),
        sql<number>`sum(wf_sum * 1.0 / n) / 60.0`.as('wire_m'),
        sql<number | null>`sum(i_sum) / nullif(sum(arc_n), 0)`.as('i_mean'),
        sql<number | null>`sum(u_sum) / nullif(sum(arc_n), 0)`.as('u_mean'),
      ])
      .where(inRanges(minutes.slice(k, k + RANGES), 'second', 1))
      .groupBy(['arco_sumergido_id', sql`second / 60`])
      .execute();
    if (!rows.length) continue;
    await db
      .insertInto('telemetry_minutes')
      .values(
        rows
          .map((r) => ({ ...r, minute: Number(r.minute), arc_ms: Math.round(Number(r.arc_ms)) }))
          .sort((a, b) => a.arco_sumergido_id - b.arco_sumergido_id || a.minute - b.minute),
      )
      .onConflict((oc) =>
        oc.columns(['arco_sumergido_id', 'minute']).doUpdateSet((eb) => ({
          n: eb.ref('excluded.n'),
          arc_ms: eb.ref('excluded.arc_ms'),
          length_mm: eb.ref('excluded.length_mm'),
          wire_m: eb.ref('excluded.wire_m'),
          i_mean: eb.ref('excluded.i_mean'),
          u_mean: eb.ref('excluded.u_mean'),
        })),
      )
      .execute();
  }
}

export const runSeconds = (db: Executor, runId: number) =>
  db.selectFrom('telemetry_seconds').selectAll().where('run_id', '=', runId).orderBy('second').execute();

/** A run's seconds in a window (the live judgement). */
export const runSecondsBetween = (db: Executor, runId: number, fromSecond: number, toSecond: number) =>
  db
    .selectFrom('telemetry_seconds')
    .selectAll()
    .where('run_id', '=', runId)
    .where('second', '>=', fromSecond)
    .where('second', '<=', toSecond)
    .orderBy('second')
    .execute();

/** Gives the arco's seconds in [fromSecond, toSecond] to a run (or none). */
export const assignSeconds = (db: Executor, arcoId: number, fromSecond: number, toSecond: number, runId: number | null) =>
  db
    .updateTable('telemetry_seconds')
    .set({ run_id: runId })
    .where('arco_sumergido_id', '=', arcoId)
    .where('second', '>=', fromSecond)
    .where('second', '<=', toSecond)
    .execute();

// ---- Runs ----

export const findRun = (db: Executor, id: number) => db.selectFrom('telemetry_runs').selectAll().where('id', '=', id).executeTakeFirst();

/** The arco's run not yet ended (pending or open), if any. */
export const openRun = (db: Executor, arcoId: number) =>
  db.selectFrom('telemetry_runs').selectAll().where('arco_sumergido_id', '=', arcoId).where('state', '<>', 'cerrada').executeTakeFirst();

/** The arcos' runs overlapping each one's span [fromMs, toMs], by started_ms. */
export async function runsOverlapping(db: Executor, spans: { arcoId: number; fromMs: number; toMs: number }[]) {
  const out = [];
  for (let k = 0; k < spans.length; k += RANGES) {
    const rows = await db
      .selectFrom('telemetry_runs')
      .selectAll()
      .where(({ eb, or, and }) =>
        or(
          spans
            .slice(k, k + RANGES)
            .map((s) =>
              and([
                eb('arco_sumergido_id', '=', s.arcoId),
                eb('started_ms', '<=', s.toMs),
                or([eb('ended_ms', 'is', null), eb('ended_ms', '>=', s.fromMs)]),
              ]),
            ),
        ),
      )
      .orderBy('started_ms')
      .execute();
    out.push(...rows);
  }
  return out;
}

/** The arcos' runs not yet ended (pending or open). */
export const openRuns = (db: Executor, arcoIds: number[]) =>
  db.selectFrom('telemetry_runs').selectAll().where('arco_sumergido_id', 'in', arcoIds).where('state', '<>', 'cerrada').execute();

/** When each arco's last ended run ended (missing when none). */
export async function lastEnded(db: Executor, arcoIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('telemetry_runs')
    .select((eb) => ['arco_sumergido_id', eb.fn.max('ended_ms').as('ended')])
    .where('arco_sumergido_id', 'in', arcoIds)
    .groupBy('arco_sumergido_id')
    .execute();
  return new Map(rows.map((r) => [r.arco_sumergido_id, Number(r.ended ?? 0)]));
}

export const insertRun = (db: Executor, values: Insertable<TelemetryRunsTable>) =>
  db.insertInto('telemetry_runs').values(values).returning('id').executeTakeFirstOrThrow();

export const updateRun = (db: Executor, id: number, values: Updateable<TelemetryRunsTable>) =>
  db.updateTable('telemetry_runs').set(values).where('id', '=', id).execute();

export const runsOfTramo = (db: Executor, tramoId: number) =>
  db.selectFrom('telemetry_runs').selectAll().where('tramo_id', '=', tramoId).orderBy('started_ms').execute();

// ---- Judgements ----

export const findJudgement = (db: Executor, tramoId: number) =>
  db.selectFrom('telemetry_judgements').selectAll().where('tramo_id', '=', tramoId).executeTakeFirst();

/** Marks a circular out of procedure; answers true when it was not marked before. */
export async function markOutOfProcedure(db: Executor, tramoId: number, at: string): Promise<boolean> {
  const result = await db
    .insertInto('telemetry_judgements')
    .values({ tramo_id: tramoId, judgement: 'fuera_de_procedimiento', marked_at: at })
    .onConflict((oc) => oc.column('tramo_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The circulares marked out of procedure with no decision yet, oldest mark first. */
export const undecidedJudgements = (db: Executor) =>
  db
    .selectFrom('telemetry_judgements')
    .select(['tramo_id', 'marked_at'])
    .where('judgement', '=', 'fuera_de_procedimiento')
    .where('decision', 'is', null)
    .orderBy('marked_at')
    .orderBy('tramo_id')
    .execute();

/** The runs of some circulares, in welding order. */
export const runsOfTramos = (db: Executor, tramoIds: number[]) =>
  tramoIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('telemetry_runs').selectAll().where('tramo_id', 'in', tramoIds).orderBy('started_ms').execute();

export const saveDecision = (
  db: Executor,
  tramoId: number,
  values: { decision: string; decision_reason: string; decided_by: number; decided_by_name: string; decided_at: string },
) => db.updateTable('telemetry_judgements').set(values).where('tramo_id', '=', tramoId).execute();

// ---- Retention ----

/** Deletes raw samples older than `beforeMs` (at most `limit` per call, oldest first); answers how many. */
export async function deleteSamplesBefore(db: Executor, beforeMs: number): Promise<number> {
  const result = await db.deleteFrom('telemetry_samples').where('t', '<', beforeMs).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** Deletes per-second rows older than `beforeSecond` that belong to no pass (their minutes stay). */
export async function deleteLooseSecondsBefore(db: Executor, beforeSecond: number): Promise<number> {
  const result = await db.deleteFrom('telemetry_seconds').where('second', '<', beforeSecond).where('run_id', 'is', null).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

export async function countSamples(db: Executor, arcoIds?: number[]): Promise<number> {
  let q = db.selectFrom('telemetry_samples').select((eb) => eb.fn.countAll<number>().as('n'));
  if (arcoIds) q = q.where('arco_sumergido_id', 'in', arcoIds);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}
