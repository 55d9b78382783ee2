import { type ArcoHandovers, type Handover, type HandoverBody, type HandoverSummary, handoverMessages } from '@portal/contract/handovers';
import type { ShiftInstance } from '@portal/contract/shifts';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/index';
import type { AuthUser } from '../../lib/auth-user';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { findArco } from '../arcos/service';
import { type AuditRecord, recordAudit } from '../audit/service';
import { listMotivosOf } from '../motivos/service';
import { arcoParadasOverlapping, findParada } from '../paradas/service';
import * as repo from './repository';
import { latestReadableShiftEnd, shiftAt } from './shift';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findHandover>>>;

const toHandover = ({ summary, ...row }: Row): Handover => ({ ...row, summary: JSON.parse(summary) as HandoverSummary });

const minutes = (ms: number) => Math.round(ms / 60_000);

/**
 * What the server fills in beside the note: the arco's paradas still open, and over the shift so far
 * the stops begun in it (micro-stops and planned ones apart) and their minutes inside it.
 */
async function shiftSummary(db: Db, arcoId: number, shift: { start: string; end: string }, now: Date): Promise<HandoverSummary> {
  const until = Math.min(now.getTime(), Date.parse(shift.end));
  const start = Date.parse(shift.start);
  // Up to and including now: a parada begun this very moment is open at the hand-over, also when the
  // note is written in the next shift's first minutes (its figures then count the shift up to its end).
  const [paradas, motivos] = await Promise.all([
    arcoParadasOverlapping(db, [arcoId], shift.start, new Date(Math.max(now.getTime(), start) + 1).toISOString()),
    listMotivosOf(db),
  ]);
  const planned = new Set(motivos.filter((m) => m.planned).map((m) => m.id));
  const summary: HandoverSummary = { open_paradas: [], stops: 0, stopped_minutes: 0, micro_stops: 0, planned_minutes: 0 };
  for (const p of paradas.sort((a, b) => a.start_time.localeCompare(b.start_time) || a.id - b.id)) {
    const began = Date.parse(p.start_time) >= start && Date.parse(p.start_time) <= Math.max(until, start) ? 1 : 0;
    const inside = Math.max(
      0,
      Math.min(until, p.end_time === null ? until : Date.parse(p.end_time)) - Math.max(start, Date.parse(p.start_time)),
    );
    if (p.micro_stop) summary.micro_stops += began;
    else if (p.motivo_id !== null && planned.has(p.motivo_id)) summary.planned_minutes += minutes(inside);
    else {
      summary.stops += began;
      summary.stopped_minutes += minutes(inside);
    }
    if (p.end_time !== null) continue;
    const open = await findParada(db, p.id);
    if (open)
      summary.open_paradas.push({
        id: open.id,
        start_time: open.start_time,
        user_name: open.user_name,
        motivo_name: open.motivo_name,
        description: open.description,
      });
  }
  return summary;
}

/** The arco of the caller's session, with its nave: handovers are written and read there. */
async function sessionArco(ctx: ServiceContext, user: AuthUser) {
  const arco = user.arco_sumergido_id === null ? undefined : await findArco(ctx.db, user.arco_sumergido_id);
  if (!arco) throw badRequest(handoverMessages.noArco);
  return arco;
}

/**
 * The one publisher of `handover.changed`, after the commit: everyone signed in at the arco (phones
 * and its station terminal) refetches the arco's handovers, so the note to read shows and goes live.
 */
async function published(ctx: ServiceContext, handover: Handover): Promise<Handover> {
  const { id, arco_sumergido_id } = handover;
  await ctx.events.publish('handover.changed', { id, arco_sumergido_id }, { arco: arco_sumergido_id });
  return handover;
}

const shiftOf = (s: ShiftInstance) => ({ date: s.date, name: s.name, start: s.start, end: s.end });

/**
 * The caller's arco now: its shift, that shift's handover (to write or edit), and the one to read: the
 * latest not yet confirmed that someone else wrote for a shift that has ended (shift.ts: a note is the
 * next shift's, never its own shift's colleagues').
 */
export async function arcoHandovers(ctx: ServiceContext, user: AuthUser, now: Date = new Date()): Promise<ArcoHandovers> {
  const arco = await sessionArco(ctx, user);
  const shift = await shiftAt(ctx, now, arco.nave);
  const [current, pending] = await Promise.all([
    repo.findAtShift(ctx.db, arco.id, shift.start),
    repo.latestUnconfirmed(ctx.db, arco.id, latestReadableShiftEnd(now), user.id),
  ]);
  const draft = current?.confirmed_at ? null : await shiftSummary(ctx.db, arco.id, shift, now);
  return { shift: shiftOf(shift), current: current ? toHandover(current) : null, pending: pending ? toHandover(pending) : null, draft };
}

/** Writes the handover of the caller's arco and shift; one per arco and shift (the next write edits it). */
export async function writeHandover(ctx: ServiceContext, user: AuthUser, body: HandoverBody, now: Date = new Date()): Promise<Handover> {
  const arco = await sessionArco(ctx, user);
  const shift = await shiftAt(ctx, now, arco.nave);
  try {
    const written = await ctx.db.transaction().execute(async (trx) => {
      if (await repo.findAtShift(trx, arco.id, shift.start)) throw conflict(handoverMessages.alreadyWritten);
      const at = now.toISOString();
      const summary = JSON.stringify(await shiftSummary(trx, arco.id, shift, now));
      const { id } = await repo.insertHandover(trx, {
        arco_sumergido_id: arco.id,
        shift_date: shift.date,
        shift_name: shift.name,
        shift_start: shift.start,
        shift_end: shift.end,
        note: body.note,
        summary,
        author_id: user.id,
        created_at: at,
        updated_at: at,
        confirmed_by: null,
        confirmed_at: null,
      });
      await recordAudit(trx, { actor: user, entity: 'handover', entityId: id, action: 'create', after: { note: body.note, summary } });
      return toHandover((await repo.findHandover(trx, id))!);
    });
    await published(ctx, written);
    return written;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(handoverMessages.alreadyWritten);
    throw error;
  }
}

/**
 * A change to one handover, in one transaction: found (404 otherwise), checked and written by `change`,
 * which answers its audit row; then read again and published to the arco's screens.
 */
async function changeHandover(
  ctx: ServiceContext,
  user: AuthUser,
  id: number,
  change: (trx: Db, before: Row) => Promise<Pick<AuditRecord, 'action' | 'before' | 'after'>>,
): Promise<Handover> {
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findHandover(trx, id);
    if (!before) throw notFound(handoverMessages.notFound);
    await recordAudit(trx, { actor: user, entity: 'handover', entityId: id, ...(await change(trx, before)) });
    return toHandover((await repo.findHandover(trx, id))!);
  });
  return published(ctx, changed);
}

/** Its author edits the note until it is confirmed; the figures are taken again. */
export async function editHandover(
  ctx: ServiceContext,
  user: AuthUser,
  id: number,
  body: HandoverBody,
  now: Date = new Date(),
): Promise<Handover> {
  return changeHandover(ctx, user, id, async (trx, before) => {
    if (before.author_id !== user.id) throw forbidden(handoverMessages.notAuthor);
    if (before.confirmed_at !== null) throw conflict(handoverMessages.confirmedLocked);
    const summary = JSON.stringify(
      await shiftSummary(trx, before.arco_sumergido_id, { start: before.shift_start, end: before.shift_end }, now),
    );
    const done = await repo.updateNote(trx, id, { note: body.note, summary, updated_at: now.toISOString() });
    if (Number(done.numUpdatedRows) === 0) throw conflict(handoverMessages.confirmedLocked);
    return { action: 'update', before: { note: before.note, summary: before.summary }, after: { note: body.note, summary } };
  });
}

/** 'Leído': a worker signed in at the handover's arco, not its author, confirms it once. */
export async function confirmHandover(ctx: ServiceContext, user: AuthUser, id: number): Promise<Handover> {
  return changeHandover(ctx, user, id, async (trx, before) => {
    if (user.arco_sumergido_id !== before.arco_sumergido_id) throw forbidden(handoverMessages.otherArco);
    if (before.author_id === user.id) throw forbidden(handoverMessages.ownConfirm);
    const at = nowIso();
    const done = await repo.confirmHandover(trx, id, user.id, at);
    if (Number(done.numUpdatedRows) === 0) throw conflict(handoverMessages.alreadyConfirmed);
    return {
      action: 'confirm',
      before: { confirmed_by: null, confirmed_at: null },
      after: { confirmed_by: user.id, confirmed_at: at },
    };
  });
}

/** Every handover of a nave's shifts that began on a factory date (admin). */
export async function naveHandovers(ctx: ServiceContext, nave: string, date: string): Promise<Handover[]> {
  return (await repo.listOfNaveOn(ctx.db, nave, date)).map(toHandover);
}
