import {
  durationMinutes,
  type EndParadaBody,
  PARADAS_DEFAULT_LIMIT,
  PARADAS_RANGE_LIMIT,
  type Parada,
  paradaMessages,
  type paradasQuery,
  type paradaTimesBody,
  type startParadaBody,
} from '@portal/contract/paradas';
import { factoryDate } from '@portal/contract/time';
import type { z } from 'zod';
import type { Db, DbEngine } from '../../db/index';
import { badRequest, conflict, forbidden, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import type { EventBus } from '../../plugins/events';
import * as repo from './repository';

export interface ParadasContext {
  db: Db;
  engine: DbEngine;
  /** FACTORY_TZ: a stop's `date` is the factory-local date of its start. */
  tz: string;
  /** Live events, published after each commit (absent in callers that need none). */
  events?: EventBus;
}

type Query = z.output<typeof paradasQuery>;
type TimesBody = z.output<typeof paradaTimesBody>;
type StartBody = z.output<typeof startParadaBody>;

const isAdmin = (user: AuthUser) => user.role === 'admin';
const events = (ctx: ParadasContext) => ctx.events;
const iso = (instant: string) => new Date(instant).toISOString();

/** A user sees their own stops, an admin all; without dates only the newest ones. */
export function listParadas(ctx: ParadasContext, user: AuthUser, query: Query): Promise<Parada[]> {
  const ranged = Boolean(query.startDate || query.endDate);
  return repo.listParadas(ctx.db, {
    userId: isAdmin(user) ? undefined : user.id,
    startDate: query.startDate,
    endDate: query.endDate,
    limit: ranged ? PARADAS_RANGE_LIMIT : PARADAS_DEFAULT_LIMIT,
  });
}

export async function activeParada(ctx: ParadasContext, user: AuthUser): Promise<Parada | null> {
  return (await repo.findActiveParada(ctx.db, user.id)) ?? null;
}

/** 404 when absent, 403 when it belongs to someone else and the caller is no admin. */
async function ownedParada(db: Db, user: AuthUser, id: number): Promise<Parada> {
  const found = await repo.findParada(db, id);
  if (!found) throw notFound(paradaMessages.notFound);
  if (found.user_id !== user.id && !isAdmin(user)) throw forbidden(paradaMessages.notOwn);
  return found;
}

export const getParada = (ctx: ParadasContext, user: AuthUser, id: number) => ownedParada(ctx.db, user, id);

/**
 * The station of a new stop is the one the worker signed in at (the token's); a body station is used
 * only by a session that carries none (an administrator signed in without choosing one).
 */
async function stationFor(db: Db, user: AuthUser, bodyStation: number | null): Promise<number> {
  const id = user.arco_sumergido_id ?? bodyStation;
  if (id === null) throw badRequest(paradaMessages.noStation);
  if (!(await repo.findArcoName(db, id))) throw badRequest(paradaMessages.stationUnknown);
  return id;
}

function mapWriteError(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(paradaMessages.alreadyActive);
  if (isForeignKeyViolation(error)) throw badRequest(paradaMessages.stationUnknown);
  throw error;
}

export async function startParada(ctx: ParadasContext, user: AuthUser, body: StartBody) {
  const arcoId = await stationFor(ctx.db, user, body.arco_sumergido_id);
  const start = nowIso();
  try {
    const { id } = await ctx.db.transaction().execute(async (trx) => {
      await repo.lockUserStops(trx, ctx.engine, user.id);
      if (await repo.findActiveParada(trx, user.id)) throw conflict(paradaMessages.alreadyActive);
      // The partial unique index paradas_one_active_per_user settles a race the check above misses.
      return repo.insertParada(trx, {
        user_id: user.id,
        arco_sumergido_id: arcoId,
        date: factoryDate(start, ctx.tz),
        start_time: start,
        end_time: null,
        duration_minutes: null,
        description: body.description,
        created_at: start,
        updated_at: start,
      });
    });
    const started = await repo.findParada(ctx.db, id);
    if (started) await events(ctx)?.publish('parada.started', { parada: started });
    return { stopId: id, start_time: start, message: paradaMessages.started };
  } catch (error) {
    mapWriteError(error);
  }
}

export async function endParada(ctx: ParadasContext, user: AuthUser, id: number, body: EndParadaBody) {
  const stop = await ownedParada(ctx.db, user, id);
  if (stop.end_time !== null) throw conflict(paradaMessages.alreadyEnded);
  const end = nowIso();
  const duration = durationMinutes(stop.start_time, end);
  const description = body.description === undefined ? stop.description : body.description.trim() || null;
  const result = await repo.endActiveParada(ctx.db, id, { end_time: end, duration_minutes: duration, description, updated_at: end });
  // Someone else ended (or deleted) it between the read and the write.
  if (Number(result.numUpdatedRows) === 0) throw conflict(paradaMessages.alreadyEnded);
  const ended = await repo.findParada(ctx.db, id);
  if (ended) await events(ctx)?.publish('parada.ended', { parada: ended });
  return { duration, message: paradaMessages.ended(duration) };
}

/** Rules shared by manual and edited stops: the times as instants, end not in the future. */
function checkTimes(body: TimesBody) {
  const start = iso(body.start_time);
  const end = iso(body.end_time);
  if (start >= end) throw badRequest(paradaMessages.startBeforeEnd);
  if (end > nowIso()) throw badRequest(paradaMessages.endInFuture);
  return { start, end };
}

export async function createManualParada(ctx: ParadasContext, user: AuthUser, body: TimesBody): Promise<Parada> {
  const { start, end } = checkTimes(body);
  const arcoId = await stationFor(ctx.db, user, body.arco_sumergido_id);
  const now = nowIso();
  try {
    const id = await ctx.db.transaction().execute(async (trx) => {
      await repo.lockUserStops(trx, ctx.engine, user.id);
      if (await repo.findOverlap(trx, user.id, start, end)) throw conflict(paradaMessages.overlap);
      const row = await repo.insertParada(trx, {
        user_id: user.id,
        arco_sumergido_id: arcoId,
        date: factoryDate(start, ctx.tz),
        start_time: start,
        end_time: end,
        duration_minutes: durationMinutes(start, end),
        description: body.description,
        created_at: now,
        updated_at: now,
      });
      return row.id;
    });
    const created = (await repo.findParada(ctx.db, id))!;
    await events(ctx)?.publish('parada.changed', { id, arco_sumergido_id: created.arco_sumergido_id }, { userId: created.user_id });
    return created;
  } catch (error) {
    mapWriteError(error);
  }
}

/**
 * Edits times, description and station. The overlap rule is about the stop's owner (an admin may edit
 * anyone's); the stops of a deleted user have no owner left to collide with.
 */
export async function updateParada(ctx: ParadasContext, user: AuthUser, id: number, body: TimesBody): Promise<Parada> {
  const { start, end } = checkTimes(body);
  if (body.arco_sumergido_id !== null && !(await repo.findArcoName(ctx.db, body.arco_sumergido_id))) {
    throw badRequest(paradaMessages.stationUnknown);
  }
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const stop = await ownedParada(trx, user, id);
      if (stop.user_id !== null) {
        await repo.lockUserStops(trx, ctx.engine, stop.user_id);
        if (await repo.findOverlap(trx, stop.user_id, start, end, id)) throw conflict(paradaMessages.overlap);
      }
      await repo.updateParada(trx, id, {
        arco_sumergido_id: body.arco_sumergido_id ?? stop.arco_sumergido_id,
        date: factoryDate(start, ctx.tz),
        start_time: start,
        end_time: end,
        duration_minutes: durationMinutes(start, end),
        description: body.description,
        updated_at: nowIso(),
      });
    });
    const updated = (await repo.findParada(ctx.db, id))!;
    await events(ctx)?.publish('parada.changed', { id, arco_sumergido_id: updated.arco_sumergido_id }, { userId: updated.user_id });
    return updated;
  } catch (error) {
    mapWriteError(error);
  }
}

export async function deleteParada(ctx: ParadasContext, user: AuthUser, id: number): Promise<void> {
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const stop = await ownedParada(trx, user, id);
    await repo.deleteParada(trx, id);
    return stop;
  });
  await events(ctx)?.publish('parada.changed', { id, arco_sumergido_id: deleted.arco_sumergido_id }, { userId: deleted.user_id });
}
