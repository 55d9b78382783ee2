import {
  type AndonCall,
  type AndonCallsResponse,
  type AndonLevel,
  type AndonLight,
  andonMessages,
  type PlantaAndon,
} from '@portal/contract/andon';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { claimedInstant } from '../../lib/client-time';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { findArco } from '../arcos/service';
import { listBindings } from '../machines/service';
import * as paradas from '../paradas/service';
import { inBackground, isAdmin, motivoNames, nowIso, toCall } from './common';
import { pushCall } from './push';
import * as repo from './repository';
import { rolesOf } from './roles';
import { andonState } from './state';

// The andon's calls: published (event, push, light), pulled at an arco, answered and read.

// ---- Publishing a call: event, push, light ----

/**
 * The one publisher of andon events: `andon.called` for a new call, `andon.changed` for an answer or
 * its end. Audience: the users called (that level's people of the arco's nave), everyone at the arco
 * and administrators. A new call is also pushed to the called users' devices; any change may change
 * the arco's light.
 */
export async function publishCall(ctx: ServiceContext, type: 'andon.called' | 'andon.changed', id: number): Promise<AndonCall | undefined> {
  const row = await repo.findCall(ctx.db, id);
  if (!row) return undefined;
  const call = toCall(row, await motivoNames(ctx));
  const users = (await repo.calledUsers(ctx.db, row.nave_id, row.level)).map((u) => u.id);
  await ctx.events.publish(type, { call }, { users, arco: call.arco_sumergido_id });
  if (type === 'andon.called') inBackground(ctx, 'andon push not sent', () => pushCall(ctx, call, users));
  inBackground(ctx, 'andon light not sent', () => sendLight(ctx, call.arco_sumergido_id));
  return call;
}

/** The arco's light now: its highest open level. */
async function lightOf(ctx: ServiceContext, arcoId: number): Promise<AndonLight> {
  const levels = new Set((await repo.openLevels(ctx.db, arcoId)).map((r) => r.level));
  return levels.has('maintenance') ? 'maintenance' : levels.has('supervisor') ? 'supervisor' : 'none';
}

/**
 * Publishes the arco's light, retained, on `<topic>/andon` when the arco is bound to an MQTT topic and
 * the light differs from what this instance sent last.
 */
async function sendLight(ctx: ServiceContext, arcoId: number): Promise<void> {
  const mqtt = ctx.machines.mqtt;
  if (!mqtt) return;
  const light = await lightOf(ctx, arcoId);
  const { lights } = andonState(ctx);
  if (lights.get(arcoId) === light) return;
  const topic = (await listBindings(ctx.db)).find((b) => b.arco_sumergido_id === arcoId)?.topic;
  if (!topic) return;
  lights.set(arcoId, light);
  await mqtt.publishRetained(`${topic}/andon`, light);
}

// ---- The cord and the answers ----

/** A worker at an arco calls: the call belongs to the parada running there, if any. */
export async function pullCord(ctx: ServiceContext, user: AuthUser, level: AndonLevel, clientTime?: string): Promise<AndonCall> {
  if (user.arco_sumergido_id === null) throw badRequest(andonMessages.noArco);
  // The tapped moment when the tap waited for a sign-in at a station terminal; bounded as every client time.
  const { instant } = claimedInstant(ctx.clientTime, clientTime, ctx.andon.now());
  if (!(await findArco(ctx.db, user.arco_sumergido_id))) throw badRequest(andonMessages.noArco);
  const running = await paradas.activeAtArco(ctx, user);
  const id = await repo.insertCall(ctx.db, {
    arco_sumergido_id: user.arco_sumergido_id,
    parada_id: running?.id ?? null,
    level,
    origin: 'manual',
    created_at: instant,
    created_by: user.id,
  });
  if (id === undefined) throw conflict(andonMessages.alreadyCalled);
  return (await publishCall(ctx, 'andon.called', id))!;
}

/** Whether the user is called for this call (their nave and level), or an administrator. */
async function isCalled(ctx: ServiceContext, user: AuthUser, call: repo.CallRow): Promise<boolean> {
  if (isAdmin(user)) return true;
  return (await repo.calledUsers(ctx.db, call.nave_id, call.level)).some((u) => u.id === user.id);
}

async function openCallFor(ctx: ServiceContext, user: AuthUser, id: number, mayAlsoAtArco = false): Promise<repo.CallRow> {
  const call = await repo.findCall(ctx.db, id);
  if (!call) throw notFound(andonMessages.callNotFound);
  const atArco = mayAlsoAtArco && user.arco_sumergido_id === call.arco_sumergido_id;
  if (!atArco && !(await isCalled(ctx, user, call))) throw forbidden(andonMessages.notCalled);
  if (call.resolved_at !== null) throw conflict(andonMessages.alreadyResolved);
  return call;
}

/** 'Voy'. */
export async function acknowledgeCall(ctx: ServiceContext, user: AuthUser, id: number): Promise<AndonCall> {
  const call = await openCallFor(ctx, user, id);
  if (!(await repo.acknowledge(ctx.db, call.id, user.id, nowIso(ctx)))) {
    const now = await repo.findCall(ctx.db, id);
    throw conflict(now?.resolved_at ? andonMessages.alreadyResolved : andonMessages.alreadyAcknowledged);
  }
  return (await publishCall(ctx, 'andon.changed', id))!;
}

/** 'En el arco': a call without parada is resolved by it. */
export async function arriveAtCall(ctx: ServiceContext, user: AuthUser, id: number): Promise<AndonCall> {
  const call = await openCallFor(ctx, user, id);
  if (!(await repo.arrive(ctx.db, call.id, user.id, nowIso(ctx), call.parada_id === null))) {
    const now = await repo.findCall(ctx.db, id);
    throw conflict(now?.resolved_at ? andonMessages.alreadyResolved : andonMessages.alreadyArrived);
  }
  return (await publishCall(ctx, 'andon.changed', id))!;
}

/** Closes a call without parada (pulled by mistake, or dealt with): the workers at its arco, the people called, admins. */
export async function resolveCall(ctx: ServiceContext, user: AuthUser, id: number): Promise<AndonCall> {
  const call = await openCallFor(ctx, user, id, true);
  if (call.parada_id !== null) throw conflict(andonMessages.resolvesWithParada);
  if ((await repo.resolveCalls(ctx.db, [call.id], nowIso(ctx))).length === 0) throw conflict(andonMessages.alreadyResolved);
  return (await publishCall(ctx, 'andon.changed', id))!;
}

// ---- Reads ----

/** A call as its events carry it (rebuilt when an event was too large for NOTIFY: lib/event-bus.ts). */
export async function findCall(ctx: ServiceContext, id: number): Promise<AndonCall | undefined> {
  const row = await repo.findCall(ctx.db, id);
  return row && toCall(row, await motivoNames(ctx));
}

export async function callsFor(ctx: ServiceContext, user: AuthUser): Promise<AndonCallsResponse> {
  const [rows, roles, names] = await Promise.all([
    repo.openCalls(ctx.db, isAdmin(user) ? {} : { userId: user.id }),
    rolesOf(ctx, user.id),
    motivoNames(ctx),
  ]);
  return { calls: rows.map((r) => toCall(r, names)), supervisor: roles.supervisor, maintenance: roles.maintenance };
}

export async function callsAtArco(ctx: ServiceContext, user: AuthUser): Promise<AndonCall[]> {
  if (user.arco_sumergido_id === null) return [];
  return openCallsOfArco(ctx, user.arco_sumergido_id);
}

/**
 * The open calls of one arco: a worker's at their arco, or a station terminal's at its own arco
 * (the arco of its credential, whoever is signed in at it or nobody).
 */
export async function openCallsOfArco(ctx: ServiceContext, arcoId: number): Promise<AndonCall[]> {
  const [rows, names] = await Promise.all([repo.openCalls(ctx.db, { arcoId }), motivoNames(ctx)]);
  return rows.map((r) => toCall(r, names));
}

/** The plant board's view of each arco with open calls: the highest level, since when, who is coming. */
export async function plantaAndon(ctx: ServiceContext): Promise<Map<number, PlantaAndon>> {
  const byArco = new Map<number, PlantaAndon>();
  for (const call of await repo.openCalls(ctx.db)) {
    const entry = byArco.get(call.arco_sumergido_id) ?? { level: call.level, since: call.created_at, coming: [] };
    if (call.level === 'maintenance') entry.level = 'maintenance';
    const name = call.arrived_by_name ?? call.acknowledged_by_name;
    if (name) entry.coming.push({ call_id: call.id, level: call.level, name, arrived: call.arrived_at !== null });
    byArco.set(call.arco_sumergido_id, entry);
  }
  return byArco;
}
