import { z } from 'zod';
import { instantSchema } from './common';

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
 * One bar, clipped to the range, as a tuple (a week of 50 arcos is tens of thousands of bars:
 * docs/decisions/041-arco-timeline.md): kind, start and end in epoch milliseconds (the end of an open
 * one is the server's now), the parada's id and motivo's id (null for running and no signal), and 1
 * while it is still open.
 */
export const timelineBar = z.tuple([
  z.enum(TIMELINE_KINDS),
  z.number(),
  z.number(),
  z.number().nullable(),
  z.number().nullable(),
  z.union([z.literal(0), z.literal(1)]),
]);
export type TimelineBar = z.infer<typeof timelineBar>;

export const timelineShift = z.object({ date: z.string(), shift_id: z.number(), name: z.string(), start: z.string(), end: z.string() });
export type TimelineShift = z.infer<typeof timelineShift>;

export const timelineResponse = z.object({
  nave: z.string(),
  from: z.string(),
  to: z.string(),
  now: z.string(),
  /** The shifts that overlap the range (their boundaries are drawn). */
  shifts: z.array(timelineShift),
  /** The motivos the bars name, for their colours and the legend. */
  motivos: z.array(z.object({ id: z.number(), name: z.string(), planned: z.boolean() })),
  arcos: z.array(z.object({ id: z.number(), name: z.string(), bars: z.array(timelineBar) })),
});
export type TimelineResponse = z.infer<typeof timelineResponse>;

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
