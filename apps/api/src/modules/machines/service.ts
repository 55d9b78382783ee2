import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { arcoMessages } from '@portal/contract/arcos';
import {
  type MachineBinding,
  type MachineSignal,
  type MachineStateResult,
  type MachinesStatus,
  machineMessages,
  parseMachineSignal,
} from '@portal/contract/machines';
import { durationMinutes, type Parada, paradaMessages } from '@portal/contract/paradas';
import { factoryDate } from '@portal/contract/time';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, notFound, unauthorized } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { findArco } from '../arcos/repository';
import { recordAudit } from '../audit/service';
import { motivoForStop } from '../motivos/service';
import { findParada } from '../paradas/repository';
import { auditParada } from '../paradas/service';
import { assertDeviceNotBlocked, recordWrongDeviceKey } from './key-attempts';
import * as repo from './repository';

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
  await mqtt.setTopics(rows.map((r) => r.topic));
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
  opened?: number;
  ended?: number;
}

/**
 * Applies one report of an arco's machine. In one transaction, with the arco's state row locked:
 * - older than the last applied state (a late message): only the report time is kept;
 * - the same state as the last applied one (a repeat or heartbeat): likewise;
 * - 'stopped': opens a machine parada from that time, unless a parada is already active at the arco
 *   (a worker's manual start: the machine's stop is part of it);
 * - 'running': ends the arco's active parada (the machine's, or a worker's started before it) at that
 *   time; a machine parada shorter than MACHINE_MICRO_STOP_SECONDS is marked a micro-stop.
 * Events go out after the commit, to administrators (plant board) and the arco's workers.
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
  if (result.opened !== undefined) await publishParada(ctx, 'parada.started', result.opened);
  if (result.ended !== undefined) await publishParada(ctx, 'parada.ended', result.ended);
  return result;
}

function applyOnce(ctx: ServiceContext, arcoId: number, signal: MachineSignal, at: string, received: string): Promise<Applied> {
  return ctx.db.transaction().execute(async (trx): Promise<Applied> => {
    const current = await repo.lockState(trx, arcoId, received);
    const first = current.state_at === '';
    const lastReport = current.last_report_at > received ? current.last_report_at : received;
    if (!first && at < current.state_at) {
      await repo.saveState(trx, arcoId, { last_report_at: lastReport });
      return { outcome: 'late', at };
    }
    if (!first && signal.state === current.state) {
      await repo.saveState(trx, arcoId, { last_report_at: lastReport });
      return { outcome: 'repeat', at };
    }
    await repo.saveState(trx, arcoId, { state: signal.state, state_at: at, last_report_at: lastReport });
    const active = await repo.findActiveAtArco(trx, arcoId);
    if (signal.state === 'stopped') {
      if (active || (await repo.findCovering(trx, arcoId, at))) return { outcome: 'applied', at };
      const { id } = await repo.insertMachineParada(trx, arcoId, factoryDate(at, ctx.tz), at, received);
      return { outcome: 'applied', at, opened: id };
    }
    if (!active || active.start_time > at) return { outcome: 'applied', at };
    const micro = active.source === 'machine' && Date.parse(at) - Date.parse(active.start_time) < ctx.machines.microStopSeconds * 1000;
    await repo.endParadaAt(trx, active.id, at, Math.max(0, durationMinutes(active.start_time, at)), micro, received);
    return { outcome: 'applied', at, ended: active.id };
  });
}

async function publishParada(ctx: ServiceContext, type: 'parada.started' | 'parada.ended', id: number): Promise<void> {
  const parada = await findParada(ctx.db, id);
  if (!parada) return;
  // A machine's parada belongs to its arco: the workers signed in there see it, as administrators do.
  const audience = parada.user_id === null ? { arco: parada.arco_sumergido_id } : { user: parada.user_id };
  await ctx.events.publish(type, { parada }, audience);
}

/**
 * A worker signed in at the arco (or an admin) describes a machine's parada, running or ended: the
 * machine opened and ends it, the worker adds what it cannot know (description and motivo, a retired
 * motivo refused as for other stops). The audit row commits with the change. Workers' own stops keep
 * their rules.
 */
export async function describeMachineParada(
  ctx: ServiceContext,
  user: AuthUser,
  id: number,
  body: { description: string | null; motivo_id?: number | null },
): Promise<Parada> {
  await ctx.db.transaction().execute(async (trx) => {
    const found = await findParada(trx, id);
    if (!found) throw notFound(paradaMessages.notFound);
    if (found.source !== 'machine') throw conflict(machineMessages.notMachineParada);
    if (user.role !== 'admin' && user.arco_sumergido_id !== found.arco_sumergido_id) throw forbidden(machineMessages.otherArco);
    const values = { description: body.description, motivo_id: await motivoForStop(trx, body.motivo_id, found.motivo_id ?? null) };
    await repo.describeParada(trx, id, values, nowIso());
    await auditParada(trx, user, id, 'update', found, { ...found, ...values });
  });
  const updated = (await findParada(ctx.db, id))!;
  await ctx.events.publish('parada.changed', { id, arco_sumergido_id: updated.arco_sumergido_id }, { arco: updated.arco_sumergido_id });
  return updated;
}

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
 * once a minute (an open broker cannot flood the log); a database failure is retried
 * with a doubling pause (the message is acknowledged only after, so the broker holds the rest meanwhile).
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
      if (error instanceof AppError || attempt >= MQTT_RETRIES) {
        ctx.log.error({ err: error, topic }, 'machine signal not applied');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 100 * 2 ** attempt)));
    }
  }
}
