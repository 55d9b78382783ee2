import { offlineMessages } from '@portal/contract/offline-messages';
import {
  durationMinutes,
  type endParadaBody,
  type manualParadaBody,
  PARADA_MAX_MINUTES,
  PARADAS_DEFAULT_LIMIT,
  PARADAS_RANGE_LIMIT,
  type Parada,
  paradaMessages,
  type paradasQuery,
  type paradaTimesBody,
  type startParadaBody,
} from '@portal/contract/paradas';
import { factoryDate, factoryTime } from '@portal/contract/time';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/index';
import type { AuthUser } from '../../lib/auth-user';
import { claimedInstant } from '../../lib/client-time';
import { badRequest, conflict, forbidden, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors';
import type { Audience } from '../../lib/event-bus';
import { nowIso } from '../../lib/time';
import { findArco } from '../arcos/repository';
import { recordAudit } from '../audit/service';
import { motivoForStop } from '../motivos/service';
import * as repo from './repository';

type Query = z.output<typeof paradasQuery>;
type TimesBody = z.output<typeof paradaTimesBody>;
type StartBody = z.output<typeof startParadaBody>;
type EndBody = z.output<typeof endParadaBody>;
type ManualBody = z.output<typeof manualParadaBody>;

const isAdmin = (user: AuthUser) => user.role === 'admin';
/** Stop events reach administrators and the stop's owner. */
const ownerOf = (parada: { user_id: number | null }): Audience => ({ user: parada.user_id });
const iso = (instant: string) => new Date(instant).toISOString();

/** The fields of a stop its audit rows compare. */
const audited = (p: Partial<repo.NewParada>) => ({
  user_id: p.user_id,
  arco_sumergido_id: p.arco_sumergido_id,
  date: p.date,
  start_time: p.start_time,
  end_time: p.end_time,
  duration_minutes: p.duration_minutes,
  description: p.description,
  motivo_id: p.motivo_id,
  ended_by: p.ended_by,
});
export const auditParada = (
  db: Db,
  user: AuthUser,
  id: number,
  action: 'create' | 'update' | 'delete',
  before: object | null,
  after: object | null,
) =>
  recordAudit(db, {
    actor: user,
    entity: 'parada',
    entityId: id,
    action,
    before: before && audited(before),
    after: after && audited(after),
  });

/** A user sees their own stops, an admin all; without dates only the newest ones. */
export function listParadas(ctx: ServiceContext, user: AuthUser, query: Query): Promise<Parada[]> {
  const ranged = Boolean(query.startDate || query.endDate);
  return repo.listParadas(ctx.db, {
    userId: isAdmin(user) ? undefined : user.id,
    startDate: query.startDate,
    endDate: query.endDate,
    motivoId: query.motivo_id,
    limit: ranged ? PARADAS_RANGE_LIMIT : PARADAS_DEFAULT_LIMIT,
  });
}

export async function activeParada(ctx: ServiceContext, user: AuthUser): Promise<Parada | null> {
  return (await repo.findActiveParada(ctx.db, user.id)) ?? null;
}

/** The stop running at the caller's station, whoever started it (null without a station). */
export async function activeAtArco(ctx: ServiceContext, user: AuthUser): Promise<Parada | null> {
  if (user.arco_sumergido_id === null) return null;
  return (await repo.findActiveAtArco(ctx.db, user.arco_sumergido_id)) ?? null;
}

/** The 409 of a busy station, naming who started its running stop and when (factory-local). */
function arcoBusy(ctx: ServiceContext, running: Parada) {
  const [y, m, d] = factoryDate(running.start_time, ctx.tz).split('-');
  return conflict(paradaMessages.arcoBusy(running.user_name, `${d}/${m}/${y}`, factoryTime(running.start_time, ctx.tz)));
}

/** Minutes of [start, end) not already covered by earlier stops at the arco; null when none covers it. */
async function countedMinutes(db: Db, arcoId: number, id: number, start: string, end: string): Promise<number | null> {
  const earlier = await repo.earlierOverlapping(db, arcoId, id, start);
  if (earlier.length === 0) return null;
  const coveredUntil = earlier.reduce((max, r) => ((r.end_time ?? '9999') > max ? (r.end_time ?? '9999') : max), start);
  const from = coveredUntil < end ? coveredUntil : end;
  return Math.max(0, durationMinutes(from, end));
}

/**
 * Recounts the stops of an arco whose minutes older overlapping data had cut, after a write that may
 * have uncovered them (docs/decisions/017-downtime-records.md). New writes never overlap at an arco.
 */
async function recountArco(db: Db, arcoId: number): Promise<void> {
  for (const row of await repo.partlyCounted(db, arcoId)) {
    if (row.end_time === null) continue;
    const counted = await countedMinutes(db, arcoId, row.id, row.start_time, row.end_time);
    await repo.updateParada(db, row.id, { counted_minutes: counted });
  }
}

/** 404 when absent, 403 when it belongs to someone else and the caller is no admin. */
async function ownedParada(db: Db, user: AuthUser, id: number): Promise<Parada> {
  const found = await repo.findParada(db, id);
  if (!found) throw notFound(paradaMessages.notFound);
  if (found.user_id !== user.id && !isAdmin(user)) throw forbidden(paradaMessages.notOwn);
  return found;
}

export const getParada = (ctx: ServiceContext, user: AuthUser, id: number) => ownedParada(ctx.db, user, id);

/**
 * The station of a new stop is the one the worker signed in at (the token's); a body station is used
 * only by a session that carries none (an administrator signed in without choosing one).
 */
async function arcoFor(db: Db, user: AuthUser, bodyArco: number | null): Promise<number> {
  const id = user.arco_sumergido_id ?? bodyArco;
  if (id === null) throw badRequest(paradaMessages.noArco);
  if (!(await findArco(db, id))) throw badRequest(paradaMessages.arcoUnknown);
  return id;
}

function mapWriteError(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(paradaMessages.alreadyActive);
  if (isForeignKeyViolation(error)) throw badRequest(paradaMessages.arcoUnknown);
  throw error;
}

export async function startParada(ctx: ServiceContext, user: AuthUser, body: StartBody) {
  const { instant: start, received } = claimedInstant(ctx.clientTime, body.client_time);
  const arcoId = await arcoFor(ctx.db, user, body.arco_sumergido_id);
  const motivoId = await motivoForStop(ctx.db, body.motivo_id, null);
  try {
    const { id } = await ctx.db.transaction().execute(async (trx) => {
      await repo.lockUserParadas(trx, ctx.engine, user.id);
      await repo.lockArcoParadas(trx, ctx.engine, arcoId);
      if (await repo.findActiveParada(trx, user.id)) throw conflict(paradaMessages.alreadyActive);
      const running = await repo.findActiveAtArco(trx, arcoId);
      if (running) throw arcoBusy(ctx, running);
      // The partial unique indexes paradas_one_active_per_user and paradas_one_active_per_arco settle
      // a race the checks above miss.
      // A start tapped offline must not reach back into a stop recorded since.
      if (start < received && (await repo.findOverlap(trx, { user: user.id }, start, received)))
        throw conflict(offlineMessages.startOverlap);
      const values = {
        user_id: user.id,
        arco_sumergido_id: arcoId,
        date: factoryDate(start, ctx.tz),
        start_time: start,
        end_time: null,
        duration_minutes: null,
        description: body.description,
        motivo_id: motivoId,
        created_at: received,
        updated_at: received,
        start_received_at: received,
      };
      const row = await repo.insertParada(trx, values);
      await auditParada(trx, user, row.id, 'create', null, values);
      return row;
    });
    const started = await repo.findParada(ctx.db, id);
    if (started) await ctx.events.publish('parada.started', { parada: started }, ownerOf(started));
    return { stopId: id, start_time: start, message: paradaMessages.started };
  } catch (error) {
    if (isUniqueViolation(error) && !(await repo.findActiveParada(ctx.db, user.id))) {
      const running = await repo.findActiveAtArco(ctx.db, arcoId);
      if (running) throw arcoBusy(ctx, running);
    }
    mapWriteError(error);
  }
}

/**
 * A running stop is the station's: its owner, an admin or anyone signed in at its arco may end it.
 * Otherwise the rules of ownedParada.
 */
async function endableParada(db: Db, user: AuthUser, id: number): Promise<Parada> {
  const found = await repo.findParada(db, id);
  if (found && found.end_time === null && user.arco_sumergido_id !== null && found.arco_sumergido_id === user.arco_sumergido_id) {
    return found;
  }
  return ownedParada(db, user, id);
}

export async function endParada(ctx: ServiceContext, user: AuthUser, id: number, body: EndBody) {
  const parada = await endableParada(ctx.db, user, id);
  if (parada.end_time !== null) throw conflict(paradaMessages.alreadyEnded);
  const { instant: end, received } = claimedInstant(ctx.clientTime, body.client_time);
  if (end < iso(parada.start_time)) throw badRequest(offlineMessages.endBeforeStart);
  const duration = durationMinutes(parada.start_time, end);
  const description = body.description === undefined ? parada.description : body.description.trim() || null;
  const motivoId = await motivoForStop(ctx.db, body.motivo_id, parada.motivo_id ?? null);
  // Only a stop older data left beside another at its arco can be covered (docs/decisions/017-downtime-records.md).
  const counted = await countedMinutes(ctx.db, parada.arco_sumergido_id, id, parada.start_time, end);
  const values = {
    end_time: end,
    duration_minutes: duration,
    description,
    updated_at: received,
    end_received_at: received,
    ended_by: user.id,
    counted_minutes: counted === null ? null : Math.min(counted, duration),
    motivo_id: motivoId,
  };
  await ctx.db.transaction().execute(async (trx) => {
    const result = await repo.endActiveParada(trx, id, values);
    // Someone else ended (or deleted) it between the read and the write.
    if (Number(result.numUpdatedRows) === 0) throw conflict(paradaMessages.alreadyEnded);
    await auditParada(trx, user, id, 'update', parada, { ...parada, ...values });
  });
  await publishEnded(ctx, id);
  return { duration, message: paradaMessages.ended(duration) };
}

/** Tells the plant board (admins) and the owner that a stop ended, once its transaction has committed. */
export async function publishEnded(ctx: ServiceContext, id: number): Promise<void> {
  const ended = await repo.findParada(ctx.db, id);
  if (ended) await ctx.events.publish('parada.ended', { parada: ended }, ownerOf(ended));
}

/**
 * Ends a user's active stop now, inside the caller's transaction (`trx`, first as in every step run
 * inside another's transaction): an account being deleted leaves no stop running. Answers its id, for
 * publishEnded once the transaction commits.
 */
export async function endActiveParadaOf(trx: Db, userId: number): Promise<number | undefined> {
  const active = await repo.findActiveParada(trx, userId);
  if (!active) return undefined;
  const end = nowIso();
  const values = { end_time: end, duration_minutes: Math.max(0, durationMinutes(active.start_time, end)), updated_at: end };
  await repo.endActiveParada(trx, active.id, {
    ...values,
    description: active.description,
    ended_by: null,
    counted_minutes: null,
    motivo_id: active.motivo_id ?? null,
  });
  return active.id;
}

/** Rules shared by manual and edited stops: the times as instants, end not in the future. */
function checkTimes(body: TimesBody) {
  const start = iso(body.start_time);
  const end = iso(body.end_time);
  if (start >= end) throw badRequest(paradaMessages.startBeforeEnd);
  if (durationMinutes(start, end) > PARADA_MAX_MINUTES) throw badRequest(paradaMessages.tooLong);
  if (end > nowIso()) throw badRequest(paradaMessages.endInFuture);
  return { start, end };
}

export async function createManualParada(ctx: ServiceContext, user: AuthUser, body: ManualBody): Promise<Parada> {
  // A form saved offline is checked against when it was saved; the times themselves keep their rules.
  claimedInstant(ctx.clientTime, body.client_time);
  const { start, end } = checkTimes(body);
  const arcoId = await arcoFor(ctx.db, user, body.arco_sumergido_id);
  const motivoId = await motivoForStop(ctx.db, body.motivo_id, null);
  const now = nowIso();
  try {
    const id = await ctx.db.transaction().execute(async (trx) => {
      await repo.lockUserParadas(trx, ctx.engine, user.id);
      await repo.lockArcoParadas(trx, ctx.engine, arcoId);
      if (await repo.findOverlap(trx, { user: user.id }, start, end)) throw conflict(paradaMessages.overlap);
      if (await repo.findOverlap(trx, { arco: arcoId }, start, end)) throw conflict(paradaMessages.arcoOverlap);
      const values = {
        user_id: user.id,
        arco_sumergido_id: arcoId,
        date: factoryDate(start, ctx.tz),
        start_time: start,
        end_time: end,
        duration_minutes: durationMinutes(start, end),
        description: body.description,
        motivo_id: motivoId,
        created_at: now,
        updated_at: now,
      };
      const row = await repo.insertParada(trx, values);
      await auditParada(trx, user, row.id, 'create', null, values);
      return row.id;
    });
    const created = (await repo.findParada(ctx.db, id))!;
    await ctx.events.publish('parada.changed', { id, arco_sumergido_id: created.arco_sumergido_id }, ownerOf(created));
    return created;
  } catch (error) {
    mapWriteError(error);
  }
}

/**
 * Edits times, description and station. The overlap rule is about the stop's owner (an admin may edit
 * anyone's); the stops of a deleted user have no owner left to collide with.
 */
export async function updateParada(ctx: ServiceContext, user: AuthUser, id: number, body: TimesBody): Promise<Parada> {
  const { start, end } = checkTimes(body);
  if (body.arco_sumergido_id !== null && !(await findArco(ctx.db, body.arco_sumergido_id))) {
    throw badRequest(paradaMessages.arcoUnknown);
  }
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const parada = await ownedParada(trx, user, id);
      const arcoId = body.arco_sumergido_id ?? parada.arco_sumergido_id;
      const motivoId = await motivoForStop(trx, body.motivo_id, parada.motivo_id ?? null);
      if (parada.user_id !== null) {
        await repo.lockUserParadas(trx, ctx.engine, parada.user_id);
        if (await repo.findOverlap(trx, { user: parada.user_id }, start, end, id)) throw conflict(paradaMessages.overlap);
      }
      await repo.lockArcoParadas(trx, ctx.engine, arcoId);
      if (await repo.findOverlap(trx, { arco: arcoId }, start, end, id)) throw conflict(paradaMessages.arcoOverlap);
      const overlappedBefore =
        parada.end_time !== null &&
        (await repo.findOverlap(trx, { arco: parada.arco_sumergido_id }, parada.start_time, parada.end_time, id));
      const values = {
        arco_sumergido_id: arcoId,
        motivo_id: motivoId,
        counted_minutes: null,
        date: factoryDate(start, ctx.tz),
        start_time: start,
        end_time: end,
        duration_minutes: durationMinutes(start, end),
        description: body.description,
        updated_at: nowIso(),
      };
      await repo.updateParada(trx, id, values);
      await auditParada(trx, user, id, 'update', parada, { ...parada, ...values });
      if (overlappedBefore) await recountArco(trx, parada.arco_sumergido_id);
    });
    const updated = (await repo.findParada(ctx.db, id))!;
    await ctx.events.publish('parada.changed', { id, arco_sumergido_id: updated.arco_sumergido_id }, ownerOf(updated));
    return updated;
  } catch (error) {
    mapWriteError(error);
  }
}

export async function deleteParada(ctx: ServiceContext, user: AuthUser, id: number): Promise<void> {
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const parada = await ownedParada(trx, user, id);
    const overlapped = await repo.findOverlap(trx, { arco: parada.arco_sumergido_id }, parada.start_time, parada.end_time ?? '9999', id);
    await repo.deleteParada(trx, id);
    await auditParada(trx, user, id, 'delete', parada, null);
    if (overlapped) await recountArco(trx, parada.arco_sumergido_id);
    return parada;
  });
  await ctx.events.publish('parada.changed', { id, arco_sumergido_id: deleted.arco_sumergido_id }, ownerOf(deleted));
}
