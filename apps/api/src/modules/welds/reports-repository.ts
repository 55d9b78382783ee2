import type { RepairRateGroup } from '@portal/contract/welds';
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { authorName } from '../../db/names';

// The figures' reads that group inside the database rather than in the service
// (docs/decisions/097-weld-figures-at-scale-on-both-engines.md): the repair rate's and the first-pass
// yield's, over weld_seams and the names of what they group by.

/** Per nave (id and name), its inspected seams welded in the months [from, to] and how many passed first time. */
export const inspectedByNave = (db: Db, from: string, to: string) =>
  db
    .selectFrom(
      db
        .selectFrom('weld_seams as s')
        .select([
          's.nave_id',
          sql<number>`count(*)`.as('inspected_seams'),
          sql<number>`coalesce(sum(s.first_pass), 0)`.as('first_pass_seams'),
        ])
        .where('s.month', '>=', from)
        .where('s.month', '<=', to)
        .where('s.inspected', '=', 1)
        .groupBy('s.nave_id')
        .as('k'),
    )
    .innerJoin('naves as n', 'n.id', 'k.nave_id')
    .select(['n.id', 'n.name', 'k.inspected_seams', 'k.first_pass_seams'])
    .execute();

/** A shift's occurrence at a nave: instants as `toISOString()` writes them, as `welded_at` is stored. */
export interface ShiftSpan {
  nave_id: number;
  start: string;
  end: string;
  name: string;
}

/**
 * Of the inspected seams welded in the months [from, to], those welded within each span (at its nave,
 * start included, end excluded), per shift name: one range of weld_seams_welded_idx per span. The
 * spans of a nave never overlap (a calendar refuses overlapping shifts), so no seam counts twice.
 */
export function firstPassBySpan(db: Db, spans: ShiftSpan[], from: string, to: string) {
  const values = sql.join(
    spans.map((s) => sql`(cast(${s.nave_id} as integer), cast(${s.start} as text), cast(${s.end} as text), cast(${s.name} as text))`),
  );
  // Each occurrence counts its own seams in a correlated subquery, so both engines walk one range of
  // weld_seams_welded_idx per occurrence (a join let PostgreSQL hash all the month's seams against every
  // occurrence). The month is checked on each seam found, never used to choose the index: the
  // concatenation hides it (SQLite would otherwise walk the month's whole range once per occurrence).
  const within = sql`s.nave_id = spans.nave_id and s.inspected = 1 and s.welded_at >= spans.start_at and s.welded_at < spans.end_at
    and (s.month || '') >= ${from} and (s.month || '') <= ${to}`;
  return sql<{ shift: string; inspected_seams: number; first_pass_seams: number }>`
    with spans (nave_id, start_at, end_at, name) as (values ${values})
    select x.name as shift, sum(x.inspected_seams) as inspected_seams, sum(x.first_pass_seams) as first_pass_seams
    from (
      select spans.name,
        (select count(*) from weld_seams s where ${within}) as inspected_seams,
        (select coalesce(sum(s.first_pass), 0) from weld_seams s where ${within}) as first_pass_seams
      from spans
    ) x
    group by x.name
  `
    .execute(db)
    .then((r) => r.rows);
}

/** The repair rate's sums over the inspected seams welded in the months [from, to]. */
const sums = [
  sql<number>`count(*)`.as('inspected_seams'),
  sql<number>`coalesce(sum(s.repaired), 0)`.as('repaired_seams'),
  sql<number>`coalesce(sum(s.inspected_length_mm), 0)`.as('inspected_length_mm'),
  sql<number>`coalesce(sum(s.repaired_length_mm), 0)`.as('repaired_length_mm'),
];

/**
 * The repair rate's sums per group, over the inspected seams welded in the months [from, to]. Each is
 * one range of a covering index summed per key (weld_seams_figures_idx by arco, procedure and month,
 * weld_seams_project_idx by project, weld_seam_operators_figures_idx by operator: a seam counts for
 * each of its operators), and only the groups' few rows are joined to their names.
 */
export function repairRateSums(db: Db, by: RepairRateGroup, from: string, to: string) {
  const month = db.selectFrom('weld_seams as s').where('s.month', '>=', from).where('s.month', '<=', to).where('s.inspected', '=', 1);
  const pick = ['k.inspected_seams', 'k.repaired_seams', 'k.inspected_length_mm', 'k.repaired_length_mm'] as const;
  switch (by) {
    case 'arco':
      return db
        .selectFrom(
          month
            .select(['s.arco_sumergido_id as id', ...sums])
            .groupBy('s.arco_sumergido_id')
            .as('k'),
        )
        .innerJoin('arcos_sumergidos as a', 'a.id', 'k.id')
        .select([sql<string>`cast(k.id as text)`.as('key'), 'a.name as label', ...pick])
        .orderBy('a.name')
        .execute();
    case 'procedure':
      return db
        .selectFrom(
          month
            .select(['s.procedure_id as id', ...sums])
            .groupBy('s.procedure_id')
            .as('k'),
        )
        .innerJoin('weld_procedures as p', 'p.id', 'k.id')
        .select([sql<string>`cast(k.id as text)`.as('key'), 'p.code as label', ...pick])
        .orderBy('p.code')
        .execute();
    case 'operator':
      // Each operator row carries its seam's month and counters (migration 2026-11-29T04).
      return db
        .selectFrom(
          db
            .selectFrom('weld_seam_operators as s')
            .where('s.month', '>=', from)
            .where('s.month', '<=', to)
            .where('s.inspected', '=', 1)
            .select(['s.user_id as id', ...sums])
            .groupBy('s.user_id')
            .as('k'),
        )
        .leftJoin('users as u', 'u.id', 'k.id')
        .select([sql<string>`cast(k.id as text)`.as('key'), authorName('u.name').as('label'), ...pick])
        .orderBy('u.name')
        .execute();
    case 'project':
      return db
        .selectFrom(
          month
            .select(['s.id_proyecto as id', ...sums])
            .groupBy('s.id_proyecto')
            .as('k'),
        )
        .select([sql<string>`coalesce(k.id, '')`.as('key'), sql<string>`coalesce(k.id, '')`.as('label'), ...pick])
        .orderBy('k.id')
        .execute();
    case 'month':
      return month
        .select(['s.month as key', 's.month as label', ...sums])
        .groupBy('s.month')
        .orderBy('s.month')
        .execute();
  }
}
