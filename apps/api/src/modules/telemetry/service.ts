import {
  type Decision,
  type decisionBody,
  type Excursion,
  efficiencyFactor,
  type FiguresResponse,
  type figuresQuery,
  type LiveArco,
  telemetryMessages as m,
  parseSamples,
  type Sample,
  type SamplesResult,
  type SeamTelemetry,
  type startRunBody,
  TELEMETRY_MAX_AGE_MS,
  TELEMETRY_MAX_FUTURE_MS,
  type WeldRun,
} from '@portal/contract/telemetry';
import { type AwaitingDecision, decisionMessages as dm } from '@portal/contract/telemetry-decision';
import { weldMessages } from '@portal/contract/welds';
import type { PassType } from '@portal/contract/welds-messages';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import { isDatabaseUnavailable, waitForDatabase } from '../../db/outage';
import type { TelemetryRunsTable } from '../../db/types-telemetry';
import type { AuthUser } from '../../lib/auth-user';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import { HoldMessage } from '../../lib/mqtt-client';
import { pushInBackground } from '../andon/service';
import { allArcos, findArco } from '../arcos/service';
import { recordAudit } from '../audit/service';
import { checkDeviceKey, findArcosByTopics } from '../machines/service';
import { arcoParadasOverlapping } from '../paradas/service';
import { instancesAtNave, timed, workedOverlapMs } from '../shifts/service';
import {
  assertCalidadAt,
  calidadNaveIds,
  calidadUserIds,
  firstPassOf,
  holdAcceptance,
  releaseAcceptance,
  type SeamProcedure,
  seamHeads,
  seamProcedure,
} from '../welds/service';
import * as repo from './repository';
import { excursionsOf, round, summarize } from './summary';

// Weld telemetry in, bound to the pass being welded, judged against the circular's procedure, and the
// figures (docs/decisions/079-weld-telemetry.md, 080-weld-judgement-and-acceptance.md, 081-weld-figures-and-retention.md).

type Run = Awaited<ReturnType<typeof repo.findRun>> & {};
type Executor = ServiceContext['db'];

/** At most one 'weld.live' per arco in this long, per instance. */
export const LIVE_EVENT_MS = 1000;
const liveSent = new WeakMap<ServiceContext['events'], Map<number, number>>();

const iso = (ms: number) => new Date(ms).toISOString();

/** A second (epoch s) overlaps a run's [start, end] (end open while it runs). */
const inRun = (second: number, run: Pick<Run, 'started_ms' | 'ended_ms'>) =>
  second * 1000 + 999 >= run.started_ms && (run.ended_ms === null || second * 1000 <= run.ended_ms);

interface Notice {
  run: Run;
  seam: SeamProcedure;
  excursion: Pick<Excursion, 'parameter' | 'seconds'>;
}

// ---- Samples in ----

/** A message or request waiting for the next group's transaction: its arco, or the topic that names it. */
interface Waiting {
  arcoId: number | null;
  topic?: string;
  samples: Sample[];
  /** How many it stored; null for a topic no arco is bound to. */
  resolve: (stored: number | null) => void;
  reject: (error: unknown) => void;
}

/** Samples one group's transaction takes at most (a burst's backlog is written in several). */
const GROUP_MAX_SAMPLES = 20_000;

/** Per database handle (one per running app): what waits for the next group, and whether one is being written. */
const queues = new WeakMap<Executor, { waiting: Waiting[]; writing: boolean }>();

/**
 * Stores an arco's samples: each new (arco, device time) is inserted, a repeat changes nothing; the
 * seconds and minutes they touch are recomputed and given to the pass whose time holds them (by device
 * time, however late they arrive); an arc-on sample after the arco's last pass with none running opens
 * one pending the operator's confirmation; a pass already ended gets its summary and judgement again,
 * a running one is judged over the window the samples touched.
 *
 * Messages and requests that arrive while a group is being written wait and are written together in
 * the next one, in one transaction (docs/decisions/088-telemetry-ingest-in-groups.md): each is
 * answered once that transaction committed, as what it stored itself (the first of two carrying the
 * same sample stores it). A group failing for anything but the database being away is written again
 * one message at a time, so one message never fails another.
 */
export async function ingest(ctx: ServiceContext, arcoId: number, samples: Sample[], receivedMs = Date.now()): Promise<SamplesResult> {
  return (await ingestFor(ctx, { arcoId }, samples, receivedMs)) as SamplesResult;
}

/** As `ingest`, for the arco bound to an MQTT topic, found in the group's transaction (null when none is). */
async function ingestFor(
  ctx: ServiceContext,
  target: { arcoId: number } | { topic: string },
  samples: Sample[],
  receivedMs = Date.now(),
): Promise<SamplesResult | null> {
  const valid = samples.filter((s) => s.t <= receivedMs + TELEMETRY_MAX_FUTURE_MS && s.t >= receivedMs - TELEMETRY_MAX_AGE_MS);
  const refused = samples.length - valid.length;
  if (valid.length === 0) return { message: m.accepted, stored: 0, repeated: 0, refused };
  const queue = queues.get(ctx.db) ?? { waiting: [], writing: false };
  queues.set(ctx.db, queue);
  const stored = await new Promise<number | null>((resolve, reject) => {
    queue.waiting.push({ arcoId: null, ...target, samples: valid, resolve, reject });
    if (!queue.writing) void writeWaiting(ctx, queue);
  });
  return stored === null ? null : { message: m.accepted, stored, repeated: valid.length - stored, refused };
}

/** Writes what waits, group after group, until nothing does. */
async function writeWaiting(ctx: ServiceContext, queue: { waiting: Waiting[]; writing: boolean }) {
  queue.writing = true;
  try {
    while (queue.waiting.length) {
      let count = 0;
      let take = 0;
      while (take < queue.waiting.length && (take === 0 || count + queue.waiting[take].samples.length <= GROUP_MAX_SAMPLES)) {
        count += queue.waiting[take].samples.length;
        take++;
      }
      await writeGroup(ctx, queue.waiting.splice(0, take));
    }
  } finally {
    queue.writing = false;
  }
}

interface Written {
  stored: (number | null)[];
  notices: Notice[];
  /** Per arco with new samples: its latest sample and running pass, for 'weld.live'. */
  live: Map<number, { samples: Sample[]; runId: number | null }>;
}

async function writeGroup(ctx: ServiceContext, group: Waiting[]): Promise<void> {
  let written: Written;
  try {
    written = await ctx.db.transaction().execute((trx) => writeInTransaction(ctx, trx, group));
  } catch (error) {
    if (group.length > 1 && !isDatabaseUnavailable(error) && !isLocked(error)) {
      for (const one of group) await writeGroup(ctx, [one]);
      return;
    }
    for (const one of group) one.reject(error);
    return;
  }
  try {
    await tell(ctx, written.notices);
    for (const [arcoId, { samples, runId }] of written.live) await publishLive(ctx, arcoId, samples, runId);
  } catch (error) {
    for (const one of group) one.reject(error);
    return;
  }
  for (const [k, one] of group.entries()) one.resolve(written.stored[k]);
}

/**
 * One group in one transaction, giving the same rows as its messages written one after another: the
 * samples of all arcos in one statement (per 500), then, for the messages that stored something, the
 * passes the arc opens, the arcos' passes, seconds and minutes over every span touched in one read and
 * one write each, and each pass's judgement.
 */
async function writeInTransaction(ctx: ServiceContext, trx: Executor, group: Waiting[]): Promise<Written> {
  // The arcos of the MQTT topics, read in the transaction (a binding changed meanwhile is seen).
  const topics = group.flatMap((one) => (one.topic === undefined ? [] : [one.topic]));
  if (topics.length) {
    const bound = await findArcosByTopics(trx, [...new Set(topics)]);
    for (const one of group) if (one.topic !== undefined) one.arcoId = bound.get(one.topic) ?? null;
  }
  const fresh = await repo.insertSamples(
    trx,
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
  const byArco = new Map<number, Waiting[]>();
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
async function openFromArc(trx: Executor, byArco: Map<number, Waiting[]>): Promise<void> {
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

/** The arco's latest sample to everyone at the arco (the tablet) and administrators (the plant board), throttled. */
async function publishLive(ctx: ServiceContext, arcoId: number, samples: Sample[], runId: number | null) {
  const sent = liveSent.get(ctx.events) ?? new Map<number, number>();
  liveSent.set(ctx.events, sent);
  // A monotonic clock: a device's times, or a changed wall clock, never hold the events back.
  const now = performance.now();
  const last = sent.get(arcoId);
  if (last !== undefined && now - last < LIVE_EVENT_MS) return;
  sent.set(arcoId, now);
  const s = samples.reduce((a, b) => (b.t > a.t ? b : a));
  await ctx.events.publish('weld.live', liveOf(arcoId, s, runId), { arco: arcoId });
}

const liveOf = (arcoId: number, s: Sample, runId: number | null): LiveArco => ({
  arco_sumergido_id: arcoId,
  arc: s.arc,
  at: iso(s.t),
  current: s.i,
  voltage: s.u,
  wire_feed: s.wf,
  speed: s.v,
  temperature: s.temp,
  run_id: runId,
});

/** POST /api/telemetry/arcos/:id/samples: the arco's device key (as its states), then the samples. */
export async function reportSamples(ctx: ServiceContext, arcoId: number, key: string | undefined, body: unknown, address: string) {
  await checkDeviceKey(ctx, arcoId, key, address);
  const parsed = parseSamples(body);
  if ('error' in parsed) throw badRequest(parsed.error);
  return ingest(ctx, arcoId, parsed.samples);
}

/**
 * One MQTT message of `<topic>/telemetry` (given the arco's topic). A payload that is no samples, or a
 * topic no longer bound, is acknowledged and counted in the machines' refusal summary; while the
 * database is away the message is held unacknowledged (HoldMessage: the broker keeps it and what
 * follows, docs/decisions/029-database-outages.md).
 */
export async function handleTelemetryMessage(ctx: ServiceContext, topic: string, payload: Buffer): Promise<void> {
  const parsed = parseSamples(payload.toString('utf8'));
  if ('error' in parsed) {
    ctx.machines.refusals.mqtt.count(`no samples on ${topic}/telemetry`);
    return;
  }
  try {
    if ((await ingestFor(ctx, { topic }, parsed.samples)) === null) ctx.machines.refusals.mqtt.count(`no arco bound to ${topic}`);
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw new HoldMessage((signal) => waitForDatabase(ctx.db, 500, signal), m.heldForDatabase);
    if (isLocked(error)) throw new HoldMessage((signal) => waitForWriteLock(ctx.db, 500, signal), m.heldForDatabase);
    if (error instanceof AppError) return;
    throw error;
  }
}

/**
 * SQLite's file locked by another process beyond the busy timeout (a long write, a backup tool, a
 * shell left in a transaction): like an outage, the message waits on the broker
 * (docs/decisions/088-telemetry-ingest-in-groups.md).
 */
const isLocked = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';

/** Resolves once a write transaction can begin (an empty one commits); rejects when `signal` aborts. */
async function waitForWriteLock(db: Executor, everyMs: number, signal: AbortSignal): Promise<void> {
  for (;;) {
    signal.throwIfAborted();
    try {
      await db.transaction().execute(async () => undefined);
      return;
    } catch {
      // Still locked (or away): the next attempt follows.
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

// ---- Passes ----

function passOf(seam: SeamProcedure, passType: string) {
  return seam.passes.find((p) => p.pass_type === passType);
}

/** Ends a pass: its summary and excursions from its seconds; what marks the circular is returned to be told after the commit. */
async function finish(ctx: ServiceContext, trx: Executor, run: Run): Promise<Notice[]> {
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
async function judgeWindow(ctx: ServiceContext, trx: Executor, run: Run, fromSecond: number, toSecond: number): Promise<Notice[]> {
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
async function tell(ctx: ServiceContext, notices: Notice[]) {
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

function assertAtArco(user: AuthUser): number {
  if (user.arco_sumergido_id === null) throw badRequest(m.noArco);
  return user.arco_sumergido_id;
}

/** 'Iniciar soldadura': the operator at the arco names the circular and the pass; a pass the arc opened is adopted. */
export async function startRun(ctx: ServiceContext, user: AuthUser, body: z.output<typeof startRunBody>, nowMs = Date.now()) {
  const arcoId = assertAtArco(user);
  const seam = await seamProcedure(ctx.db, body.tramo_id);
  if (!seam) throw conflict(m.noWeldRecord);
  const pass = passOf(seam, body.pass_type);
  if (!pass) throw badRequest(m.passNotInProcedure);
  const binding = {
    tramo_id: body.tramo_id,
    pass_type: body.pass_type,
    operator_id: user.id,
    operator_name: user.name,
    state: 'abierta',
    revision_id: seam.revision_id,
    process: seam.process,
    efficiency: efficiencyFactor(seam.process),
    nominal_speed: (pass.speed_min + pass.speed_max) / 2,
    updated_at: new Date().toISOString(),
  } as const;
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      const open = await repo.openRun(trx, arcoId);
      if (open?.state === 'abierta') throw conflict(m.runOpen);
      if (open) {
        await repo.updateRun(trx, open.id, binding);
        return open.id;
      }
      const created = await repo.insertRun(trx, {
        ...binding,
        arco_sumergido_id: arcoId,
        origin: 'operario',
        started_ms: nowMs,
        created_at: binding.updated_at,
      });
      // Seconds already written from the start on (a device ahead of the tap) belong to it.
      await repo.assignSeconds(trx, arcoId, Math.floor(nowMs / 1000), Math.floor(nowMs / 1000) + 86_400, created.id);
      return created.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(m.runOpen);
    throw error;
  }
  return runView(ctx, (await repo.findRun(ctx.db, id))!);
}

/** 'Finalizar soldadura': the arco's running pass ends now; its summary and judgement follow. */
export async function endRun(ctx: ServiceContext, user: AuthUser, nowMs = Date.now()) {
  const arcoId = assertAtArco(user);
  const notices: Notice[] = [];
  const id = await ctx.db.transaction().execute(async (trx) => {
    const open = await repo.openRun(trx, arcoId);
    if (!open) throw conflict(m.noRunOpen);
    const endedMs = Math.max(nowMs, open.started_ms);
    await repo.updateRun(trx, open.id, { state: 'cerrada', ended_ms: endedMs });
    // Seconds after the end are nobody's until another pass starts.
    await repo.assignSeconds(trx, arcoId, Math.floor(endedMs / 1000) + 1, Math.floor(endedMs / 1000) + 86_400, null);
    notices.push(...(await finish(ctx, trx, { ...open, state: 'cerrada', ended_ms: endedMs })));
    return open.id;
  });
  await tell(ctx, notices);
  return runView(ctx, (await repo.findRun(ctx.db, id))!);
}

export async function getRun(ctx: ServiceContext, id: number): Promise<WeldRun> {
  const run = await repo.findRun(ctx.db, id);
  if (!run) throw notFound(m.runNotFound);
  return runView(ctx, run);
}

/** The running pass at the user's arco (null when none). */
export async function runAtArco(ctx: ServiceContext, user: AuthUser): Promise<WeldRun | null> {
  if (user.arco_sumergido_id === null) return null;
  const run = await repo.openRun(ctx.db, user.arco_sumergido_id);
  return run ? runView(ctx, run) : null;
}

/** A pass's per-second summary (the chart after the pass). */
export async function runSecondsView(ctx: ServiceContext, id: number) {
  const run = await repo.findRun(ctx.db, id);
  if (!run) throw notFound(m.runNotFound);
  const rows = await repo.runSeconds(ctx.db, id);
  return {
    seconds: rows.map((r) => ({
      at: iso(r.second * 1000),
      arc_share: r.n ? r.arc_n / r.n : 0,
      current: r.arc_n ? round(r.i_sum / r.arc_n, 2) : null,
      voltage: r.arc_n ? round(r.u_sum / r.arc_n, 2) : null,
      wire_feed: r.arc_n ? round(r.wf_sum / r.arc_n, 3) : null,
      speed: r.arc_n ? round(r.v_sum / r.arc_n, 2) : null,
      temperature: r.temp_n ? round(r.temp_sum / r.temp_n, 1) : null,
    })),
  };
}

async function runView(ctx: ServiceContext, run: Run): Promise<WeldRun> {
  // A pass still running is summarised on the fly; an ended one as it was stored.
  const summary =
    run.summary && run.state === 'cerrada'
      ? (JSON.parse(run.summary) as ReturnType<typeof summarize>)
      : summarize(await repo.runSeconds(ctx.db, run.id), run.efficiency, ctx.telemetry.wireKgPerM);
  return {
    id: run.id,
    arco_sumergido_id: run.arco_sumergido_id,
    tramo_id: run.tramo_id,
    pass_type: run.pass_type as WeldRun['pass_type'],
    operator_id: run.operator_id,
    state: run.state as WeldRun['state'],
    origin: run.origin as WeldRun['origin'],
    started_at: iso(run.started_ms),
    ended_at: run.ended_ms === null ? null : iso(run.ended_ms),
    arc_seconds: summary.arc_ms / 1000,
    samples: summary.samples,
    current: summary.current,
    voltage: summary.voltage,
    wire_feed: summary.wire_feed,
    speed: summary.speed,
    temperature: summary.temperature,
    heat_input_kj_mm: summary.heat_input_kj_mm,
    efficiency_factor: run.efficiency,
    length_mm: summary.length_mm,
    deposited_kg: summary.deposited_kg,
    excursions: run.excursions ? (JSON.parse(run.excursions) as Excursion[]) : [],
  };
}

// ---- The circular's judgement and the decision ----

export async function seamTelemetry(ctx: ServiceContext, tramoId: number): Promise<SeamTelemetry> {
  const [runs, judgement] = await Promise.all([repo.runsOfTramo(ctx.db, tramoId), repo.findJudgement(ctx.db, tramoId)]);
  if (!runs.length && !judgement && !(await seamProcedure(ctx.db, tramoId))) throw notFound(m.circularNotFound);
  return {
    tramo_id: tramoId,
    judgement: judgement ? 'fuera_de_procedimiento' : 'conforme',
    decision: (judgement?.decision as SeamTelemetry['decision']) ?? null,
    decision_reason: judgement?.decision_reason ?? null,
    decided_by: judgement?.decided_by_name ?? null,
    decided_at: judgement?.decided_at ?? null,
    runs: await Promise.all(runs.map((r) => runView(ctx, r))),
  };
}

/**
 * Calidad of the circular's nave (or an administrator) records the decision on a circular out of
 * procedure, in one transaction with its effect on the seam ('aceptar' releases the hold, 'rechazar'
 * keeps it or sets it again: docs/decisions/092-seam-hold-in-the-weld-records.md) and its row in the
 * seam's history. A later decision replaces it; the history keeps each.
 */
export async function decide(ctx: ServiceContext, user: AuthUser, tramoId: number, body: z.output<typeof decisionBody>) {
  const seam = await seamProcedure(ctx.db, tramoId);
  if (!seam) throw notFound(m.circularNotFound);
  await assertCalidadAt(ctx, user, seam.nave_id);
  await ctx.db.transaction().execute(async (trx) => {
    const judgement = await repo.findJudgement(trx, tramoId);
    if (!judgement) throw conflict(m.notOutOfProcedure);
    await repo.saveDecision(trx, tramoId, {
      decision: body.decision,
      decision_reason: body.reason,
      decided_by: user.id,
      decided_by_name: user.name,
      decided_at: new Date().toISOString(),
    });
    if (body.decision === 'aceptar') await releaseAcceptance(trx, tramoId);
    else await holdAcceptance(trx, tramoId, judgement.marked_at);
    const runs = await repo.runsOfTramo(trx, tramoId);
    await recordAudit(trx, {
      actor: user,
      entity: 'weld_seam',
      entityId: tramoId,
      action: 'decide',
      before: judgement.decision
        ? { decision: dm.decisionName[judgement.decision as Decision], reason: judgement.decision_reason }
        : { decision: dm.awaitingDecision },
      after: {
        decision: dm.decisionName[body.decision],
        reason: body.reason,
        excursions: runs
          .flatMap((r) => excursionsOfRun(r))
          .map((x) => dm.excursionText(x))
          .join('; '),
      },
    });
  });
  return seamTelemetry(ctx, tramoId);
}

const excursionsOfRun = (r: Pick<Run, 'excursions' | 'pass_type'>) =>
  (r.excursions ? (JSON.parse(r.excursions) as Excursion[]) : []).map((x) => ({ ...x, pass_type: r.pass_type as PassType | null }));

/**
 * The circulares marked out of procedure still waiting for a decision, oldest mark first, each with its
 * excursions: for an administrator every nave's, for Calidad their naves' (403 for anyone else).
 */
export async function awaitingDecision(ctx: ServiceContext, user: AuthUser): Promise<AwaitingDecision> {
  const naves = user.role === 'admin' ? null : await calidadNaveIds(ctx, user);
  if (naves && naves.size === 0) throw forbidden(weldMessages.notCalidadAnywhere);
  const marked = await repo.undecidedJudgements(ctx.db);
  const heads = (
    await seamHeads(
      ctx.db,
      marked.map((j) => j.tramo_id),
    )
  ).filter((h) => naves === null || naves.has(h.nave_id));
  const runs = await repo.runsOfTramos(
    ctx.db,
    heads.map((h) => h.tramo_id),
  );
  const byId = new Map(heads.map((h) => [h.tramo_id, h]));
  return {
    seams: marked.flatMap((j) => {
      const head = byId.get(j.tramo_id);
      if (!head) return [];
      const { nave_id: _n, ...fields } = head;
      return [{ ...fields, marked_at: j.marked_at, excursions: runs.filter((r) => r.tramo_id === j.tramo_id).flatMap(excursionsOfRun) }];
    }),
  };
}

// ---- Live ----

/** Each arco's latest sample within the last 10 s (the plant board's 'arc burning'). */
export async function liveArcos(ctx: ServiceContext, nowMs = Date.now()): Promise<LiveArco[]> {
  const rows = await ctx.db
    .selectFrom('telemetry_samples as s')
    .selectAll()
    .where('s.t', '>', nowMs - 10_000)
    .where(({ eb, selectFrom }) =>
      eb(
        's.t',
        '=',
        selectFrom('telemetry_samples as l')
          .select((e) => e.fn.max('l.t').as('t'))
          .whereRef('l.arco_sumergido_id', '=', 's.arco_sumergido_id'),
      ),
    )
    .execute();
  const runs = await Promise.all(rows.map((r) => repo.openRun(ctx.db, r.arco_sumergido_id)));
  return rows.map((r, k) =>
    liveOf(r.arco_sumergido_id, { t: r.t, arc: r.arc === 1, i: r.i, u: r.u, wf: r.wf, v: r.v, temp: r.temp }, runs[k]?.id ?? null),
  );
}

// ---- Figures ----

const dayStart = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * Per arco and worked shift of its nave's calendar (decision 040): planned time (the shift less its
 * breaks), stops (its paradas' worked part; micro-stops are left to performance as decision 020 leaves
 * them out of availability), arc time, length and wire from the per-minute rows, nominal time (each
 * pass's length in the shift at the mid of its pass's speed range), first-pass seams of the circulares
 * welded in it; availability = (planned − stops) ÷ planned, performance = nominal ÷ run time, quality =
 * first-pass ÷ inspected, OEE their product. Per operator and shift: their passes' arc time ÷ planned.
 */
export async function figures(ctx: ServiceContext, q: z.output<typeof figuresQuery>, nowMs = Date.now()): Promise<FiguresResponse> {
  if (q.from > q.to) throw badRequest(m.rangeInvalid);
  // A day either side: the factory's zone moves a day's shifts off UTC midnight.
  const from = new Date(dayStart(q.from).getTime() - 86_400_000);
  const to = new Date(dayStart(q.to).getTime() + 2 * 86_400_000);
  const arcos = (await allArcos(ctx.db)).filter((a) => q.nave === undefined || a.nave === q.nave);
  const ids = arcos.map((a) => a.id);
  const [minutes, runs, stops] = await Promise.all([
    repo.minutesBetween(ctx.db, ids, Math.floor(from.getTime() / 60_000), Math.ceil(to.getTime() / 60_000)),
    repo.runsBetween(ctx.db, ids, from.getTime(), to.getTime()),
    arcoParadasOverlapping(ctx.db, ids, from.toISOString(), to.toISOString()),
  ]);
  const active = new Set([...minutes.map((r) => r.arco_sumergido_id), ...runs.map((r) => r.arco_sumergido_id)]);
  const out: FiguresResponse = { arcos: [], operators: [] };
  const byNave = new Map<string, ReturnType<typeof timed>>();
  for (const arco of arcos.filter((a) => active.has(a.id)).sort((a, b) => a.name.localeCompare(b.name))) {
    let instances = byNave.get(arco.nave);
    if (!instances) {
      instances = timed(
        (await instancesAtNave(ctx, from, to, arco.nave)).filter((i) => i.worked && i.date >= q.from && i.date <= q.to),
        nowMs,
      );
      byNave.set(arco.nave, instances);
    }
    for (const t of instances) {
      const planned = workedOverlapMs(t, t.start, t.end);
      if (planned <= 0) continue;
      const stopMs = stops
        .filter((s) => s.arco_sumergido_id === arco.id && !s.micro_stop)
        .reduce((sum, s) => sum + workedOverlapMs(t, Date.parse(s.start_time), s.end_time ? Date.parse(s.end_time) : nowMs), 0);
      const mins = minutes.filter((r) => r.arco_sumergido_id === arco.id && r.minute * 60_000 >= t.start && r.minute * 60_000 < t.end);
      const arcMs = mins.reduce((sum, r) => sum + r.arc_ms, 0);
      const lengthMm = mins.reduce((sum, r) => sum + r.length_mm, 0);
      const wireM = mins.reduce((sum, r) => sum + r.wire_m, 0);
      const inShift = runs
        .filter((r) => r.arco_sumergido_id === arco.id)
        .map((r) => ({ r, share: shareIn(r, t, nowMs) }))
        .filter((x) => x.share > 0);
      const nominalMs = inShift.reduce(
        (sum, { r, share }) => sum + (r.nominal_speed ? ((r.length_mm * share) / r.nominal_speed) * 60_000 : 0),
        0,
      );
      const tramos = [...new Set(inShift.flatMap(({ r }) => (r.tramo_id === null ? [] : [r.tramo_id])))];
      const fp = await firstPassOf(ctx.db, tramos);
      const runMs = planned - stopMs;
      const availability = runMs / planned;
      const performance = runMs > 0 ? nominalMs / runMs : null;
      const quality = fp.inspected > 0 ? fp.first_pass / fp.inspected : null;
      out.arcos.push({
        arco_sumergido_id: arco.id,
        arco: arco.name,
        date: t.instance.date,
        shift: t.instance.name,
        planned_seconds: planned / 1000,
        stop_seconds: stopMs / 1000,
        run_seconds: runMs / 1000,
        arc_seconds: round(arcMs / 1000, 1),
        arc_on_share: round(arcMs / planned, 4),
        length_m: round(lengthMm / 1000, 3),
        deposited_kg: round(wireM * ctx.telemetry.wireKgPerM, 3),
        nominal_seconds: round(nominalMs / 1000, 1),
        availability: round(availability, 4),
        performance: performance === null ? null : round(performance, 4),
        inspected_seams: fp.inspected,
        first_pass_seams: fp.first_pass,
        quality: quality === null ? null : round(quality, 4),
        oee: performance === null || quality === null ? null : round(availability * performance * quality, 4),
      });
      const operators = new Map<number, { name: string; arcMs: number }>();
      for (const { r, share } of inShift) {
        if (r.operator_id === null) continue;
        const o = operators.get(r.operator_id) ?? { name: r.operator_name ?? '', arcMs: 0 };
        o.arcMs += r.arc_ms * share;
        operators.set(r.operator_id, o);
      }
      for (const [operatorId, o] of operators) {
        out.operators.push({
          operator_id: operatorId,
          operator: o.name,
          date: t.instance.date,
          shift: t.instance.name,
          planned_seconds: planned / 1000,
          arc_seconds: round(o.arcMs / 1000, 1),
          arc_on_share: round(o.arcMs / planned, 4),
        });
      }
    }
  }
  return out;
}

/** The share of a pass's time inside a shift instance. */
function shareIn(r: Pick<TelemetryRunsTable, 'started_ms' | 'ended_ms'>, t: { start: number; end: number }, nowMs: number): number {
  const end = r.ended_ms ?? nowMs;
  const span = end - r.started_ms;
  if (span <= 0) return r.started_ms >= t.start && r.started_ms < t.end ? 1 : 0;
  return Math.max(0, Math.min(end, t.end) - Math.max(r.started_ms, t.start)) / span;
}

// ---- Retention ----

/**
 * Raw samples older than TELEMETRY_RAW_DAYS go; their seconds stay where they belong to a pass (kept
 * with the seam) and the others go too, the per-minute rows keeping what the figures need.
 */
export async function reduceOldSamples(ctx: ServiceContext, nowMs = Date.now()): Promise<{ samples: number; seconds: number }> {
  const before = nowMs - ctx.telemetry.rawDays * 86_400_000;
  const samples = await repo.deleteSamplesBefore(ctx.db, before);
  const seconds = await repo.deleteLooseSecondsBefore(ctx.db, Math.floor(before / 1000));
  return { samples, seconds };
}

export const countSamples = (ctx: ServiceContext, arcoIds?: number[]) => repo.countSamples(ctx.db, arcoIds);

// The plant board's arc burning and the timeline's arc-on stretches (docs/decisions/090-arc-on-board-and-timeline.md).
export { arcStretches, arcTime, weldNow } from './views';
