import {
  type Closure,
  type closureBody,
  minutesIntoShift,
  SHIFT_RANGE_MAX_DAYS,
  type ShiftBody,
  type ShiftCalendar,
  type ShiftDefinition,
  type ShiftInstance,
  type ShiftVersion,
  type shiftBody,
  shiftMessages,
  shiftWallMinutes,
} from '@portal/contract/shifts';
import { addDays, factoryToday, startOfFactoryDay } from '@portal/contract/time';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/index';
import type { AuthUser } from '../../lib/auth-user';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { recordAudit } from '../audit/service';
import { findNaveByName, listNaves } from '../naves/service';
import {
  type Calendar,
  type CalendarVersion,
  firstOverlap,
  instancesBetween,
  type TimedInstance,
  timed,
  versionOn,
  weekdayMask,
  weekdaysOf,
} from './calendar';
import * as repo from './repository';

// What other modules use of the calendar's arithmetic (they import this service only).
export { breakMs, type TimedInstance, timed, workedOverlapMs } from './calendar';
export { eachShiftPart, type StopInterval, splitStops } from './split';

const DAY_MS = 86_400_000;

const asVersion = (r: repo.VersionRow): CalendarVersion => ({
  shiftId: r.shift_id,
  effectiveFrom: r.effective_from,
  name: r.name,
  naveId: r.nave_id,
  weekdays: Number(r.weekdays),
  start: r.start_time,
  end: r.end_time,
  breaks: JSON.parse(r.breaks),
  active: Boolean(r.active),
});

/** The whole calendar: every shift's versions, oldest first. */
export async function loadCalendar(db: Db): Promise<Calendar> {
  const calendar: Calendar = new Map();
  for (const row of await repo.listVersions(db)) {
    const versions = calendar.get(row.shift_id) ?? [];
    versions.push(asVersion(row));
    calendar.set(row.shift_id, versions);
  }
  return calendar;
}

/** A nave's id by name; unknown: 400. */
async function naveIdOf(ctx: ServiceContext, nave: string | undefined): Promise<number | null> {
  if (nave === undefined) return null;
  const found = await findNaveByName(ctx.db, nave);
  if (!found) throw badRequest(shiftMessages.naveUnknown);
  return found.id;
}

async function instancesFor(ctx: ServiceContext, from: Date, to: Date, naveId: number | null): Promise<ShiftInstance[]> {
  const [calendar, closures] = await Promise.all([
    loadCalendar(ctx.db),
    repo.closuresBetween(ctx.db, addDays(factoryToday(ctx.tz, from), -1), factoryToday(ctx.tz, to)),
  ]);
  return instancesBetween(calendar, closures, from.getTime(), to.getTime(), ctx.tz, naveId);
}

/**
 * The shift occurrences overlapping [from, to), in the factory's zone: each with its start day, its
 * instants, whether it is worked (not a closed day or shift) and its breaks. Without a nave, the shifts
 * of every nave; with one, also that nave's own (an unknown nave: 400).
 */
export async function shiftInstances(ctx: ServiceContext, from: Date, to: Date, nave?: string): Promise<ShiftInstance[]> {
  return instancesFor(ctx, from, to, await naveIdOf(ctx, nave));
}

/** The occurrences of [from, to) at a nave given by name, leniently: a nave no longer known gets the plant's shifts. */
export async function instancesAtNave(ctx: ServiceContext, from: Date, to: Date, nave: string): Promise<ShiftInstance[]> {
  return instancesFor(ctx, from, to, (await findNaveByName(ctx.db, nave))?.id ?? null);
}

/**
 * The worked shifts at each nave for a long walk over stops (the stops CSV by shift): the calendar,
 * the naves and the closures from `fromDate` on are read once; the answer gives the worked occurrences,
 * ordered by start, at a nave by name (one no longer known gets the plant's shifts) overlapping
 * [fromMs, toMs).
 */
export async function workedShiftsReader(
  ctx: ServiceContext,
  fromDate: string,
): Promise<(nave: string, fromMs: number, toMs: number) => TimedInstance[]> {
  const [calendar, closures, naves] = await Promise.all([
    loadCalendar(ctx.db),
    repo.closuresFrom(ctx.db, addDays(fromDate, -1)),
    listNaves(ctx),
  ]);
  const naveIds = new Map(naves.map((n) => [n.name, n.id]));
  return (nave, fromMs, toMs) =>
    timed(instancesBetween(calendar, closures, fromMs, toMs, ctx.tz, naveIds.get(nave) ?? null).filter((i) => i.worked));
}

/** The shift running at `at` (worked or not) at a nave (a nave no longer known: the plant's shifts), or null between shifts. */
export async function currentShift(ctx: ServiceContext, at: Date = new Date(), nave?: string): Promise<ShiftInstance | null> {
  const end = new Date(at.getTime() + 1);
  const found = nave === undefined ? await instancesFor(ctx, at, end, null) : await instancesAtNave(ctx, at, end, nave);
  return found.find((s) => Date.parse(s.start) <= at.getTime() && at.getTime() < Date.parse(s.end)) ?? null;
}

/** The instants of the instances route's edges: a date is its day's start, or for `to` the next day's. */
export function instancesRange(ctx: ServiceContext, query: { from: string; to: string }): { from: Date; to: Date } {
  const edge = (v: string, next: boolean) =>
    new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? startOfFactoryDay(next ? addDays(v, 1) : v, ctx.tz) : v);
  const from = edge(query.from, false);
  const to = edge(query.to, true);
  if (!(from < to)) throw badRequest(shiftMessages.rangeInvalid);
  if (to.getTime() - from.getTime() > SHIFT_RANGE_MAX_DAYS * DAY_MS) throw badRequest(shiftMessages.rangeTooLong);
  return { from, to };
}

// ---- The admin's calendar ----

const publicVersion = (v: CalendarVersion): ShiftVersion => ({
  effective_from: v.effectiveFrom,
  name: v.name,
  start: v.start,
  end: v.end,
  weekdays: weekdaysOf(v.weekdays),
  breaks: v.breaks,
  nave_id: v.naveId,
  active: v.active,
});

function definition(id: number, versions: CalendarVersion[], today: string): ShiftDefinition {
  const current = versionOn(versions, today);
  return { id, current: current?.active ? publicVersion(current) : null, versions: versions.map(publicVersion) };
}

/** GET /api/admin/shifts: the shifts in force today or later, and the closed days from today on. */
export async function getCalendar(ctx: ServiceContext): Promise<ShiftCalendar> {
  const today = factoryToday(ctx.tz);
  const [calendar, closures] = await Promise.all([loadCalendar(ctx.db), repo.closuresFrom(ctx.db, today)]);
  const shifts = [...calendar.entries()]
    .filter(([, versions]) => versions.some((v) => v.active && (v.effectiveFrom >= today || versionOn(versions, today) === v)))
    .map(([id, versions]) => definition(id, versions, today))
    .sort(
      (a, b) =>
        (a.current?.start ?? a.versions.at(-1)?.start ?? '').localeCompare(b.current?.start ?? b.versions.at(-1)?.start ?? '') ||
        a.id - b.id,
    );
  return { shifts, closures };
}

/** A change takes effect today or later: the past keeps the calendar it was measured with. */
function checkNotPast(ctx: ServiceContext, date: string, message: string = shiftMessages.effectivePast) {
  if (date < factoryToday(ctx.tz)) throw badRequest(message);
}

/**
 * Refuses a calendar in which two shifts of one nave would overlap, checked a week and a day from the
 * new change and from each later change (every weekday pattern occurs in such a window).
 */
function checkNoOverlap(ctx: ServiceContext, calendar: Calendar, from: string, naveIds: number[]) {
  const naves = [null, ...naveIds];
  const dates = new Set([from]);
  for (const versions of calendar.values()) for (const v of versions) if (v.effectiveFrom > from) dates.add(v.effectiveFrom);
  for (const date of dates) {
    const start = Date.parse(startOfFactoryDay(date, ctx.tz));
    for (const naveId of naves) {
      const pair = firstOverlap(instancesBetween(calendar, [], start, start + 8 * DAY_MS, ctx.tz, naveId));
      if (pair) {
        const names = [pair[0].name, pair[1].name];
        throw badRequest(shiftMessages.shiftOverlap(names[0] === names[1] ? names[0] : `${names[0]} y ${names[1]}`));
      }
    }
  }
}

/** A version as its audit rows show it; `effective_from` says from when. */
const audited = (v: CalendarVersion | undefined) => (v ? publicVersion(v) : null);

type ShiftInput = z.output<typeof shiftBody>;

const storedVersion = (v: CalendarVersion): repo.VersionValues => ({
  shift_id: v.shiftId,
  effective_from: v.effectiveFrom,
  name: v.name,
  nave_id: v.naveId,
  weekdays: v.weekdays,
  start_time: v.start,
  end_time: v.end,
  breaks: JSON.stringify(v.breaks),
  active: v.active ? 1 : 0,
});

/** Writes a shift's version from a date on (new shift when `id` is null), checked and audited, in one transaction. */
async function writeVersion(
  ctx: ServiceContext,
  actor: AuthUser,
  id: number | null,
  body: ShiftInput,
  active: boolean,
): Promise<ShiftDefinition> {
  checkNotPast(ctx, body.effective_from);
  const naveId = body.nave_id === null ? null : Number(body.nave_id);
  // Read before the transaction: SQLite's one connection is the transaction's until it ends.
  const naveIds = (await listNaves(ctx)).map((n) => n.id);
  if (naveId !== null && !naveIds.includes(naveId)) throw badRequest(shiftMessages.naveUnknown);
  return ctx.db.transaction().execute(async (trx) => {
    const at = nowIso();
    const shiftId = id ?? (await repo.insertShift(trx, at)).id;
    if (id !== null && !(await repo.findShift(trx, id))) throw notFound(shiftMessages.notFound);
    const calendar = await loadCalendar(trx);
    const versions = calendar.get(shiftId) ?? [];
    const before = versionOn(versions, body.effective_from);
    const next: CalendarVersion = {
      shiftId,
      effectiveFrom: body.effective_from,
      name: body.name,
      naveId,
      weekdays: weekdayMask(body.weekdays),
      start: body.start,
      end: body.end,
      breaks: body.breaks,
      active,
    };
    calendar.set(
      shiftId,
      [...versions.filter((v) => v.effectiveFrom !== body.effective_from), next].sort((a, b) =>
        a.effectiveFrom.localeCompare(b.effectiveFrom),
      ),
    );
    if (active) checkNoOverlap(ctx, calendar, body.effective_from, naveIds);
    await repo.putVersion(trx, storedVersion(next), at);
    await recordAudit(trx, {
      actor,
      entity: 'shift',
      entityId: shiftId,
      action: id === null ? 'create' : active ? 'update' : 'delete',
      before: id === null ? null : audited(before),
      after: audited(next),
    });
    return definition(shiftId, calendar.get(shiftId) ?? [], factoryToday(ctx.tz));
  });
}

export const createShift = (ctx: ServiceContext, actor: AuthUser, body: ShiftBody) =>
  writeVersion(ctx, actor, null, body as ShiftInput, true);

export const updateShift = (ctx: ServiceContext, actor: AuthUser, id: number, body: ShiftBody) =>
  writeVersion(ctx, actor, id, body as ShiftInput, true);

/** Takes a shift out of the calendar from a date on; the days before keep it. */
export async function retireShift(ctx: ServiceContext, actor: AuthUser, id: number, from: string): Promise<ShiftDefinition> {
  const versions = (await loadCalendar(ctx.db)).get(id);
  if (!versions) throw notFound(shiftMessages.notFound);
  const last = versionOn(versions, from) ?? versions[0];
  return writeVersion(
    ctx,
    actor,
    id,
    {
      name: last.name,
      start: last.start,
      end: last.end,
      weekdays: weekdaysOf(last.weekdays),
      breaks: last.breaks,
      nave_id: last.naveId,
      effective_from: from,
    },
    false,
  );
}

export async function createClosure(ctx: ServiceContext, actor: AuthUser, body: z.output<typeof closureBody>): Promise<Closure> {
  checkNotPast(ctx, body.date, shiftMessages.closurePast);
  const shiftId = body.shift_id === null ? null : Number(body.shift_id);
  return ctx.db.transaction().execute(async (trx) => {
    if (shiftId !== null && !(await repo.findShift(trx, shiftId))) throw notFound(shiftMessages.notFound);
    if (await repo.sameClosure(trx, body.date, shiftId)) throw conflict(shiftMessages.closureTaken);
    const { id } = await repo.insertClosure(trx, { date: body.date, shift_id: shiftId, reason: body.reason }, nowIso());
    const created = { id, date: body.date, shift_id: shiftId, reason: body.reason };
    await recordAudit(trx, { actor, entity: 'shift_closure', entityId: id, action: 'create', after: created });
    return created;
  });
}

export async function deleteClosure(ctx: ServiceContext, actor: AuthUser, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const found = await repo.findClosure(trx, id);
    if (!found) throw notFound(shiftMessages.closureNotFound);
    checkNotPast(ctx, found.date, shiftMessages.closurePast);
    await repo.deleteClosure(trx, id);
    await recordAudit(trx, { actor, entity: 'shift_closure', entityId: id, action: 'delete', before: found });
  });
}

// ---- The planned hours per weekday of before (docs/decisions/040-shift-calendar.md) ----

/** The worked minutes per ISO weekday (Monday first) of the plant-wide shifts in force on a date, by start day. */
export async function weeklyMinutes(db: Db, date: string): Promise<number[]> {
  const week = [0, 0, 0, 0, 0, 0, 0];
  for (const versions of (await loadCalendar(db)).values()) {
    const v = versionOn(versions, date);
    if (!v?.active || v.naveId !== null) continue;
    const breaks = v.breaks.reduce((sum, b) => sum + minutesIntoShift(v.start, b.end) - minutesIntoShift(v.start, b.start), 0);
    for (const d of weekdaysOf(v.weekdays)) week[d - 1] += shiftWallMinutes(v.start, v.end) - breaks;
  }
  return week;
}
