import { arcoMessages } from '@portal/contract/arcos';
import {
  type TimelineArcTime,
  type TimelineBar,
  type TimelineParada,
  type TimelineQuery,
  type TimelineResponse,
  type TimelineShift,
  type timelineArcQuery,
  timelineMessages,
} from '@portal/contract/timeline';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { arcosSince, findArco } from '../arcos/service';
import { listBindings } from '../machines/service';
import { listMotivos } from '../motivos/service';
import { findNaveByName } from '../naves/service';
import { arcoParadaBars, findParada } from '../paradas/service';
import { arcStretches, arcTime } from '../telemetry/service';
import { shiftsBetween } from './shifts';

export type { ShiftInstance } from './shifts';

// 'Arco 2' before 'Arco 10', as the plant board sorts them.
const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });

/** The nave whose timeline the caller may read: an admin any (named), a worker only the one of their session. */
async function readableNave(ctx: ServiceContext, user: AuthUser, asked: string | undefined): Promise<string> {
  if (user.role !== 'admin') {
    if (!user.nave || (asked && asked !== user.nave)) throw forbidden(timelineMessages.otherNave);
    return user.nave;
  }
  if (!asked) throw badRequest(timelineMessages.naveRequired);
  if (!(await findNaveByName(ctx.db, asked))) throw badRequest(timelineMessages.naveUnknown);
  return asked;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The bars of every arco of a nave over [from, to): its paradas (stopped, micro-stops and planned
 * stops, the running ones up to now) as the paradas module reads them, the calendar's breaks and a
 * bound machine's current silence ('Sin señal', from its last report). Running is the worked time
 * between them, which the client fills in (`withRunning`): docs/decisions/041-arco-timeline.md,
 * docs/decisions/053-timeline-without-running-bars.md.
 */
export async function naveTimeline(
  ctx: ServiceContext,
  user: AuthUser,
  query: TimelineQuery,
  now: Date = new Date(),
): Promise<TimelineResponse> {
  const nave = await readableNave(ctx, user, query.nave);
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  const fromIso = iso(from);
  const toIso = iso(to);
  const nowMs = now.getTime();
  const until = Math.min(to, nowMs);
  const untilIso = iso(until);

  const [arcos, bindings, shifts, motivos] = await Promise.all([
    arcosSince(ctx, nave),
    listBindings(ctx.db),
    shiftsBetween(ctx, fromIso, toIso, nave),
    listMotivos(ctx),
  ]);
  const ids = arcos.map((a) => a.id);
  const planned = motivos.filter((m) => m.planned).map((m) => m.id);
  const [paradas, arc] = await Promise.all([
    arcoParadaBars(ctx, ids, planned, fromIso, untilIso),
    // Weld telemetry's arc-on stretches, drawn inside 'En marcha' (docs/decisions/090-arc-on-board-and-timeline.md).
    arcStretches(ctx, ids, from, until),
  ]);

  const bars = new Map<number, TimelineBar[]>(ids.map((id) => [id, []]));
  for (const { arco_sumergido_id, bars: own } of [...paradas.ended, ...paradas.open]) bars.get(arco_sumergido_id)?.push(...own);
  const breaks = shifts
    .filter((s) => s.worked)
    .flatMap((s) => s.breaks)
    .map((b) => ({ start: Math.max(from, Date.parse(b.start)), end: Math.min(until, Date.parse(b.end)) }))
    .filter((b) => b.start < b.end);
  for (const id of ids) for (const b of breaks) bars.get(id)?.push(['planned', iso(b.start), iso(b.end), null, null, 0]);
  const silenceMs = ctx.machines.silenceSeconds * 1000;
  for (const b of bindings) {
    if (!bars.has(b.arco_sumergido_id)) continue;
    const last = b.last_report_at ? Date.parse(b.last_report_at) : null;
    if (last !== null && nowMs - last < silenceMs) continue;
    const start = Math.max(from, last ?? from);
    if (start >= until) continue;
    bars.get(b.arco_sumergido_id)?.push(['no_signal', iso(start), untilIso, null, null, 1]);
  }

  return {
    nave,
    from: fromIso,
    to: toIso,
    now: now.toISOString(),
    shifts: shifts.map(({ date, shift_id, name, start, end, worked }): TimelineShift => ({ date, shift_id, name, start, end, worked })),
    motivos: motivos.map(({ id, name, planned }) => ({ id, name, planned })),
    arcos: arcos
      .sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id)
      // An arco created inside the range did not run before it (spansSince in the contract).
      .map((a) => ({
        id: a.id,
        name: a.name,
        ...(a.since > from ? { since: iso(a.since) } : {}),
        bars: bars.get(a.id) ?? [],
        ...(arc.has(a.id) ? { arc: arc.get(a.id) } : {}),
      })),
  };
}

/** A parada a bar opens: admins any, a worker those of the nave of their session. */
export async function timelineParada(ctx: ServiceContext, user: AuthUser, id: number): Promise<TimelineParada> {
  const parada = await findParada(ctx.db, id);
  if (!parada) throw notFound(timelineMessages.paradaNotFound);
  if (user.role !== 'admin') {
    const arco = await findArco(ctx.db, parada.arco_sumergido_id);
    if (!user.nave || arco?.nave !== user.nave) throw forbidden(timelineMessages.otherNaveParada);
  }
  const { ended_by: _e, ended_by_name: _n, motivo_id: _m, user_id: _u, date: _d, ...shown } = parada;
  return shown;
}

/**
 * The arc time of an arc-on stretch a bar opens (docs/decisions/090-arc-on-board-and-timeline.md): the
 * minutes [from, to) touch, of an arco an admin may read, or a worker of the nave of their session.
 */
export async function timelineArcTime(
  ctx: ServiceContext,
  user: AuthUser,
  query: z.output<typeof timelineArcQuery>,
): Promise<TimelineArcTime> {
  const arco = await findArco(ctx.db, query.arco_sumergido_id);
  if (!arco) throw notFound(arcoMessages.notFound);
  if (user.role !== 'admin' && (!user.nave || arco.nave !== user.nave)) throw forbidden(timelineMessages.otherNave);
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  return { arco_sumergido_id: arco.id, from: iso(from), to: iso(to), arc_ms: await arcTime(ctx, arco.id, from, to) };
}
