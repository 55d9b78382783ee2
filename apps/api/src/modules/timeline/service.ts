import {
  type TimelineBar,
  type TimelineParada,
  type TimelineQuery,
  type TimelineResponse,
  type TimelineShift,
  timelineMessages,
} from '@portal/contract/timeline';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { findArco, listArcos } from '../arcos/service';
import { listBindings } from '../machines/service';
import { listMotivos } from '../motivos/service';
import { findNaveByName } from '../naves/service';
import { arcoParadasOverlapping, findParada } from '../paradas/service';
import { shiftsBetween } from './shifts';

export { type ShiftInstance, shiftAt } from './shifts';

// 'Arco 2' before 'Arco 10', as the plant board sorts them.
const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });

type Interval = { start: number; end: number };

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

/** `within` minus the union of `taken`, both sorted or not; the pieces in order. */
function complement(within: Interval[], taken: Interval[]): Interval[] {
  const busy = [...taken].sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const span of within) {
    let cursor = span.start;
    for (const t of busy) {
      if (t.end <= cursor) continue;
      if (t.start >= span.end) break;
      if (t.start > cursor) out.push({ start: cursor, end: t.start });
      cursor = Math.max(cursor, t.end);
      if (cursor >= span.end) break;
    }
    if (cursor < span.end) out.push({ start: cursor, end: span.end });
  }
  return out;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The bars of every arco of a nave over [from, to): its paradas (stopped, micro-stops and planned
 * stops, an open one up to now), a bound machine's current silence ('Sin señal', from its last report)
 * and running for the rest of the worked time up to now (the worked shifts when the calendar has any,
 * else the whole range): docs/decisions/041-arco-timeline.md.
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

  const arcos = await listArcos(ctx, nave);
  const ids = arcos.map((a) => a.id);
  const [paradas, bindings, shifts, motivos] = await Promise.all([
    arcoParadasOverlapping(ctx.db, ids, fromIso, toIso),
    listBindings(ctx.db),
    shiftsBetween(ctx, fromIso, toIso, nave),
    listMotivos(ctx),
  ]);
  const planned = new Set(motivos.filter((m) => m.planned).map((m) => m.id));

  const worked: Interval[] =
    shifts.length === 0
      ? [{ start: from, end: until }]
      : shifts
          .filter((s) => s.worked)
          .map((s) => ({ start: Math.max(from, Date.parse(s.start)), end: Math.min(until, Date.parse(s.end)) }))
          .filter((i) => i.start < i.end);

  const bars = new Map<number, TimelineBar[]>(ids.map((id) => [id, []]));
  const taken = new Map<number, Interval[]>(ids.map((id) => [id, []]));
  const named = new Set<number>();
  for (const p of paradas) {
    const start = Math.max(from, Date.parse(p.start_time));
    const end = Math.min(until, p.end_time === null ? nowMs : Date.parse(p.end_time));
    if (start >= end) continue;
    taken.get(p.arco_sumergido_id)?.push({ start, end });
    if (p.motivo_id !== null) named.add(p.motivo_id);
    const kind = p.micro_stop ? 'micro' : p.motivo_id !== null && planned.has(p.motivo_id) ? 'planned' : 'stopped';
    bars.get(p.arco_sumergido_id)?.push([kind, start, end, p.id, p.motivo_id, p.end_time === null ? 1 : 0]);
  }

  // The calendar's breaks: planned time of every arco, not running.
  const breaks = shifts
    .filter((s) => s.worked)
    .flatMap((s) => s.breaks)
    .map((b) => ({ start: Math.max(from, Date.parse(b.start)), end: Math.min(until, Date.parse(b.end)) }))
    .filter((b) => b.start < b.end);
  for (const id of ids) {
    for (const b of breaks) {
      taken.get(id)?.push(b);
      bars.get(id)?.push(['planned', b.start, b.end, null, null, 0]);
    }
  }

  const silenceMs = ctx.machines.silenceSeconds * 1000;
  for (const b of bindings) {
    if (!bars.has(b.arco_sumergido_id)) continue;
    const last = b.last_report_at ? Date.parse(b.last_report_at) : null;
    if (last !== null && nowMs - last < silenceMs) continue;
    const start = Math.max(from, last ?? from);
    if (start >= until) continue;
    taken.get(b.arco_sumergido_id)?.push({ start, end: until });
    bars.get(b.arco_sumergido_id)?.push(['no_signal', start, until, null, null, 1]);
  }

  return {
    nave,
    from: fromIso,
    to: toIso,
    now: now.toISOString(),
    shifts: shifts.map(({ date, shift_id, name, start, end }): TimelineShift => ({ date, shift_id, name, start, end })),
    motivos: motivos.filter((m) => named.has(m.id)).map(({ id, name, planned }) => ({ id, name, planned })),
    arcos: arcos
      .sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id)
      .map((a) => ({
        id: a.id,
        name: a.name,
        // By start; a running bar never starts where another does (it fills the gaps).
        bars: [
          ...(bars.get(a.id) ?? []),
          ...complement(worked, taken.get(a.id) ?? []).map((i): TimelineBar => ['running', i.start, i.end, null, null, 0]),
        ].sort((x, y) => x[1] - y[1]),
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
