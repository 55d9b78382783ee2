import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { arcoMessages } from '@portal/contract/arcos';
import {
  type MachineBinding,
  type MachineSignal,
  type MachineState,
  type MachineStateResult,
  type MachinesStatus,
  machineMessages,
  parseMachineSignal,
} from '@portal/contract/machines';
import { TELEMETRY_TOPIC_SUFFIX } from '@portal/contract/telemetry';
import type { ServiceContext } from '../../context';
import { isDatabaseUnavailable, waitForDatabase } from '../../db/outage';
import type { AuthUser } from '../../lib/auth-user';
import { AppError, badRequest, conflict, isUniqueViolation, notFound, unauthorized } from '../../lib/errors';
import { HoldMessage } from '../../lib/mqtt-client';
import { nowIso } from '../../lib/time';
import { findArco } from '../arcos/service';
import { recordAudit } from '../audit/service';
import * as paradas from '../paradas/service';
import { assertDeviceNotBlocked, recordWrongDeviceKey } from './key-attempts';
import * as repo from './repository';

// Reads other modules make of this module's tables (docs/decisions/024-one-owner-per-table.md).
export { findArcoByTopic, findArcosByTopics, listBindings } from './repository';

/** A device clock this far ahead of the server is wrong: its time is replaced by the arrival time. */
export const MAX_FUTURE_MS = 60_000;
/** Older than this, a device time is not trusted either (a broker queues a stopped portal's messages for 7 days). */
export const MAX_AGE_MS = 7 * 24 * 3600_000;

/**
 * When a state took effect: the device's time when it sent one within bounds, else the arrival time.
 * Never later than the arrival, so a stop never ends in the future.
 */
export function effectiveTime(deviceAt: string | undefined, received: string): string {
  if (!deviceAt) return received;
  const at = Date.parse(deviceAt);
  const now = Date.parse(received);
  if (Number.isNaN(at) || at > now + MAX_FUTURE_MS || at < now - MAX_AGE_MS) return received;
  return at > now ? received : new Date(at).toISOString();
}

type Binding = NonNullable<Awaited<ReturnType<typeof repo.findBinding>>>;

const view = (b: Binding): MachineBinding => ({
  arco_sumergido_id: b.arco_sumergido_id,
  topic: b.topic,
  has_key: b.key_hash !== null,
  key_created_at: b.key_created_at,
  state: b.state ?? null,
  last_report_at: b.last_report_at ?? null,
});

const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest();

async function existingArco(ctx: ServiceContext, arcoId: number): Promise<void> {
  if (!(await findArco(ctx.db, arcoId))) throw notFound(arcoMessages.notFound);
}

async function bindingView(ctx: ServiceContext, arcoId: number): Promise<MachineBinding> {
  const found = await repo.findBinding(ctx.db, arcoId);
  return found
    ? view(found)
    : { arco_sumergido_id: arcoId, topic: null, has_key: false, key_created_at: null, state: null, last_report_at: null };
}

/** The MQTT subscriber follows the bound topics: at start, after each binding change here, and periodically. */
export async function refreshTopics(ctx: ServiceContext): Promise<void> {
  const mqtt = ctx.machines.mqtt;
  if (!mqtt) return;
  const rows = await repo.boundTopics(ctx.db);
  // Each bound topic and its weld telemetry beside it (docs/decisions/079-weld-telemetry.md).
  await mqtt.setTopics(rows.flatMap((r) => [r.topic, `${r.topic}${TELEMETRY_TOPIC_SUFFIX}`]));
}

/** Binds (or, with null, unbinds) an arco's MQTT topic. */
export async function setTopic(ctx: ServiceContext, actor: AuthUser | null, arcoId: number, topic: string | null): Promise<MachineBinding> {
  await existingArco(ctx, arcoId);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const before = (await repo.findBinding(trx, arcoId))?.topic ?? null;
      await repo.saveBinding(trx, arcoId, { topic }, nowIso());
      await repo.dropEmptyBinding(trx, arcoId);
      // Binding the same topic again changes nothing and leaves no row.
      if (before !== topic) {
        await recordAudit(trx, { actor, entity: 'arco', entityId: arcoId, action: 'binding', before: { topic: before }, after: { topic } });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(machineMessages.topicDuplicate);
    throw error;
  }
  await refreshTopics(ctx);
  return bindingView(ctx, arcoId);
}

/** A new device key for the arco (any previous one stops working); the key is answered this once only. */
export async function createKey(
  ctx: ServiceContext,
  actor: AuthUser | null,
  arcoId: number,
): Promise<{ key: string; binding: MachineBinding }> {
  await existingArco(ctx, arcoId);
  const key = `pk_${randomBytes(24).toString('base64url')}`;
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.saveBinding(trx, arcoId, { key_hash: hashKey(key).toString('hex'), key_created_at: now }, now);
    // That a key was made, never the key or its hash.
    await recordAudit(trx, { actor, entity: 'arco', entityId: arcoId, action: 'key_create', touched: ['device_key'] });
  });
  return { key, binding: await bindingView(ctx, arcoId) };
}

export async function revokeKey(ctx: ServiceContext, actor: AuthUser | null, arcoId: number): Promise<MachineBinding> {
  await existingArco(ctx, arcoId);
  const found = await repo.findBinding(ctx.db, arcoId);
  if (!found?.key_hash) throw notFound(machineMessages.noKey);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.saveBinding(trx, arcoId, { key_hash: null, key_created_at: null }, nowIso());
    await repo.dropEmptyBinding(trx, arcoId);
    await recordAudit(trx, { actor, entity: 'arco', entityId: arcoId, action: 'key_revoke', touched: ['device_key'] });
  });
  return bindingView(ctx, arcoId);
}

/** A bound arco's machine state, last report and silence (null when unbound): the station terminal's home. */
export async function arcoMachine(
  ctx: ServiceContext,
  arcoId: number,
  now = Date.now(),
): Promise<{ state: MachineState | null; last_report_at: string | null; silent: boolean } | null> {
  const found = await repo.findBinding(ctx.db, arcoId);
  if (!found) return null;
  const last = found.last_report_at ?? null;
  return {
    state: (found.state as MachineState | null) ?? null,
    last_report_at: last,
    silent: last === null || now - Date.parse(last) >= ctx.machines.silenceSeconds * 1000,
  };
}

/** The broker connection and every bound arco (admin). */
export async function machinesStatus(ctx: ServiceContext): Promise<MachinesStatus> {
  const rows = await repo.listBindings(ctx.db);
  return {
    broker: ctx.machines.mqtt?.status() ?? {
      configured: false,
      connected: false,
      url: null,
      since: null,
      last_error: null,
      reconnects: 0,
      messages: 0,
    },
    silence_seconds: ctx.machines.silenceSeconds,
    micro_stop_seconds: ctx.machines.microStopSeconds,
    arcos: rows.map(view),
  };
}

/**
 * The device key of an HTTP report: 401 when missing, wrong or revoked (never a user token); 429 once
 * the address has too many wrong ones for this arco (key-attempts.ts).
 */
export async function checkDeviceKey(ctx: ServiceContext, arcoId: number, key: string | undefined, address: string): Promise<void> {
  await assertDeviceNotBlocked(ctx, arcoId, address);
  if (!key) {
    await recordWrongDeviceKey(ctx, arcoId, address, 'missing');
    throw unauthorized(machineMessages.keyMissing);
  }
  const found = await repo.findBinding(ctx.db, arcoId);
  const given = hashKey(key);
  // Compared in constant time against the stored hash, or a dummy one so an unbound arco takes as long.
  const stored = found?.key_hash ? Buffer.from(found.key_hash, 'hex') : Buffer.alloc(given.length);
  if (!timingSafeEqual(given, stored) || !found?.key_hash) {
    await recordWrongDeviceKey(ctx, arcoId, address, 'wrong');
    throw unauthorized(machineMessages.keyInvalid);
  }
}

export interface Applied {
  outcome: MachineStateResult['outcome'];
  at: string;
  /** The arco's report time before this one (null on its first report). */
  previousReport: string | null;
  /** The arco's report time after this one. */
  lastReport: string;
  cover?: paradas.MachineCover;
  run?: paradas.MachineRun;
}

/**
 * When the arco's machine stopped, if its last applied state is 'stopped' (null for an unbound arco or
 * a running machine), its state row locked for the caller's transaction: the paradas service covers
 * the machine's time again after a write that may uncover some (docs/decisions/031-machine-and-worker-stops.md).
 */
export async function stoppedSince(ctx: ServiceContext, arcoId: number): Promise<string | null> {
  const row = await repo.lockExistingState(ctx.db, ctx.engine, arcoId);
  return row?.state === 'stopped' && row.state_at !== '' ? row.state_at : null;
}

/**
 * Applies one report of an arco's machine. In one transaction, with the arco's state row locked:
 * - older than the last applied state (a late message): only the report time is kept;
 * - the same state as the last applied one (a repeat or heartbeat): likewise;
 * - 'stopped': machine paradas cover every part of the time since then that no parada of the arco
 *   covers (paradas.coverMachineStop: a worker's parada running or ended keeps its part);
 * - 'running': ends the arco's active parada (the machine's, or a worker's started before it) at that
 *   time (paradas.endMachineParada).
 * Events go out after the commit, to the parada's owner, the arco's workers and administrators (paradas.publishParada).
 */
export async function applySignal(ctx: ServiceContext, arcoId: number, signal: MachineSignal, received = nowIso()): Promise<Applied> {
  const at = effectiveTime(signal.at, received);
  let result: Applied;
  try {
    result = await applyOnce(ctx, arcoId, signal, at, received);
  } catch (error) {
    // A worker started a parada at the arco between our read and our insert (one active parada per
    // arco, enforced by the database): applied again, the worker's parada is found and kept.
    if (!isUniqueViolation(error)) throw error;
    result = await applyOnce(ctx, arcoId, signal, at, received);
  }
  if (result.cover) await paradas.publishCover(ctx, result.cover);
  if (result.run?.ended !== undefined) await paradas.publishParada(ctx, 'parada.ended', result.run.ended);
  if (result.run?.removed) await paradas.publishParada(ctx, 'parada.changed', result.run.removed);
  await publishReport(ctx, arcoId, result, received);
  return result;
}

/** At most one 'machine.report' per arco in this long, per instance (docs/decisions/035-device-set-up-and-live-reports.md). */
export const REPORT_EVENT_MS = 30_000;

/** When each arco's last 'machine.report' left this instance, per event bus (one per running app). */
const reportSent = new WeakMap<ServiceContext['events'], Map<number, number>>();

/**
 * Tells the administrators (the plant board's 'Último informe') that an arco reported: at once when it
 * was silent (never reported, or not for the silence threshold), else at most once per REPORT_EVENT_MS
 * on this instance, so a device reporting every second costs no more than one event in thirty seconds.
 */
async function publishReport(ctx: ServiceContext, arcoId: number, applied: Applied, received: string): Promise<void> {
  const sent = reportSent.get(ctx.events) ?? new Map<number, number>();
  reportSent.set(ctx.events, sent);
  const now = Date.parse(received);
  const wasSilent = applied.previousReport === null || now - Date.parse(applied.previousReport) >= ctx.machines.silenceSeconds * 1000;
  const last = sent.get(arcoId);
  if (!wasSilent && last !== undefined && now - last < REPORT_EVENT_MS) return;
  sent.set(arcoId, now);
  await ctx.events.publish('machine.report', { arco_sumergido_id: arcoId, last_report_at: applied.lastReport }, { arco: null });
}

function applyOnce(ctx: ServiceContext, arcoId: number, signal: MachineSignal, at: string, received: string): Promise<Applied> {
  return ctx.db.transaction().execute(async (trx): Promise<Applied> => {
    const current = await repo.lockState(trx, arcoId, received);
    const first = current.state_at === '';
    const lastReport = current.last_report_at > received ? current.last_report_at : received;
    const reports = { previousReport: first ? null : current.last_report_at, lastReport };
    if (!first && at < current.state_at) {
      await repo.saveState(trx, arcoId, { last_report_at: lastReport });
      return { outcome: 'late', at, ...reports };
    }
    if (!first && signal.state === current.state) {
      await repo.saveState(trx, arcoId, { last_report_at: lastReport });
      return { outcome: 'repeat', at, ...reports };
    }
    await repo.saveState(trx, arcoId, { state: signal.state, state_at: at, last_report_at: lastReport });
    const inTrx = { ...ctx, db: trx };
    if (signal.state === 'stopped') {
      return { outcome: 'applied', at, ...reports, cover: await paradas.coverMachineStop(inTrx, arcoId, at, received) };
    }
    return { outcome: 'applied', at, ...reports, run: await paradas.endMachineParada(inTrx, arcoId, at, received) };
  });
}

/** A worker at the arco (or an admin) describes a machine's parada (modules/paradas). */
export const describeMachineParada = paradas.describeMachineParada;

/** POST /api/machines/:id/state: the key checked first, then the state; a bad one is a Spanish 400. */
export async function reportState(
  ctx: ServiceContext,
  arcoId: number,
  key: string | undefined,
  body: unknown,
  address: string,
): Promise<MachineStateResult> {
  await checkDeviceKey(ctx, arcoId, key, address);
  const signal = parseMachineSignal(body);
  if ('error' in signal) throw badRequest(signal.error);
  const applied = await applySignal(ctx, arcoId, signal);
  return { message: machineMessages.accepted, outcome: applied.outcome, state: signal.state, at: applied.at };
}

/** How often a failed database write of an MQTT message is retried before it is given up (logged). */
const MQTT_RETRIES = 8;

/**
 * One MQTT message: the arco bound to its topic, the payload parsed, the state applied. A payload that
 * is no state, or a topic no longer bound, is acknowledged and counted in a summary the log gets at most
 * once a minute (an open broker cannot flood the log). While the database is away (restarting, failing
 * over, unreachable) the message is held unacknowledged, however long that takes (HoldMessage;
 * docs/decisions/029-database-outages.md); another database failure is retried with a doubling pause
 * (the message is acknowledged only after, so the broker holds the rest meanwhile).
 */
export async function handleMqttMessage(ctx: ServiceContext, topic: string, payload: Buffer, received = nowIso()): Promise<void> {
  const signal = parseMachineSignal(payload.toString('utf8'));
  if ('error' in signal) {
    ctx.machines.refusals.mqtt.count(`not a state on ${topic}`);
    return;
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const bound = await repo.findArcoByTopic(ctx.db, topic);
      if (!bound) {
        ctx.machines.refusals.mqtt.count(`no arco bound to ${topic}`);
        return;
      }
      await applySignal(ctx, bound.arco_sumergido_id, signal, received);
      return;
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        throw new HoldMessage((signal) => waitForDatabase(ctx.db, 500, signal), machineMessages.heldForDatabase);
      }
      if (error instanceof AppError || attempt >= MQTT_RETRIES) {
        ctx.log.error({ err: error, topic }, 'machine signal not applied');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 100 * 2 ** attempt)));
    }
  }
}
