import { addMonths, startOfFactoryDay } from '@portal/contract/time';
import {
  DEFECT_TYPES,
  type DefectParetoResponse,
  type DefectType,
  type FirstPassResponse,
  type figuresQuery,
  weldMessages as m,
  RECALL_PAGE_MAX,
  type RecallResponse,
  type RecallSeam,
  type RepairRateResponse,
} from '@portal/contract/welds';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import { notFound } from '../../lib/errors';
import { BOM, EXPORT_BATCH, plainDate, row } from '../exports/service';
import { instancesAtNave } from '../shifts/service';
import type { ShiftSpan } from './reports-repository';
import * as reportsRepo from './reports-repository';
import * as repo from './seams-repository';
import { getLot, getProcedure, getQualification } from './service';

// The recalls (one statement each, with its CSV) and the repair figures (docs/decisions/066-weld-records.md).

export type RecallTarget = { lot: number } | { qualification: number } | { procedure: number; revision: number };

/** The recall's key in the seams' tables, and the file name of its CSV; an unknown lot, qualification or revision is a 404. */
async function resolve(ctx: ServiceContext, target: RecallTarget): Promise<{ recall: repo.Recall; name: string }> {
  if ('lot' in target) {
    const lot = await getLot(ctx, target.lot);
    return { recall: { lot: lot.id }, name: `lote-${lot.lot_number}` };
  }
  if ('qualification' in target) {
    const q = await getQualification(ctx, target.qualification);
    return { recall: { qualification: q.id }, name: `cualificacion-${q.certificate_number}` };
  }
  const procedure = await getProcedure(ctx, target.procedure);
  const revision = procedure.revisions.find((r) => r.revision === target.revision);
  if (!revision) throw notFound(m.revisionNotFound);
  return { recall: { revision: revision.id }, name: `${procedure.code}-rev${revision.revision}` };
}

type RecallRow = Awaited<ReturnType<typeof repo.recallBatch>>[number];
const toRecallSeam = ({ total: _t, ...r }: RecallRow): RecallSeam => ({ ...r, qualified: r.qualified === 1 });

export async function recall(ctx: ServiceContext, target: RecallTarget, limit = RECALL_PAGE_MAX, offset = 0): Promise<RecallResponse> {
  const { recall } = await resolve(ctx, target);
  const rows = await repo.recallPage(ctx.db, ctx.engine, recall, limit, offset);
  const total = rows.length
    ? Number(rows[0].total)
    : offset > 0
      ? ((await repo.recallPage(ctx.db, ctx.engine, recall, 1, 0)).map((r) => Number(r.total))[0] ?? 0)
      : 0;
  return { total, seams: rows.map(toRecallSeam) };
}

/** A recall as CSV (UTF-8 with BOM, `;`, CRLF), every row, read in keyset batches along the recall's index. */
export async function recallCsv(ctx: ServiceContext, target: RecallTarget): Promise<{ name: string; chunks: AsyncGenerator<string> }> {
  const { recall, name } = await resolve(ctx, target);
  async function* chunks(): AsyncGenerator<string> {
    yield BOM + row(m.recallColumns);
    let after = 0;
    for (;;) {
      const batch = await repo.recallBatch(ctx.db, ctx.engine, recall, after, EXPORT_BATCH);
      if (!batch.length) return;
      let lines = '';
      for (const r of batch)
        lines += row([
          r.id_proyecto,
          r.id_tramo,
          r.id_circular,
          plainDate(r.circular_fecha),
          r.arco_sumergido_name,
          r.procedure_code,
          r.revision,
          r.operators,
          r.lots,
          m.seamStateName[r.state],
          r.qualified === 1 ? m.yes : m.no,
        ]);
      yield lines;
      after = batch[batch.length - 1].tramo_id;
      if (batch.length < EXPORT_BATCH) return;
    }
  }
  return { name: name.replace(/[^\w.-]+/g, '_'), chunks: chunks() };
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/**
 * Repair rate over the inspected seams welded in the months: repaired length ÷ inspected length, and
 * seams with a repair ÷ inspected seams, per arco, operator, procedure, project or month.
 */
export async function repairRate(ctx: ServiceContext, q: z.output<typeof figuresQuery>): Promise<RepairRateResponse> {
  const rows = await reportsRepo.repairRateSums(ctx.db, q.by, q.from, q.to);
  return {
    rows: rows.map((r) => {
      const n = {
        inspected_seams: Number(r.inspected_seams),
        repaired_seams: Number(r.repaired_seams),
        inspected_length_mm: Number(r.inspected_length_mm),
        repaired_length_mm: Number(r.repaired_length_mm),
      };
      return {
        key: String(r.key),
        label: String(r.label),
        ...n,
        length_rate: ratio(n.repaired_length_mm, n.inspected_length_mm),
        seam_rate: ratio(n.repaired_seams, n.inspected_seams),
      };
    }),
  };
}

/** Spans per statement of the first-pass yield: a long range of months stays within the engines' bound parameters. */
const SPANS_PER_READ = 500;

/**
 * First-pass yield per shift: of the inspected seams welded in the months, those whose first
 * inspections found no defect, by the shift of the nave's calendar they were welded in. The database
 * counts the seams within each shift's occurrence along one index (a month is tens of thousands of
 * seams: they never travel to the service); what no occurrence holds is 'outside the shifts'.
 */
export async function firstPassYield(ctx: ServiceContext, q: z.output<typeof figuresQuery>): Promise<FirstPassResponse> {
  // A day's margin each side: a seam keeps its circular's month, and may be welded just across it.
  const from = new Date(Date.parse(startOfFactoryDay(`${q.from}-01`, ctx.tz)) - 86_400_000);
  const to = new Date(Date.parse(startOfFactoryDay(`${addMonths(q.to, 1)}-01`, ctx.tz)) + 86_400_000);
  const naves = await reportsRepo.inspectedByNave(ctx.db, q.from, q.to);
  const spans: ShiftSpan[] = [];
  for (const nave of naves)
    for (const i of await instancesAtNave(ctx, from, to, nave.name))
      spans.push({ nave_id: nave.id, start: new Date(i.start).toISOString(), end: new Date(i.end).toISOString(), name: i.name });
  const groups = new Map<string, { inspected: number; firstPass: number }>();
  const add = (shift: string, inspected: number, firstPass: number) => {
    const g = groups.get(shift) ?? { inspected: 0, firstPass: 0 };
    g.inspected += inspected;
    g.firstPass += firstPass;
    groups.set(shift, g);
  };
  for (let i = 0; i < spans.length; i += SPANS_PER_READ)
    // A shift none of whose occurrences holds a seam is no row.
    for (const r of await reportsRepo.firstPassBySpan(ctx.db, spans.slice(i, i + SPANS_PER_READ), q.from, q.to))
      if (Number(r.inspected_seams) > 0) add(r.shift, Number(r.inspected_seams), Number(r.first_pass_seams));
  // What no occurrence holds: every inspected seam of the naves less those counted in a shift.
  let outside = 0;
  let outsideFirstPass = 0;
  for (const nave of naves) {
    outside += Number(nave.inspected_seams);
    outsideFirstPass += Number(nave.first_pass_seams);
  }
  for (const g of groups.values()) {
    outside -= g.inspected;
    outsideFirstPass -= g.firstPass;
  }
  if (outside > 0) add(m.outsideShifts, outside, outsideFirstPass);
  return {
    rows: [...groups]
      .sort((a, b) => a[0].localeCompare(b[0], 'es'))
      .map(([shift, g]) => ({
        shift,
        inspected_seams: g.inspected,
        first_pass_seams: g.firstPass,
        yield: ratio(g.firstPass, g.inspected),
      })),
  };
}

/**
 * The Pareto of defect types: the defects found on the seams welded in the months, most frequent first
 * (then the longer, then by ISO 6520-1 number), each with its share and the cumulative share.
 */
export async function defectPareto(ctx: ServiceContext, q: z.output<typeof figuresQuery>): Promise<DefectParetoResponse> {
  const rows = (await repo.defectTypes(ctx.db, q.from, q.to))
    .map((r) => ({ code: r.code, defects: Number(r.defects), length_mm: Number(r.length_mm) }))
    .sort((a, b) => b.defects - a.defects || b.length_mm - a.length_mm || a.code.localeCompare(b.code));
  const total = rows.reduce((sum, r) => sum + r.defects, 0);
  let running = 0;
  return {
    total,
    rows: rows.map((r) => {
      running += r.defects;
      return {
        ...r,
        name: DEFECT_TYPES[r.code as DefectType] ?? r.code,
        share: ratio(r.defects, total),
        cumulative_share: ratio(running, total),
      };
    }),
  };
}
