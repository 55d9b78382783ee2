import { z } from 'zod';
import { andonFigures } from './andon';
import { idSchema } from './common';

export const downtimeMessages = {
  title: 'Análisis de paradas',
  month: 'Mes',
  nave: 'Nave',
  pareto: 'Minutos de parada por motivo',
  motivo: 'Motivo',
  byArco: 'Minutos de parada por arco',
  availability: 'Disponibilidad por arco',
  /** The name of the availability table's scroll region. */
  availabilityTable: 'Tabla de disponibilidad por arco',
  minutes: 'Minutos',
  cumulative: '% acumulado',
  arco: 'Arco sumergido',
  planned: 'Tiempo planificado (min)',
  downtime: 'Parada (min)',
  noMotivo: 'Sin motivo',
  noMotivoShare: 'Minutos de parada sin motivo',
  empty: 'No hay paradas finalizadas en este mes y nave.',
  loading: 'Cargando análisis de paradas...',
  loadFailed: 'Ocurrió un error al cargar el análisis de paradas.',
  /** The answer of the retired planned-hours write (docs/decisions/056-shift-figures-across-a-month.md). */
  plannedHoursRetired:
    'Las horas planificadas ya no se editan aquí: el tiempo de trabajo se define en el calendario de turnos (Administración → Turnos).',
  monthInvalid: 'El mes no es válido.',
  naveRequired: 'Selecciona una nave.',
  notApplicable: '—',
  microTitle: 'Microparadas de máquina por arco',
  microTable: 'Tabla de microparadas de máquina por arco',
  microHelp: 'Paradas de máquina más cortas que el umbral de microparada: no cuentan en los minutos de parada ni en la disponibilidad.',
  microStops: 'Microparadas',
  shift: 'Turno',
  allShifts: 'Todos los turnos',
  byShift: 'Paradas por turno',
  byShiftTable: 'Tabla de paradas por turno',
  plannedStops: 'Paradas planificadas (min)',
  plannedStopsTitle: 'Paradas planificadas por motivo',
  plannedStopsHelp: 'Paradas con un motivo planificado y descansos de los turnos: no restan disponibilidad.',
  breaks: 'Descansos (min)',
  outside: 'Fuera de turno (min)',
  availabilityShort: 'Disponibilidad',
  calendarNote: 'El tiempo planificado sale del calendario de turnos (Turnos).',
} as const;

/** ISO weekdays, Monday first, as the admin screen lists them. */
export const WEEKDAY_NAMES = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'] as const;

export const downtimeQuery = z.object({
  month: z.string({ error: downtimeMessages.monthInvalid }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, downtimeMessages.monthInvalid),
  nave: z.string({ error: downtimeMessages.naveRequired }).trim().min(1, downtimeMessages.naveRequired),
  /** One shift's figures only (a shift id of the calendar). */
  shift: idSchema.optional(),
});
export type DowntimeQuery = z.input<typeof downtimeQuery>;

export const downtimeMotivo = z.object({
  motivo_id: z.number().nullable(),
  name: z.string(),
  minutes: z.number(),
  /** Share of the month's downtime up to and including this motivo, 0 to 100. */
  cumulative_percent: z.number(),
});
export const downtimeArco = z.object({
  arco_id: z.number(),
  name: z.string(),
  minutes: z.number(),
  /** Worked shift time of the month up to now, breaks left out (docs/decisions/040-shift-calendar.md). */
  planned_minutes: z.number(),
  /** 1 minus unplanned downtime over planned time less planned stops, 0 to 1; null without such time. */
  availability: z.number().nullable(),
  /** Stops with a planned motivo inside the worked shifts: apart, out of availability. */
  planned_stop_minutes: z.number(),
  break_minutes: z.number(),
  /** Stop minutes outside every worked shift (or in a break): in no figure above. */
  outside_minutes: z.number(),
});
/** One shift's figures at the nave over the month (a stop over two shifts split at the boundary). */
export const downtimeShift = z.object({
  shift_id: z.number(),
  name: z.string(),
  planned_minutes: z.number(),
  break_minutes: z.number(),
  minutes: z.number(),
  planned_stop_minutes: z.number(),
  availability: z.number().nullable(),
});
export type DowntimeShift = z.infer<typeof downtimeShift>;
/** A station's machine micro-stops in the month: apart, in neither its minutes nor its availability. */
export const downtimeMicroArco = z.object({ arco_id: z.number(), name: z.string(), minutes: z.number(), stops: z.number() });
export const downtimeAnalysis = z.object({
  month: z.string(),
  nave: z.string(),
  total_minutes: z.number(),
  /** The share of total_minutes whose parada has no motivo, in percent with one decimal (0 without minutes). */
  no_motivo_percent: z.number(),
  motivos: z.array(downtimeMotivo),
  arcos: z.array(downtimeArco),
  /**
   * The month's machine micro-stops at the nave, counted apart: out of total_minutes, the motivos and
   * the availability; the stations that had any, in natural order.
   */
  micro_stops: z.object({ minutes: z.number(), stops: z.number(), arcos: z.array(downtimeMicroArco) }),
  /** The andon's waits of the month's ended paradas with a call (docs/decisions/043-andon.md). */
  andon: andonFigures.optional(),
  /** The shift the figures are restricted to, or null for all. */
  shift_id: z.number().nullable(),
  shifts: z.array(downtimeShift),
  /** Minutes of stops with a planned motivo, apart, largest first. */
  planned_stops: z.object({
    minutes: z.number(),
    motivos: z.array(z.object({ motivo_id: z.number().nullable(), name: z.string(), minutes: z.number() })),
  }),
});
export type DowntimeAnalysis = z.infer<typeof downtimeAnalysis>;

/** The planned hours per ISO weekday (Monday first) of the plant-wide calendar in force today: a read only. */
export const plannedHoursResponse = z.object({ hours: z.array(z.number()) });
