import {
  ANDON_DEFAULT_MAINTENANCE_MINUTES,
  ANDON_DEFAULT_SUPERVISOR_MINUTES,
  type AndonCall,
  type AndonCallsResponse,
  type AndonFigure,
  type AndonFigures,
  type AndonLevel,
  type AndonLight,
  type AndonOrigin,
  type AndonPushPayload,
  type AndonRoles,
  type AndonRules,
  andonMessages,
  andonPushBody,
  andonPushTitle,
  type andonRolesBody,
  type andonRulesBody,
  type PlantaAndon,
  type pushSubscriptionBody,
} from '@portal/contract/andon';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { claimedInstant } from '../../lib/client-time';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { checkOutboundUrl, OutboundUrlError } from '../../lib/outbound-url';
import { allArcos, findArco } from '../arcos/service';
import { recordAudit } from '../audit/service';
import { listBindings } from '../machines/service';
import { listMotivos } from '../motivos/service';
import { findNaveByName, listNaves } from '../naves/service';
import * as paradas from '../paradas/service';
import { findAccount } from '../users/service';
import * as repo from './repository';
import { andonState } from './state';

// The andon: who is called, when, the answers and the figures (docs/decisions/043-andon.md).

const isAdmin = (user: AuthUser) => user.role === 'admin';
const nowIso = (ctx: ServiceContext) => ctx.andon.now().toISOString();

/** A row of the calls' view as the contract shows it. */
function toCall(row: repo.CallRow): AndonCall {
  const { nave_id: _naveId, ...call } = row;
  return call;
}

/** Runs a background step (a push, an MQTT message) so that close() can wait for it; it never throws. */
function inBackground(ctx: ServiceContext, what: string, step: () => Promise<unknown>): void {
  const running = step()
    .catch((error) => ctx.log.warn({ err: error }, what))
    .finally(() => andonState(ctx).background.delete(running));
  andonState(ctx).background.add(running);
}

/** Waits for the pushes and MQTT messages under way (on close, and in tests). */
export async function settleBackground(ctx: ServiceContext): Promise<void> {
  const { background } = andonState(ctx);
  while (background.size) await Promise.allSettled([...background]);
}

// ---- Capabilities ----

async function rolesOf(ctx: ServiceContext, userId: number): Promise<AndonRoles> {
  const rows = await repo.rolesOf(ctx.db, userId);
  return {
    user_id: userId,
    supervisor: rows.filter((r) => r.role === 'supervisor').map((r) => r.nave),
    maintenance: rows.filter((r) => r.role === 'maintenance').map((r) => r.nave),
  };
}

export async function getRoles(ctx: ServiceContext, userId: number): Promise<AndonRoles> {
  if (!(await findAccount(ctx.db, userId))) throw notFound();
  return rolesOf(ctx, userId);
}

/** The ids of naves given by name: an unknown name is a 400. */
async function naveIds(ctx: ServiceContext, names: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const name of names) {
    const nave = await findNaveByName(ctx.db, name);
    if (!nave) throw badRequest(andonMessages.naveUnknown);
    ids.set(name, nave.id);
  }
  return ids;
}

export async function setRoles(
  ctx: ServiceContext,
  actor: AuthUser,
  userId: number,
  body: z.output<typeof andonRolesBody>,
): Promise<AndonRoles> {
  if (!(await findAccount(ctx.db, userId))) throw notFound();
  const ids = await naveIds(ctx, [...body.supervisor, ...body.maintenance]);
  const rows = [
    ...body.supervisor.map((n) => ({ nave_id: ids.get(n)!, role: 'supervisor' as const })),
    ...body.maintenance.map((n) => ({ nave_id: ids.get(n)!, role: 'maintenance' as const })),
  ];
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.rolesOf(trx, userId);
    await repo.replaceRoles(trx, userId, rows, nowIso(ctx));
    const list = (rs: { role: string; nave: string }[], role: AndonLevel) =>
      rs
        .filter((r) => r.role === role)
        .map((r) => r.nave)
        .sort()
        .join(', ');
    await recordAudit(trx, {
      actor,
      entity: 'user',
      entityId: userId,
      action: 'andon_roles',
      before: { supervisor: list(before, 'supervisor'), maintenance: list(before, 'maintenance') },
      after: { supervisor: [...body.supervisor].sort().join(', '), maintenance: [...body.maintenance].sort().join(', ') },
    });
  });
  const roles = await rolesOf(ctx, userId);
  // Their open pages follow at once: the calls' audience is read at each publishing, and this tells
  // their screens to show or hide the alert bar and 'Avisos' (docs/decisions/058-calls-reach-whoever-may-answer.md).
  await ctx.events.publish('andon.roles', { roles }, { user: userId });
  return roles;
}

// ---- Rules ----

export async function getRules(ctx: ServiceContext): Promise<AndonRules> {
  const [rows, naves, immediate] = await Promise.all([repo.listRules(ctx.db), listNaves(ctx), repo.immediateMotivos(ctx.db)]);
  const byNave = new Map(rows.map((r) => [r.nave_id, r]));
  const plant = byNave.get(repo.PLANT);
  return {
    supervisor_minutes: plant?.supervisor_minutes ?? ANDON_DEFAULT_SUPERVISOR_MINUTES,
    maintenance_minutes: plant?.maintenance_minutes ?? ANDON_DEFAULT_MAINTENANCE_MINUTES,
    naves: naves.map((n) => ({
      nave: n.name,
      supervisor_minutes: byNave.get(n.id)?.supervisor_minutes ?? null,
      maintenance_minutes: byNave.get(n.id)?.maintenance_minutes ?? null,
    })),
    immediate_motivos: immediate,
  };
}

export async function setRules(ctx: ServiceContext, actor: AuthUser, body: z.output<typeof andonRulesBody>): Promise<AndonRules> {
  const ids = await naveIds(
    ctx,
    body.naves.map((n) => n.nave),
  );
  const known = new Set((await listMotivos(ctx)).map((m) => m.id));
  if (body.immediate_motivos.some((id) => !known.has(id))) throw badRequest(andonMessages.motivoUnknown);
  const before = await getRules(ctx);
  const at = nowIso(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.replaceRules(
      trx,
      [
        { nave_id: repo.PLANT, supervisor_minutes: body.supervisor_minutes, maintenance_minutes: body.maintenance_minutes },
        ...body.naves
          .filter((n) => n.supervisor_minutes !== null || n.maintenance_minutes !== null)
          .map((n) => ({
            nave_id: ids.get(n.nave)!,
            supervisor_minutes: n.supervisor_minutes,
            maintenance_minutes: n.maintenance_minutes,
          })),
      ],
      at,
    );
    await repo.replaceImmediateMotivos(trx, [...new Set(body.immediate_motivos)], at);
    const flat = (r: AndonRules) => ({
      supervisor_minutes: r.supervisor_minutes,
      maintenance_minutes: r.maintenance_minutes,
      naves: r.naves
        .filter((n) => n.supervisor_minutes !== null || n.maintenance_minutes !== null)
        .map((n) => `${n.nave}: ${n.supervisor_minutes ?? '-'}/${n.maintenance_minutes ?? '-'}`)
        .join(', '),
      immediate_motivos: [...r.immediate_motivos].sort((a, b) => a - b).join(', '),
    });
    await recordAudit(trx, {
      actor,
      entity: 'andon_rules',
      entityId: 1,
      action: 'update',
      before: flat(before),
      after: flat({ ...body, naves: body.naves, immediate_motivos: [...new Set(body.immediate_motivos)] }),
    });
  });
  return getRules(ctx);
}

// ---- Publishing a call: event, push, light ----

/**
 * The one publisher of andon events: `andon.called` for a new call, `andon.changed` for an answer or
 * its end. Audience: the users called (that level's people of the arco's nave), everyone at the arco
 * and administrators. A new call is also pushed to the called users' devices; any change may change
 * the arco's light.
 */
async function publishCall(ctx: ServiceContext, type: 'andon.called' | 'andon.changed', id: number): Promise<AndonCall | undefined> {
  const row = await repo.findCall(ctx.db, id);
  if (!row) return undefined;
  const call = toCall(row);
  const users = (await repo.calledUsers(ctx.db, row.nave_id, row.level)).map((u) => u.id);
  await ctx.events.publish(type, { call }, { users, arco: call.arco_sumergido_id });
  if (type === 'andon.called') inBackground(ctx, 'andon push not sent', () => pushCall(ctx, call, users));
  inBackground(ctx, 'andon light not sent', () => sendLight(ctx, call.arco_sumergido_id));
  return call;
}

/** Sends a call to every device of the called users. */
async function pushCall(ctx: ServiceContext, call: AndonCall, users: number[]): Promise<void> {
  const payload: AndonPushPayload = {
    type: 'andon.called',
    title: andonPushTitle(call),
    body: andonPushBody(call),
    url: '/avisos',
    call,
  };
  await pushToUsers(ctx, users, payload);
}

/**
 * Sends a push message (the service worker shows `title` and `body`, opens `url`) to every device of
 * these users. A gone subscription, or one stored before the outbound URL rule that fails it now
 * (docs/decisions/061-outbound-urls.md), is forgotten without being dialled.
 */
async function pushToUsers(ctx: ServiceContext, users: number[], payload: { title: string; body: string; url: string }): Promise<void> {
  const push = ctx.andon.push;
  if (!push) return;
  const text = JSON.stringify(payload);
  for (const target of await repo.subscriptionsOf(ctx.db, users)) {
    const outcome = await push.send(target, text);
    if (outcome === 'gone' || outcome === 'refused') await repo.forgetEndpoint(ctx.db, target.endpoint);
  }
}

/** Pushes a message to these users' devices in the background (settled on close, and by tests through settleBackground). */
export function pushInBackground(
  ctx: ServiceContext,
  users: number[],
  payload: { title: string; body: string; url: string; tag?: string },
): void {
  inBackground(ctx, 'push not sent', () => pushToUsers(ctx, users, payload));
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
  return row && toCall(row);
}

export async function callsFor(ctx: ServiceContext, user: AuthUser): Promise<AndonCallsResponse> {
  const [rows, roles] = await Promise.all([repo.openCalls(ctx.db, isAdmin(user) ? {} : { userId: user.id }), rolesOf(ctx, user.id)]);
  return { calls: rows.map(toCall), supervisor: roles.supervisor, maintenance: roles.maintenance };
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
  return (await repo.openCalls(ctx.db, { arcoId })).map(toCall);
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

// ---- Escalation (run by scheduler.ts) ----

/** Minutes of each level per nave id, the plant's where a nave has none. */
function minutesFor(rules: Awaited<ReturnType<typeof repo.listRules>>) {
  const byNave = new Map(rules.map((r) => [r.nave_id, r]));
  const plant = byNave.get(repo.PLANT);
  const plantSupervisor = plant?.supervisor_minutes ?? ANDON_DEFAULT_SUPERVISOR_MINUTES;
  const plantMaintenance = plant?.maintenance_minutes ?? ANDON_DEFAULT_MAINTENANCE_MINUTES;
  return (naveId: number) => ({
    supervisor: byNave.get(naveId)?.supervisor_minutes ?? plantSupervisor,
    maintenance: byNave.get(naveId)?.maintenance_minutes ?? plantMaintenance,
  });
}

/**
 * How long a start that reached the server late waits for its end (docs/decisions/057-andon-by-recorded-times.md):
 * a phone's offline queue sends a stop's start and then its end, one after the other.
 */
export const ANDON_LATE_START_WAIT_MS = 30_000;

/**
 * Whether a level due at `dueMs` waits (the next pass judges it again): the escalation judges a stop by
 * its recorded times, and a start received well after it was tapped and after the level fell due (sent
 * from an offline queue) may already have ended; its end is then on its way and no call should open
 * after it. Such a stop is called only if it is still running ANDON_LATE_START_WAIT_MS after its start
 * arrived.
 */
function sentLate(parada: { start_time: string; start_received_at?: string | null }, dueMs: number, nowMs: number): boolean {
  if (!parada.start_received_at) return false;
  const received = Date.parse(parada.start_received_at);
  const late = received - Date.parse(parada.start_time) > ANDON_LATE_START_WAIT_MS && received > dueMs;
  return late && nowMs < received + ANDON_LATE_START_WAIT_MS;
}

/**
 * One pass of the andon at the clock's now: resolves the calls of paradas that ended (at their end
 * time), then calls, once per parada and level, the levels due for each running unplanned parada.
 * Safe to run on several instances at once: the unique index makes one insert win, and only the
 * instance whose statement made a change publishes it.
 */
export async function andonTick(ctx: ServiceContext): Promise<void> {
  const now = ctx.andon.now();
  const [active, open] = await Promise.all([paradas.listActiveParadas(ctx), repo.openParadaCalls(ctx.db)]);
  const running = new Set(active.map((p) => p.id));

  const stale = new Map<number, number[]>();
  for (const call of open) if (!running.has(call.parada_id)) stale.set(call.parada_id, [...(stale.get(call.parada_id) ?? []), call.id]);
  for (const [paradaId, ids] of stale) {
    const parada = await paradas.findParada(ctx.db, paradaId);
    if (parada && parada.end_time === null) continue; // started running again meanwhile: the next pass sees it
    for (const id of await repo.resolveCalls(ctx.db, ids, parada?.end_time ?? now.toISOString()))
      await publishCall(ctx, 'andon.changed', id);
  }

  // One running parada per arco (older data may hold several: the earliest, as on the plant board).
  const first = new Map<number, (typeof active)[number]>();
  for (const p of active) if (!first.has(p.arco_sumergido_id)) first.set(p.arco_sumergido_id, p);
  if (first.size === 0) return;
  const [rules, immediate, motivos, arcos, naves, called] = await Promise.all([
    repo.listRules(ctx.db),
    repo.immediateMotivos(ctx.db),
    listMotivos(ctx),
    allArcos(ctx.db),
    listNaves(ctx),
    repo.calledLevels(
      ctx.db,
      [...first.values()].map((p) => p.id),
    ),
  ]);
  const planned = new Set(motivos.filter((m) => m.planned).map((m) => m.id));
  const atOnce = new Set(immediate);
  const done = new Set(called.map((c) => `${c.parada_id}:${c.level}`));
  const minutes = minutesFor(rules);
  const naveIdOf = new Map(naves.map((n) => [n.name, n.id]));
  const naveOfArco = new Map(arcos.map((a) => [a.id, naveIdOf.get(a.nave)]));
  for (const parada of first.values()) {
    if (parada.motivo_id !== null && planned.has(parada.motivo_id)) continue;
    const naveId = naveOfArco.get(parada.arco_sumergido_id);
    if (naveId === undefined) continue;
    const due = minutes(naveId);
    const start = Date.parse(parada.start_time);
    const elapsed = now.getTime() - start;
    const levels: [AndonLevel, AndonOrigin, number][] = [];
    if (elapsed >= due.supervisor * 60_000) levels.push(['supervisor', 'rule', due.supervisor * 60_000]);
    if (parada.motivo_id !== null && atOnce.has(parada.motivo_id)) levels.push(['maintenance', 'motivo', 0]);
    else if (elapsed >= due.maintenance * 60_000) levels.push(['maintenance', 'rule', due.maintenance * 60_000]);
    for (const [level, origin, after] of levels) {
      if (done.has(`${parada.id}:${level}`)) continue;
      if (sentLate(parada, start + after, now.getTime())) continue;
      const id = await repo.insertCall(ctx.db, {
        arco_sumergido_id: parada.arco_sumergido_id,
        parada_id: parada.id,
        level,
        origin,
        created_at: now.toISOString(),
        created_by: null,
      });
      if (id !== undefined) await publishCall(ctx, 'andon.called', id);
    }
  }
}

// ---- Figures ----

/** Nearest-rank percentile of sorted numbers (p in 0..1). */
const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];

/** Median (the mean of the middle two for an even count) and p90 of waits in seconds, rounded. */
export function spread(values: number[]) {
  const sorted = values.filter((v) => v >= 0).sort((a, b) => a - b);
  if (sorted.length === 0) return { median_seconds: null, p90_seconds: null, count: 0 };
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median_seconds: Math.round(median), p90_seconds: Math.round(percentile(sorted, 0.9)), count: sorted.length };
}

const seconds = (from: string | null, to: string | null) => (from && to ? (Date.parse(to) - Date.parse(from)) / 1000 : null);
type TimesRow = Awaited<ReturnType<typeof repo.paradaCallTimes>>[number];

function figure(rows: TimesRow[], key: Pick<AndonFigure, 'arco_id' | 'arco_name' | 'motivo_id' | 'motivo_name'>): AndonFigure {
  const waits = (f: (r: TimesRow) => number | null) => rows.map(f).filter((v): v is number => v !== null);
  return {
    ...key,
    paradas: rows.length,
    acknowledge: spread(waits((r) => seconds(r.first_call, r.first_ack))),
    arrive: spread(waits((r) => seconds(r.first_call, r.first_arrival))),
    repair: spread(waits((r) => seconds(r.first_arrival, r.end_time))),
  };
}

/** The andon's figures of a month's ended paradas of a nave: per arco and per motivo. */
export async function andonFigures(ctx: ServiceContext, month: string, nave: string, noMotivoName: string): Promise<AndonFigures> {
  const rows = await repo.paradaCallTimes(ctx.db, { from: `${month}-01`, to: `${month}-31`, nave });
  const group = <K>(key: (r: TimesRow) => K) => {
    const groups = new Map<K, TimesRow[]>();
    for (const r of rows) {
      const group = groups.get(key(r));
      if (group) group.push(r);
      else groups.set(key(r), [r]);
    }
    return [...groups.values()];
  };
  const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });
  return {
    arcos: group((r) => r.arco_id)
      .map((rs) => figure(rs, { arco_id: rs[0].arco_id, arco_name: rs[0].arco_name, motivo_id: null, motivo_name: null }))
      .sort((a, b) => collator.compare(a.arco_name ?? '', b.arco_name ?? '')),
    motivos: group((r) => r.motivo_id)
      .map((rs) =>
        figure(rs, { arco_id: null, arco_name: null, motivo_id: rs[0].motivo_id, motivo_name: rs[0].motivo_name ?? noMotivoName }),
      )
      .sort((a, b) => b.paradas - a.paradas || collator.compare(a.motivo_name ?? '', b.motivo_name ?? '')),
  };
}

/** A parada's first call, first 'Voy', first 'En el arco', its end and its highest level. */
export type ParadaCallTimes = TimesRow;

/** The call times of some paradas, for the stops CSV's andon columns. */
export async function callTimesOf(ctx: ServiceContext, paradaIds: number[]): Promise<Map<number | null, ParadaCallTimes>> {
  const rows = await repo.paradaCallTimes(ctx.db, { from: '', to: '', paradaIds });
  return new Map(rows.map((r) => [r.parada_id, r]));
}

// ---- Web Push subscriptions ----

export function publicKey(ctx: ServiceContext): string {
  if (!ctx.andon.push) throw notFound(andonMessages.pushUnavailable);
  return ctx.andon.push.keys.publicKey;
}

export async function subscribe(ctx: ServiceContext, user: AuthUser, body: z.output<typeof pushSubscriptionBody>): Promise<void> {
  // The server POSTs to the endpoint: only to the browsers' push services (PUSH_ALLOWED_HOSTS), read as
  // the push library reads it, and never to a private address (docs/decisions/061-outbound-urls.md).
  try {
    checkOutboundUrl(body.endpoint, ctx.andon.pushRules);
  } catch (error) {
    if (!(error instanceof OutboundUrlError)) throw error;
    const elsewhere = error.reason === 'not-allowed' || error.reason === 'private';
    throw badRequest(elsewhere ? andonMessages.endpointNotAllowed : andonMessages.endpointUnsafe);
  }
  await repo.upsertSubscription(ctx.db, user.id, { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth }, nowIso(ctx));
}

export async function unsubscribe(ctx: ServiceContext, user: AuthUser, endpoint: string): Promise<void> {
  await repo.deleteSubscription(ctx.db, user.id, endpoint);
}
