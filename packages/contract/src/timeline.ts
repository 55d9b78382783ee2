import { z } from 'zod';
import { idSchema, instantSchema } from './common';
import { shiftInstance } from './shifts';

/** The arco timeline ('Línea de tiempo'): GET /api/timeline?nave&from&to. */
export const TIMELINE_MAX_DAYS = 8;

export const timelineMessages = {
  title: 'Línea de tiempo',
  naveRequired: 'Elige una nave.',
  naveUnknown: 'La nave no existe.',
  otherNave: 'Solo puedes ver la línea de tiempo de la nave en la que has iniciado sesión.',
  rangeOrder: 'El inicio del intervalo debe ser anterior a su fin.',
  rangeTooLong: `El intervalo no puede superar los ${TIMELINE_MAX_DAYS} días.`,
  loading: 'Cargando línea de tiempo...',
  loadFallback: 'Fallo al cargar la línea de tiempo',
  empty: 'No hay arcos sumergidos en esta nave.',
  range: 'Intervalo',
  shift: 'Turno',
  day: 'Día',
  week: 'Semana',
  date: 'Fecha',
  previous: 'Anterior',
  next: 'Siguiente',
  print: 'Imprimir',
  legend: 'Leyenda',
  noShift: 'No hay turno en esa fecha.',
  kinds: {
    running: 'En marcha',
    stopped: 'Parada',
    micro: 'Microparada',
    planned: 'Parada planificada',
    no_signal: 'Sin señal',
  },
  open: 'en curso',
  noMotivo: 'Sin motivo',
  shiftBoundary: 'Cambio de turno',
  bar: 'Tramo de la línea de tiempo',
  detail: 'Detalle de la parada',
  paradaNotFound: 'Parada no encontrada.',
  otherNaveParada: 'Solo puedes ver las paradas de la nave en la que has iniciado sesión.',
  by: 'Registrada por',
  from: 'Desde',
  to: 'Hasta',
  motivo: 'Motivo',
  description: 'Descripción',
  history: 'Ver historial',
  close: 'Cerrar',
  live: 'En directo',
  reconnecting: 'Reconectando...',
  naveLabel: 'Nave',
  arcoLabel: 'Arco sumergido',
  /** The arc-on stretches inside 'En marcha' (docs/decisions/090-arc-on-board-and-timeline.md). */
  arcOn: 'Arco encendido',
  arcTime: 'Tiempo de arco',
} as const;

const rangeInstant = z.string({ error: 'La fecha y hora no son válidas.' }).pipe(instantSchema);

export const timelineQuery = z
  .object({
    /** Nave by name; a worker may leave it out (their own) and may ask only for their own. */
    nave: z.string().trim().max(100).optional(),
    from: rangeInstant,
    to: rangeInstant,
  })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { error: timelineMessages.rangeOrder })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= TIMELINE_MAX_DAYS * 86_400_000, { error: timelineMessages.rangeTooLong });
export type TimelineQuery = z.infer<typeof timelineQuery>;

export const TIMELINE_KINDS = ['running', 'stopped', 'micro', 'planned', 'no_signal'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/**
 * One bar the server sends, clipped to the range, as a tuple (a week of 50 arcos is thousands of
 * bars: docs/decisions/041-arco-timeline.md): kind, start and end (ISO instants; the end of an open
 * one is the server's now), the parada's id and motivo's id (null for a break of the calendar and no
 * signal), and 1 while it is still open. Running is not sent: it is the worked time between the bars,
 * which `withRunning` fills in (docs/decisions/053-timeline-without-running-bars.md).
 */
export const timelineBar = z.tuple([
  z.enum(['stopped', 'micro', 'planned', 'no_signal']),
  z.string(),
  z.string(),
  z.number().nullable(),
  z.number().nullable(),
  z.union([z.literal(0), z.literal(1)]),
]);
export type TimelineBar = z.infer<typeof timelineBar>;
/** A bar as drawn, its instants in epoch milliseconds: one the server sent, or running between them. */
export type TimelineDrawnBar = [TimelineKind, number, number, number | null, number | null, 0 | 1];

/** A shift occurrence as the timeline draws its boundaries (not `worked`: no running time in it). */
export const timelineShift = shiftInstance.omit({ breaks: true });
export type TimelineShift = z.infer<typeof timelineShift>;

/**
 * An arc-on stretch (docs/decisions/090-arc-on-board-and-timeline.md): consecutive minutes of weld
 * telemetry with arc time, as [start, end]: epoch milliseconds of its first minute's start and its last
 * minute's end, clipped to the range. Its arc time is read when it is opened (`GET /api/timeline/arc`).
 */
export const timelineArc = z.tuple([z.number(), z.number()]);
export type TimelineArc = z.infer<typeof timelineArc>;

export const timelineResponse = z.object({
  nave: z.string(),
  from: z.string(),
  to: z.string(),
  now: z.string(),
  /** The shifts that overlap the range (their boundaries are drawn). */
  shifts: z.array(timelineShift),
  /** Every motivo, for the bars' colours and texts; the legend lists those the bars name. */
  motivos: z.array(z.object({ id: z.number(), name: z.string(), planned: z.boolean() })),
  /**
   * Each arco's bars in no particular order (`withRunning` sorts them); `since`, an arco created inside
   * the range: nothing of it ran before (`spansSince`).
   */
  arcos: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      since: z.string().optional(),
      bars: z.array(timelineBar),
      /** Only an arco with weld telemetry's arc-on minutes in the range: its stretches, by start. */
      arc: z.array(timelineArc).optional(),
    }),
  ),
});
export type TimelineResponse = z.infer<typeof timelineResponse>;

type Span = { start: number; end: number };

/**
 * The time an arco runs unless a bar says otherwise: the worked shifts up to the server's now, clipped
 * to the range, or the whole range up to now when the calendar has no shift in it.
 */
export function workedSpans({ from, to, now, shifts }: Pick<TimelineResponse, 'from' | 'to' | 'now' | 'shifts'>): Span[] {
  const start = Date.parse(from);
  const until = Math.min(Date.parse(to), Date.parse(now));
  if (shifts.length === 0) return start < until ? [{ start, end: until }] : [];
  return shifts
    .filter((s) => s.worked)
    .map((s) => ({ start: Math.max(start, Date.parse(s.start)), end: Math.min(until, Date.parse(s.end)) }))
    .filter((s) => s.start < s.end);
}

/** The worked spans of an arco created at `since` (an ISO instant; none: all of them): it ran only from then on. */
export function spansSince(worked: readonly Span[], since?: string): Span[] {
  if (since === undefined) return [...worked];
  const from = Date.parse(since);
  return worked.map((s) => ({ start: Math.max(s.start, from), end: s.end })).filter((s) => s.start < s.end);
}

/**
 * An arco's bars by start, in epoch milliseconds, with running in every worked gap between them (cut
 * at the shifts' boundaries, as the worked spans are): what the server left out of its answer.
 */
export function withRunning(bars: readonly TimelineBar[], worked: readonly Span[]): TimelineDrawnBar[] {
  const sorted = bars
    .map(([kind, start, end, parada, motivo, open]): TimelineDrawnBar => [kind, Date.parse(start), Date.parse(end), parada, motivo, open])
    .sort((x, y) => x[1] - y[1]);
  const out: TimelineDrawnBar[] = [...sorted];
  for (const span of worked) {
    let cursor = span.start;
    for (const [, start, end] of sorted) {
      if (end <= cursor) continue;
      if (start >= span.end) break;
      if (start > cursor) out.push(['running', cursor, start, null, null, 0]);
      cursor = Math.max(cursor, end);
      if (cursor >= span.end) break;
    }
    if (cursor < span.end) out.push(['running', cursor, span.end, null, null, 0]);
  }
  return out.sort((x, y) => x[1] - y[1]);
}

/** An arc-on stretch as drawn: its part inside one 'En marcha' bar (epoch ms), and the whole stretch it belongs to. */
export type TimelineDrawnArc = [start: number, end: number, stretch: TimelineArc];

/**
 * The arc-on stretches as drawn: each one's parts inside the 'En marcha' bars (a stretch over a
 * parada's bar, a shift's end or a time off the calendar is cut there), each with its whole stretch,
 * whose times and arc time are what the part says.
 */
export function arcInRunning(arc: readonly TimelineArc[], drawn: readonly TimelineDrawnBar[]): TimelineDrawnArc[] {
  const running = drawn.filter((b) => b[0] === 'running');
  const out: TimelineDrawnArc[] = [];
  let k = 0;
  for (const stretch of arc) {
    const [start, end] = stretch;
    while (k < running.length && running[k][2] <= start) k++;
    for (let j = k; j < running.length && running[j][1] < end; j++) {
      const from = Math.max(start, running[j][1]);
      const to = Math.min(end, running[j][2]);
      if (from < to) out.push([from, to, stretch]);
    }
  }
  return out;
}

/** GET /api/timeline/arc?arco_sumergido_id&from&to: the arc time of an arc-on stretch (same nave rule as the timeline). */
export const timelineArcQuery = z
  .object({
    arco_sumergido_id: idSchema,
    from: rangeInstant,
    to: rangeInstant,
  })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { error: timelineMessages.rangeOrder })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= TIMELINE_MAX_DAYS * 86_400_000, { error: timelineMessages.rangeTooLong });
export type TimelineArcQuery = z.input<typeof timelineArcQuery>;
export const timelineArcTime = z.object({ arco_sumergido_id: z.number(), from: z.string(), to: z.string(), arc_ms: z.number() });
export type TimelineArcTime = z.infer<typeof timelineArcTime>;

/** GET /api/timeline/paradas/:id: what a bar opens (admins: any; workers: the paradas of their nave). */
export const timelineParada = z.object({
  id: z.number(),
  arco_sumergido_id: z.number(),
  arco_sumergido_name: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string().nullable(),
  duration_minutes: z.number().nullable(),
  user_name: z.string(),
  motivo_name: z.string().nullable(),
  description: z.string().nullable(),
  source: z.enum(['worker', 'machine']).optional(),
  micro_stop: z.number().optional(),
});
export type TimelineParada = z.infer<typeof timelineParada>;
