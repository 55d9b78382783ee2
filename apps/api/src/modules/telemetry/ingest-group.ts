import type { Sample } from '@portal/contract/telemetry';
import type { ServiceContext } from '../../context';
import { findArcosByTopics } from '../machines/service';
import type { Executor, Run } from './common';
import { finish, judgeWindow, type Notice } from './judgement';
import * as repo from './repository';

// One group of telemetry messages in one transaction (docs/decisions/088-telemetry-ingest-in-groups.md):
// the samples, the passes the arc opens, the seconds and minutes they touch, each pass's judgement.

/** A message or request of the group: its arco, or the topic that names it (its arco found in the transaction). */
export interface GroupMessage {
  arcoId: number | null;
  topic?: string;
  samples: Sample[];
}

/** A second (epoch s) overlaps a run's [start, end] (end open while it runs). */
const inRun = (second: number, run: Pick<Run, 'started_ms' | 'ended_ms'>) =>
  second * 1000 + 999 >= run.started_ms && (run.ended_ms === null || second * 1000 <= run.ended_ms);

export interface Written {
  stored: (number | null)[];
  notices: Notice[];
  /** Per arco with new samples: its latest sample and running pass, for 'weld.live'. */
  live: Map<number, { samples: Sample[]; runId: number | null }>;
}

/**
 * One group in one transaction, giving the same rows as its messages written one after another: the
 * samples of all arcos in one statement (per 500), then, for the messages that stored something, the
 * passes the arc opens, the arcos' passes, seconds and minutes over every span touched in one read and
 * one write each, and each pass's judgement.
 */
export async function writeInTransaction(ctx: ServiceContext, trx: Executor, group: GroupMessage[]): Promise<Written> {
  // The arcos of the MQTT topics, read in the transaction (a binding changed meanwhile is seen).
  const topics = group.flatMap((one) => (one.topic === undefined ? [] : [one.topic]));
  if (topics.length) {
    const bound = await findArcosByTopics(trx, [...new Set(topics)]);
    for (const one of group) if (one.topic !== undefined) one.arcoId = bound.get(one.topic) ?? null;
  }
  const fresh = await repo.insertSamples(
    trx,
    ctx.engine,
    group.flatMap(({ arcoId, samples }) => (arcoId === null ? [] : [{ arcoId, samples }])),
  );
  // Each message stores the new samples no earlier message of the group carries.
  const claimed = new Set<string>();
  const stored = group.map(({ arcoId, samples }) => {
    if (arcoId === null) return null;
    let count = 0;
    for (const s of samples) {
      const key = `${arcoId}:${s.t}`;
      if (fresh.has(key) && !claimed.has(key)) {
        claimed.add(key);
        count++;
      }
    }
    return count;
  });
  // A message that stored nothing changes nothing else.
  const byArco = new Map<number, GroupMessage[]>();
  group.forEach((one, k) => {
    if (one.arcoId !== null && (stored[k] ?? 0) > 0) byArco.set(one.arcoId, [...(byArco.get(one.arcoId) ?? []), one]);
  });
  const live: Written['live'] = new Map();
  if (!byArco.size) return { stored, notices: [], live };
  const arcoIds = [...byArco.keys()];
  await openFromArc(trx, byArco);

  // The seconds each message touched, joined per arco where they meet.
  const ranges: repo.SecondRange[] = [];
  for (const [arcoId, list] of byArco) {
    const spans = list
      .map(({ samples }) => spanOf(samples))
      .map(({ minT, maxT }) => ({ from: Math.floor(minT / 1000), to: Math.floor(maxT / 1000) }))
      .sort((a, b) => a.from - b.from);
    for (const span of spans) {
      const last = ranges.at(-1);
      if (last?.arcoId === arcoId && span.from <= last.to + 1) last.to = Math.max(last.to, span.to);
      else ranges.push({ arcoId, ...span });
    }
  }
  const runs = await repo.runsOverlapping(
    trx,
    arcoIds.map((arcoId) => {
      const own = ranges.filter((r) => r.arcoId === arcoId);
      return { arcoId, fromMs: own[0].from * 1000, toMs: (own.at(-1)?.to ?? 0) * 1000 + 999 };
    }),
  );
  const runsOf = (arcoId: number) => runs.filter((r) => r.arco_sumergido_id === arcoId);
  const rows = await repo.aggregateSeconds(trx, ranges);
  await repo.upsertSeconds(
    trx,
    rows.map((r) => ({
      ...r,
      second: Number(r.second),
      n: Number(r.n),
      arc_n: Number(r.arc_n),
      temp_n: Number(r.temp_n),
      run_id: runsOf(r.arco_sumergido_id).find((run) => inRun(Number(r.second), run))?.id ?? null,
    })),
  );
  await repo.rebuildMinutes(trx, ranges);

  const notices: Notice[] = [];
  const finished = new Set<number>();
  for (const range of ranges) {
    for (const run of runsOf(range.arcoId).filter((r) => overlaps(r, range))) {
      if (run.state !== 'cerrada') notices.push(...(await judgeWindow(ctx, trx, run, range.from, range.to)));
      else if (!finished.has(run.id)) {
        finished.add(run.id);
        notices.push(...(await finish(ctx, trx, run)));
      }
    }
  }
  for (const [arcoId, list] of byArco) {
    live.set(arcoId, { samples: list.flatMap((one) => one.samples), runId: runsOf(arcoId).find((r) => r.state !== 'cerrada')?.id ?? null });
  }
  return { stored, notices, live };
}

function spanOf(samples: Sample[]) {
  let minT = Number.POSITIVE_INFINITY;
  let maxT = 0;
  for (const s of samples) {
    minT = Math.min(minT, s.t);
    maxT = Math.max(maxT, s.t);
  }
  return { minT, maxT };
}

/** A run overlaps a range of seconds. */
const overlaps = (run: Run, range: repo.SecondRange) =>
  run.started_ms <= range.to * 1000 + 999 && (run.ended_ms === null || run.ended_ms >= range.from * 1000);

/**
 * For each arco with no pass running, opens one pending at the first arc-on sample after the arco's
 * last ended pass, of the first of its messages (in arrival order) that has one.
 */
async function openFromArc(trx: Executor, byArco: Map<number, GroupMessage[]>): Promise<void> {
  const arcing = [...byArco].filter(([, list]) => list.some(({ samples }) => samples.some((s) => s.arc)));
  if (!arcing.length) return;
  const running = new Set(
    (
      await repo.openRuns(
        trx,
        arcing.map(([arcoId]) => arcoId),
      )
    ).map((r) => r.arco_sumergido_id),
  );
  const idle = arcing.filter(([arcoId]) => !running.has(arcoId));
  if (!idle.length) return;
  const ended = await repo.lastEnded(
    trx,
    idle.map(([arcoId]) => arcoId),
  );
  for (const [arcoId, list] of idle) {
    const after = ended.get(arcoId) ?? 0;
    for (const { samples } of list) {
      const first = samples.filter((s) => s.arc && s.t > after).reduce((min, s) => Math.min(min, s.t), Number.POSITIVE_INFINITY);
      if (!Number.isFinite(first)) continue;
      const at = new Date().toISOString();
      await repo.insertRun(trx, {
        arco_sumergido_id: arcoId,
        state: 'pendiente',
        origin: 'senal',
        started_ms: first,
        efficiency: 1,
        created_at: at,
        updated_at: at,
      });
      break;
    }
  }
}
