/**
 * Benchmark of the weld records' reads at scale (`npm run bench:welds`, docs/decisions/067-weld-figures-and-recalls-at-scale.md).
 *
 * Builds the real app on a temporary SQLite file (a throwaway schema of the PostgreSQL at
 * BENCH_DATABASE_URL when set) and fills it in SQL with
 * BENCH_SEAMS circulares (1,000,000), each traced (one of 10 procedures, one of 50 operators, a wire
 * and a flux lot of 2,000 each, 24 months), with BENCH_INSPECTIONS inspections per seam (2) and a
 * defect, repaired and re-inspected, on one seam in 20. Then times, BENCH_N runs each (20): the three
 * recalls' first page (500 rows) and the repair rate of one month per arco, operator, procedure and
 * project, the first-pass yield per shift and the Pareto of defect types of that month. Prints the median and p95 of each, in ms,
 * with the machine's load average beside it.
 *
 * On PostgreSQL the fill is a bulk load (lib/pg-bulk-fill.ts): set-based INSERT … SELECT over
 * generate_series with the filled tables' secondary indexes dropped and the circulares' rollup triggers
 * disabled, then the indexes rebuilt, the rollups recounted in one statement and VACUUM ANALYZE (each
 * row through the trigram indexes and the rollups took past 16 minutes). The app's schema is unchanged.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { defectPareto, firstPassYield, recall, repairRate } from '../src/modules/welds/reports';
import { benchConfig } from './lib/config';
import { pgBulkFill, rebuildTramoRollups } from './lib/pg-bulk-fill';
import { throwawaySchema } from './lib/pg-schema';

const SEAMS = Number(process.env.BENCH_SEAMS ?? 1_000_000);
const INSPECTIONS = Number(process.env.BENCH_INSPECTIONS ?? 2);
const N = Number(process.env.BENCH_N ?? 20);
const ARCOS = 20;
const OPERATORS = 50;
const PROCEDURES = 10;
const LOTS = 2_000;
const MONTHS = 24;
const DAYS = 28;
/** The tables the fill writes (on PostgreSQL their secondary indexes are rebuilt after it). */
const FILLED = [
  'tramos',
  'weld_seams',
  'weld_seam_operators',
  'weld_seam_lots',
  'weld_inspections',
  'weld_defects',
  'weld_repairs',
] as const;
/** The machine's load average over 1, 5 and 15 minutes, printed beside every figure (the machine is shared). */
const loadNow = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-welds-'));
const pgSchema = process.env.BENCH_DATABASE_URL ? await throwawaySchema(process.env.BENCH_DATABASE_URL, 'bench_welds') : null;
const app = await buildApp({ config: benchConfig(dataDir, 'Europe/Madrid', pgSchema ? { DATABASE_URL: pgSchema.url } : {}) });
await app.ready();

const pad = (n: number) => String(n).padStart(2, '0');
/** The k-th day of the bench's calendar: 28 days of each of 24 months from January 2025. */
const dayOf = (k: number) => {
  const month = Math.floor(k / DAYS) % MONTHS;
  return `${2025 + Math.floor(month / 12)}-${pad((month % 12) + 1)}-${pad((k % DAYS) + 1)}`;
};

try {
  const { db } = app.ctx;
  const at = new Date().toISOString();
  const t0 = performance.now();
  const nave = await db.selectFrom('naves').select('id').executeTakeFirstOrThrow();
  const arcoIds: number[] = [];
  for (let i = 0; i < ARCOS; i++)
    arcoIds.push(
      (
        await db
          .insertInto('arcos_sumergidos')
          .values({ name: `Arco Bench Welds ${i}`, nave_id: nave.id, created_at: at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const userIds: number[] = [];
  for (let i = 0; i < OPERATORS; i++)
    userIds.push(
      (
        await db
          .insertInto('users')
          .values({
            worker_id: `bench-op-${i}`,
            name: `Operario ${i}`,
            password_hash: 'x',
            role: 'user',
            nave_id: nave.id,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const revisionIds: number[] = [];
  for (let i = 0; i < PROCEDURES; i++) {
    const p = await db
      .insertInto('weld_procedures')
      .values({ code: `WPS-B${i}`, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    revisionIds.push(
      (
        await db
          .insertInto('weld_revisions')
          .values({
            procedure_id: p.id,
            revision: 1,
            status: 'aprobada',
            valid_from: '2024-01-01',
            approved_at: at,
            approved_by_name: 'bench',
            process: 121,
            material_group: '1.2',
            thickness_min_mm: 10,
            thickness_max_mm: 40,
            wire_classification: 'S2',
            flux_classification: 'SA FB 1',
            notes: null,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  const qualificationIds: number[] = [];
  for (const [i, userId] of userIds.entries())
    qualificationIds.push(
      (
        await db
          .insertInto('weld_qualifications')
          .values({
            user_id: userId,
            user_name: `Operario ${i}`,
            standard: 'ISO 14732',
            certificate_number: `CERT-${i}`,
            process: 121,
            range_notes: null,
            thickness_min_mm: null,
            thickness_max_mm: null,
            issued_on: '2024-06-01',
            expires_on: '2027-06-01',
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  for (let start = 0; start < 2 * LOTS; start += 500)
    await db
      .insertInto('weld_lots')
      .values(
        Array.from({ length: 500 }, (_, j) => {
          const i = start + j;
          return {
            kind: i < LOTS ? ('alambre' as const) : ('fundente' as const),
            classification: i < LOTS ? 'S2' : 'SA FB 1',
            maker: 'Bench',
            lot_number: `L-${i}`,
            received_on: '2024-12-01',
            blocked: 0,
            created_at: at,
          };
        }),
      )
      .execute();
  const firstLot = Number(
    (
      await db
        .selectFrom('weld_lots')
        .select((eb) => eb.fn.min('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id,
  );

  const pg = app.ctx.engine === 'postgres';
  const fill = async () => {
    // Lookup tables the fill joins: the seam numbers, the calendar, and the ids above by position.
    await sql`create table bench_n (i integer primary key)`.execute(db);
    if (pg) await sql`insert into bench_n (i) select generate_series(1, ${SEAMS})`.execute(db);
    else
      await sql`insert into bench_n (i) with recursive c(i) as (select 1 union all select i + 1 from c where i < ${SEAMS}) select i from c`.execute(
        db,
      );
    await sql`create table bench_day (k integer primary key, d text not null, m text not null)`.execute(db);
    for (let k = 0; k < MONTHS * DAYS; k++)
      await sql`insert into bench_day (k, d, m) values (${k}, ${dayOf(k)}, ${dayOf(k).slice(0, 7)})`.execute(db);
    await sql`create table bench_id (kind text not null, k integer not null, id integer not null, primary key (kind, k))`.execute(db);
    const ids = async (kind: string, list: number[]) => {
      for (const [k, id] of list.entries()) await sql`insert into bench_id (kind, k, id) values (${kind}, ${k}, ${id})`.execute(db);
    };
    await ids('arco', arcoIds);
    await ids('user', userIds);
    await ids('rev', revisionIds);
    await ids('qual', qualificationIds);

    const slot = (n: number) => sql.raw(`(n.i % ${n})`);
    await sql`
      insert into tramos (id, id_tramo, id_proyecto, id_circular, circular_fecha, descripcion, imagen, imagen_thumb, nave_id, arco_sumergido_id, user_id, created_at, updated_at)
      select n.i, 'T-' || (n.i / 40), 'P-' || (n.i / 4000), 'C-' || n.i, d.d, null, null, null, ${nave.id}, a.id, u.id, d.d || 'T08:00:00.000Z', ${at}
      from bench_n n
      join bench_day d on d.k = ${slot(MONTHS * DAYS)}
      join bench_id a on a.kind = 'arco' and a.k = ${slot(ARCOS)}
      join bench_id u on u.kind = 'user' and u.k = ${slot(OPERATORS)}
    `.execute(db);
    // The joins below plan on a million circulares, not on the empty table's estimate.
    if (pg) await sql`analyze bench_n, tramos`.execute(db);
    // One seam in 20 has a defect (repaired, re-inspected); the others pass their first inspections.
    await sql`
      insert into weld_seams (tramo_id, procedure_id, revision_id, arco_sumergido_id, nave_id, welded_on, month, welded_at, qualified, state,
        inspected, inspected_length_mm, repaired, repaired_length_mm, first_pass, created_at, updated_at)
      select t.id, r.procedure_id, r.id, t.arco_sumergido_id, t.nave_id, t.circular_fecha, substr(t.circular_fecha, 1, 7),
        t.circular_fecha || case n.i % 3 when 0 then 'T05:30:00.000Z' when 1 then 'T13:30:00.000Z' else 'T21:30:00.000Z' end,
        1, 'aceptada', 1, 12000, case when n.i % 20 = 0 then 1 else 0 end, case when n.i % 20 = 0 then 150 else 0 end,
        case when n.i % 20 = 0 then 0 else 1 end, ${at}, ${at}
      from bench_n n
      join tramos t on t.id = n.i
      join bench_id b on b.kind = 'rev' and b.k = ${slot(PROCEDURES)}
      join weld_revisions r on r.id = b.id
    `.execute(db);
    await sql`
      insert into weld_seam_operators (tramo_id, user_id, qualification_id, qualified)
      select n.i, u.id, q.id, 1 from bench_n n
      join bench_id u on u.kind = 'user' and u.k = ${slot(OPERATORS)}
      join bench_id q on q.kind = 'qual' and q.k = ${slot(OPERATORS)}
    `.execute(db);
    await sql`
      insert into weld_seam_lots (tramo_id, lot_id)
      select i, ${firstLot} + (i % ${LOTS}) from bench_n
      union all
      select i, ${firstLot + LOTS} + ((i / 7) % ${LOTS}) from bench_n
    `.execute(db);
    for (let k = 0; k < INSPECTIONS; k++)
      await sql`
        insert into weld_inspections (tramo_id, repair_id, method, extent_percent, inspected_length_mm, result, inspected_on, inspector_id, inspector_name, created_at)
        select i, null, ${k === 0 ? 'VT' : 'UT'}, 100, 12000, case when ${k} = ${INSPECTIONS - 1} and i % 20 = 0 then 'reparar' else 'aceptada' end,
          '2026-01-01', null, 'Bench', ${at}
        from bench_n
      `.execute(db);
    await sql`
      insert into weld_defects (inspection_id, tramo_id, code, position_mm, length_mm, level, created_at)
      select id, tramo_id, '2011', 100, 150, 'C', ${at} from weld_inspections where result = 'reparar'
    `.execute(db);
    await sql`
      insert into weld_repairs (defect_id, tramo_id, procedure_id, revision_id, operator_id, operator_name, qualification_id, qualified, repaired_on, created_at)
      select d.id, d.tramo_id, s.procedure_id, s.revision_id, null, 'Bench', null, 1, '2026-01-02', ${at}
      from weld_defects d join weld_seams s on s.tramo_id = d.tramo_id
    `.execute(db);
    await sql`
      insert into weld_inspections (tramo_id, repair_id, method, extent_percent, inspected_length_mm, result, inspected_on, inspector_id, inspector_name, created_at)
      select tramo_id, id, 'MT', 100, 400, 'aceptada', '2026-01-03', null, 'Bench', ${at} from weld_repairs
    `.execute(db);
  };
  if (pg) {
    // PostgreSQL: no secondary index nor rollup trigger while filling, rebuilt after (lib/pg-bulk-fill.ts).
    const phases = await pgBulkFill(db, { tables: [...FILLED], withoutTriggers: ['tramos'], rebuild: () => rebuildTramoRollups(db) }, fill);
    console.log(
      `postgres fill: inserts ${phases.fill.toFixed(1)} s, ${phases.rebuilt.length} indexes rebuilt in ${phases.indexes.toFixed(1)} s, ` +
        `rollups ${phases.rebuild.toFixed(1)} s, vacuum analyze ${phases.vacuum.toFixed(1)} s (${loadNow()})`,
    );
    // What the rollup triggers would have kept, against the rows themselves.
    const check = await sql<{ rows: string; monthly: string; total: string }>`
      select (select count(*) from tramos) as rows, (select sum(count) from dashboard_tramos_monthly) as monthly,
        (select count from dashboard_totals where name = 'tramos') as total
    `.execute(db);
    console.log(`circulares ${check.rows[0].rows}, in the monthly rollup ${check.rows[0].monthly}, in the totals ${check.rows[0].total}`);
  } else {
    await fill();
    await sql`analyze`.execute(db);
  }
  for (const table of ['bench_n', 'bench_day', 'bench_id']) await sql`drop table ${sql.table(table)}`.execute(db);
  const count = async (table: 'weld_seams' | 'weld_inspections') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  console.log(
    `${app.ctx.engine}: ${await count('weld_seams')} seams, ${await count('weld_inspections')} inspections, filled in ${((performance.now() - t0) / 1000).toFixed(1)} s (${loadNow()})`,
  );

  const month = dayOf(DAYS * 13).slice(0, 7);
  const time = async (label: string, run: () => Promise<unknown>) => {
    await run();
    const ms: number[] = [];
    for (let i = 0; i < N; i++) {
      const s = performance.now();
      await run();
      ms.push(performance.now() - s);
    }
    ms.sort((a, b) => a - b);
    const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))].toFixed(1);
    console.log(`${label.padEnd(44)} median ${q(0.5).padStart(7)} ms   p95 ${q(0.95).padStart(7)} ms   (${loadNow()})`);
  };
  const procedureId = Number(
    (await db.selectFrom('weld_revisions').select('procedure_id').where('id', '=', revisionIds[3]).executeTakeFirstOrThrow()).procedure_id,
  );
  await time('recall: seams of a lot (first 500)', () => recall(app.ctx, { lot: firstLot + LOTS + 17 }, 500));
  await time('recall: a qualification (first 500)', () => recall(app.ctx, { qualification: qualificationIds[7] }, 500));
  await time('recall: revision 1 of a procedure (first 500)', () => recall(app.ctx, { procedure: procedureId, revision: 1 }, 500));
  for (const by of ['arco', 'operator', 'procedure', 'project'] as const)
    await time(`repair rate of ${month} by ${by}`, () => repairRate(app.ctx, { by, from: month, to: month }));
  await time(`first-pass yield of ${month} by shift`, () => firstPassYield(app.ctx, { by: 'month', from: month, to: month }));
  await time(`Pareto of defect types of ${month}`, () => defectPareto(app.ctx, { by: 'month', from: month, to: month }));
} finally {
  await app.close();
  await pgSchema?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
