import {
  telemetryMessages as m,
  parseSamples,
  type Sample,
  type SamplesResult,
  TELEMETRY_MAX_AGE_MS,
  TELEMETRY_MAX_FUTURE_MS,
} from '@portal/contract/telemetry';
import type { ServiceContext } from '../../context';
import { isDatabaseLocked, isDatabaseUnavailable, waitForDatabase } from '../../db/outage';
import { AppError, badRequest } from '../../lib/errors';
import { HoldMessage } from '../../lib/mqtt-client';
import { checkDeviceKey } from '../machines/service';
import type { Executor } from './common';
import { type GroupMessage, type Written, writeInTransaction } from './ingest-group';
import { tell } from './judgement';
import { publishLive } from './live';

// Weld samples in (docs/decisions/079-weld-telemetry.md): an arco's HTTP batches and MQTT messages,
// queued and written in groups (docs/decisions/088-telemetry-ingest-in-groups.md, one group's
// transaction in ingest-group.ts).

/** A message or request waiting for the next group's transaction: its arco, or the topic that names it. */
interface Waiting extends GroupMessage {
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

/** Lets the event loop read what the sockets hold (the MQTT messages that came with this one) first. */
const afterPendingInput = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes what waits, group after group, until nothing does. Before each group the event loop reads
 * its sockets: a burst's messages, arriving together, are written in one transaction rather than one
 * per socket read (docs/decisions/108-telemetry-bursts-on-sqlite.md).
 */
async function writeWaiting(ctx: ServiceContext, queue: { waiting: Waiting[]; writing: boolean }) {
  queue.writing = true;
  try {
    for (await afterPendingInput(); queue.waiting.length; await afterPendingInput()) {
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

async function writeGroup(ctx: ServiceContext, group: Waiting[]): Promise<void> {
  let written: Written;
  try {
    written = await ctx.db.transaction().execute((trx) => writeInTransaction(ctx, trx, group));
  } catch (error) {
    if (group.length > 1 && !isDatabaseUnavailable(error) && !isDatabaseLocked(error)) {
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
    if (isDatabaseLocked(error)) throw new HoldMessage((signal) => waitForWriteLock(ctx.db, 500, signal), m.heldForDatabase);
    if (error instanceof AppError) return;
    throw error;
  }
}

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
