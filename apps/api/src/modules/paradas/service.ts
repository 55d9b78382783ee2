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
  SIN_MOTIVO_DAYS,
  SIN_MOTIVO_LIMIT,
  type startParadaBody,
} from '@portal/contract/paradas';
import { addDays, factoryDate, factoryTime, factoryToday } from '@portal/contract/time';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/index';
import type { AuthUser } from '../../lib/auth-user';
import { claimedInstant } from '../../lib/client-time';
import { badRequest, conflict, forbidden, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { findArco } from '../arcos/service';
import { motivoForStop } from '../motivos/service';
import { keepMachineCovered, type MachineCover, publishCover } from './machine-cover';
import { auditParada, publishParada } from './parada-events';
import * as repo from './repository';
import * as timelineRepo from './timeline-repository';

// What other modules use of this one, from the file of its section (docs/decisions/024-one-owner-per-table.md):
// the admin list's pages (modules/admin-lists), the CSV export's batches (modules/exports), the plant
// board's and the shifts' figures (modules/planta, modules/downtime, modules/andon), the machine's
// paradas (modules/machines), the timeline's bars (modules/timeline) and a shift's paradas (modules/handovers).
export {
  type AdminParadasFilter,
  countParadas,
  isFiltered,
  pageParadas,
  pageParadasWithTotal,
} from './admin-list-repository';
export { paradasBatch } from './export-repository';
export {
  countParadasOn,
  countStoppedArcos,
  finishedMinutesOn,
  finishedStopsOverlapping,
  listActiveParadas,
  microStopsOn,
} from './figures';
export {
  coverMachineStop,
  describeMachineParada,
  endMachineParada,
  type MachineCover,
  type MachineRun,
  publishCover,
} from './machine-cover';
export { auditParada, publishParada } from './parada-events';
export { findParada } from './repository';
export { arcoParadasOverlapping } from './timeline-repository';

/** The timeline's bars of the paradas of some arcos over [from, until): `plannedMotivos` make a bar planned. */
export const arcoParadaBars = (ctx: ServiceContext, arcoIds: number[], plannedMotivos: number[], from: string, until: string) =>
  timelineRepo.arcoParadaBars(ctx.db, ctx.engine, arcoIds, plannedMotivos, from, until);

// The workers' stops: listed, started, ended, recorded afterwards, edited, deleted and completed with
// a motivo. The machine's paradas are in machine-cover.ts, the figures other modules read in figures.ts.

type Query = z.output<typeof paradasQuery>;
type TimesBody = z.output<typeof paradaTimesBody>;
type StartBody = z.output<typeof startParadaBody>;
type EndBody = z.output<typeof endParadaBody>;
type ManualBody = z.output<typeof manualParadaBody>;

const isAdmin = (user: AuthUser) => user.role === 'admin';
const iso = (instant: string) => new Date(instant).toISOString();

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

/** The stop running at an arco, whoever started it: the station terminal's home. */
export async function activeAtArcoId(ctx: ServiceContext, arcoId: number): Promise<Parada | null> {
  return (await repo.findActiveAtArco(ctx.db, arcoId)) ?? null;
}

/** An arco's paradas of today (factory date), newest first: the station terminal's home. */
export const arcoParadasToday = (ctx: ServiceContext, arcoId: number) =>
  repo.listArcoParadasOn(ctx.db, arcoId, factoryToday(ctx.tz), PARADAS_DEFAULT_LIMIT);

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
    await publishParada(ctx, 'parada.started', id);
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
  const cover = await ctx.db.transaction().execute(async (trx) => {
    const inTrx = { ...ctx, db: trx };
    const machineStopped = await ctx.machines.stoppedSince(inTrx, parada.arco_sumergido_id);
    const result = await repo.endActiveParada(trx, id, values);
    // Someone else ended (or deleted) it between the read and the write.
    if (Number(result.numUpdatedRows) === 0) throw conflict(paradaMessages.alreadyEnded);
    await auditParada(trx, user, id, 'update', parada, { ...parada, ...values });
    return keepMachineCovered(inTrx, parada.arco_sumergido_id, machineStopped, received);
  });
  await publishParada(ctx, 'parada.ended', id);
  await publishCover(ctx, cover);
  return { duration, message: paradaMessages.ended(duration) };
}

/**
 * Ends a user's active stop now, inside the caller's transaction (`ctx.db`): an account being
 * deleted leaves no stop running. Answers its id, for publishParada once the transaction commits, and
 * what covering a stopped machine's time wrote (it needs the context, not only the transaction:
 * docs/decisions/025-one-way-each-in-the-api.md).
 */
export async function endActiveParadaOf(ctx: ServiceContext, userId: number): Promise<{ id: number; cover: MachineCover } | undefined> {
  const active = await repo.findActiveParada(ctx.db, userId);
  if (!active) return undefined;
  const machineStopped = await ctx.machines.stoppedSince(ctx, active.arco_sumergido_id);
  const end = nowIso();
  const values = { end_time: end, duration_minutes: Math.max(0, durationMinutes(active.start_time, end)), updated_at: end };
  await repo.endActiveParada(ctx.db, active.id, {
    ...values,
    description: active.description,
    ended_by: null,
    counted_minutes: null,
    motivo_id: active.motivo_id ?? null,
  });
  return { id: active.id, cover: await keepMachineCovered(ctx, active.arco_sumergido_id, machineStopped, end) };
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
    return (await publishParada(ctx, 'parada.changed', id))!;
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
    const cover = await ctx.db.transaction().execute(async (trx) => {
      const parada = await ownedParada(trx, user, id);
      const machineStopped = await ctx.machines.stoppedSince({ ...ctx, db: trx }, parada.arco_sumergido_id);
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
      return keepMachineCovered({ ...ctx, db: trx }, parada.arco_sumergido_id, machineStopped, nowIso());
    });
    const changed = (await publishParada(ctx, 'parada.changed', id))!;
    await publishCover(ctx, cover);
    return changed;
  } catch (error) {
    mapWriteError(error);
  }
}

export async function deleteParada(ctx: ServiceContext, user: AuthUser, id: number): Promise<void> {
  const { deleted, cover } = await ctx.db.transaction().execute(async (trx) => {
    const parada = await ownedParada(trx, user, id);
    const machineStopped = await ctx.machines.stoppedSince({ ...ctx, db: trx }, parada.arco_sumergido_id);
    const overlapped = await repo.findOverlap(trx, { arco: parada.arco_sumergido_id }, parada.start_time, parada.end_time ?? '9999', id);
    await repo.deleteParada(trx, id);
    await auditParada(trx, user, id, 'delete', parada, null);
    if (overlapped) await recountArco(trx, parada.arco_sumergido_id);
    return { deleted: parada, cover: await keepMachineCovered({ ...ctx, db: trx }, parada.arco_sumergido_id, machineStopped, nowIso()) };
  });
  await publishParada(ctx, 'parada.changed', deleted);
  await publishCover(ctx, cover);
}

/**
 * 'Paradas sin motivo': the ended paradas of the caller's arco in the last SIN_MOTIVO_DAYS factory days
 * that have no motivo (the machine's, a colleague's, the caller's), for a worker there to complete.
 */
export async function paradasSinMotivo(ctx: ServiceContext, user: AuthUser): Promise<Parada[]> {
  if (user.arco_sumergido_id === null) {
    if (isAdmin(user)) return [];
    throw badRequest(paradaMessages.noArco);
  }
  const since = addDays(factoryToday(ctx.tz), -SIN_MOTIVO_DAYS);
  return repo.listSinMotivo(ctx.db, user.arco_sumergido_id, since, SIN_MOTIVO_LIMIT);
}

/**
 * Any worker signed in at the parada's arco (or an admin) adds the motivo an ended parada lacks; one it
 * already has is not replaced here (its owner edits it). Audited in the same transaction.
 */
export async function addMotivo(ctx: ServiceContext, user: AuthUser, id: number, motivoId: number): Promise<Parada> {
  await ctx.db.transaction().execute(async (trx) => {
    const found = await repo.findParada(trx, id);
    if (!found) throw notFound(paradaMessages.notFound);
    if (!isAdmin(user) && user.arco_sumergido_id !== found.arco_sumergido_id) throw forbidden(paradaMessages.otherArcoMotivo);
    if (found.end_time === null) throw conflict(paradaMessages.notEndedYet);
    if (found.motivo_id !== null && found.motivo_id !== undefined) throw conflict(paradaMessages.alreadyHasMotivo);
    const motivo = (await motivoForStop(trx, motivoId, null)) as number;
    const now = nowIso();
    const result = await repo.setMissingMotivo(trx, id, motivo, now);
    if (Number(result.numUpdatedRows) === 0) throw conflict(paradaMessages.alreadyHasMotivo);
    await auditParada(trx, user, id, 'update', found, { ...found, motivo_id: motivo });
  });
  return (await publishParada(ctx, 'parada.changed', id))!;
}
