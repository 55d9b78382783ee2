import { type Excursion, telemetryMessages as m } from '@portal/contract/telemetry';
import type { ServiceContext } from '../../context';
import { pushInBackground } from '../andon/service';
import { findArco } from '../arcos/service';
import { calidadUserIds, holdAcceptance, type SeamProcedure, seamProcedure } from '../welds/service';
import type { Executor, Run } from './common';
import * as repo from './repository';
import { excursionsOf, summarize } from './summary';

// A pass judged against its circular's procedure (docs/decisions/080-weld-judgement-and-acceptance.md):
// while it runs, over the seconds just written, and when it ends, with its summary. A first excursion
// marks the circular and holds its seam; its Calidad are told after the commit.

/** A circular just marked out of procedure, to be told once the transaction that marked it committed. */
export interface Notice {
  run: Run;
  seam: SeamProcedure;
  excursion: Pick<Excursion, 'parameter' | 'seconds'>;
}

export function passOf(seam: SeamProcedure, passType: string) {
  return seam.passes.find((p) => p.pass_type === passType);
}

/** Ends a pass: its summary and excursions from its seconds; what marks the circular is returned to be told after the commit. */
export async function finish(ctx: ServiceContext, trx: Executor, run: Run): Promise<Notice[]> {
  const rows = await repo.runSeconds(trx, run.id);
  const summary = summarize(rows, run.efficiency, ctx.telemetry.wireKgPerM);
  const seam = run.tramo_id === null ? undefined : await seamProcedure(trx, run.tramo_id);
  const pass = seam && run.pass_type ? passOf(seam, run.pass_type) : undefined;
  const excursions = pass ? excursionsOf(rows, pass, ctx.telemetry.excursionSeconds) : [];
  await repo.updateRun(trx, run.id, {
    arc_ms: summary.arc_ms,
    length_mm: summary.length_mm,
    summary: JSON.stringify(summary),
    excursions: JSON.stringify(excursions),
    updated_at: new Date().toISOString(),
  });
  return seam && excursions.length ? mark(trx, run, seam, excursions[0]) : [];
}

/** Judges a running pass over the seconds just written and the set time before them. */
export async function judgeWindow(ctx: ServiceContext, trx: Executor, run: Run, fromSecond: number, toSecond: number): Promise<Notice[]> {
  if (run.tramo_id === null || run.pass_type === null) return [];
  const judgement = await repo.findJudgement(trx, run.tramo_id);
  if (judgement) return [];
  const seam = await seamProcedure(trx, run.tramo_id);
  const pass = seam && passOf(seam, run.pass_type);
  if (!seam || !pass) return [];
  const rows = await repo.runSecondsBetween(trx, run.id, fromSecond - ctx.telemetry.excursionSeconds - 1, toSecond);
  const found = excursionsOf(rows, pass, ctx.telemetry.excursionSeconds);
  return found.length ? mark(trx, run, seam, found[0]) : [];
}

/**
 * Marks the circular out of procedure and, in the same transaction, holds its seam for a decision in
 * the weld records (docs/decisions/092-seam-hold-in-the-weld-records.md); only a first mark is told.
 */
async function mark(trx: Executor, run: Run, seam: SeamProcedure, excursion: Notice['excursion']): Promise<Notice[]> {
  const at = new Date().toISOString();
  if (!(await repo.markOutOfProcedure(trx, seam.tramo_id, at))) return [];
  await holdAcceptance(trx, seam.tramo_id, at);
  return [{ run, seam, excursion }];
}

/**
 * The Calidad of the circular's nave are told as an andon call tells (live event to them and everyone
 * at the arco, Web Push to their devices); the seam was held when it was marked.
 */
export async function tell(ctx: ServiceContext, notices: Notice[]) {
  for (const { run, seam, excursion } of notices) {
    const users = await calidadUserIds(ctx.db, seam.nave_id);
    await ctx.events.publish(
      'weld.deviation',
      {
        tramo_id: seam.tramo_id,
        run_id: run.id,
        arco_sumergido_id: run.arco_sumergido_id,
        parameter: excursion.parameter,
        seconds: excursion.seconds,
      },
      { users, arco: run.arco_sumergido_id },
    );
    const arco = await findArco(ctx.db, run.arco_sumergido_id);
    pushInBackground(ctx, users, {
      title: m.deviationTitle,
      body: m.deviationBody(arco?.name ?? '', seam.id_circular, m.parameterName[excursion.parameter], excursion.seconds),
      url: `/dashboard/soldadura/${seam.tramo_id}`,
      tag: `weld-${seam.tramo_id}`,
    });
  }
}
