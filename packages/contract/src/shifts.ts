import { z } from 'zod';
import { dateSchema, idSchema, instantSchema, savedResponse } from './common';

/**
 * The plant's shift calendar (docs/decisions/040-shift-calendar.md). Times of day are the factory's
 * wall clock 'HH:mm'; a shift whose end is not after its start ends on the next day (Noche 22:00–06:00).
 * A shift instance belongs to the factory date its start falls on.
 */
export const SHIFT_NAME_MAX = 40;
export const SHIFT_BREAKS_MAX = 6;
export const CLOSURE_REASON_MAX = 120;
/** The longest range the instances route answers at once. */
export const SHIFT_RANGE_MAX_DAYS = 62;

/** The calendar a database starts with: three shifts of 8 h, Monday to Saturday. */
export const DEFAULT_SHIFTS = [
  { name: 'Mañana', start: '06:00', end: '14:00' },
  { name: 'Tarde', start: '14:00', end: '22:00' },
  { name: 'Noche', start: '22:00', end: '06:00' },
] as const;
export const DEFAULT_SHIFT_WEEKDAYS = [1, 2, 3, 4, 5, 6] as const;

export const shiftMessages = {
  title: 'Turnos',
  intro:
    'Define los turnos de la planta, sus descansos y los días no trabajados. Los cambios se aplican desde la fecha indicada y nunca modifican los datos pasados.',
  nameRequired: 'El nombre del turno es obligatorio.',
  nameMax: `El nombre del turno no puede exceder los ${SHIFT_NAME_MAX} caracteres.`,
  timeInvalid: 'La hora debe tener el formato HH:mm.',
  sameStartEnd: 'La hora de fin del turno debe ser distinta de la de inicio.',
  weekdaysRequired: 'Selecciona al menos un día de la semana.',
  weekdayInvalid: 'El día de la semana no es válido.',
  breakOutside: 'Cada descanso debe quedar dentro del turno.',
  breakOverlap: 'Los descansos de un turno no pueden solaparse.',
  breakEmpty: 'La hora de fin del descanso debe ser posterior a la de inicio.',
  breaksMax: `Un turno admite como mucho ${SHIFT_BREAKS_MAX} descansos.`,
  effectiveRequired: 'Indica la fecha desde la que se aplica el cambio.',
  effectivePast: 'Los cambios del calendario solo pueden aplicarse desde hoy en adelante: el pasado no se modifica.',
  shiftOverlap: (other: string) => `El turno se solapa con el turno ${other} en alguno de sus días.`,
  notFound: 'Turno no encontrado.',
  closureNotFound: 'Día no trabajado no encontrado.',
  closurePast: 'Solo se pueden marcar o quitar días no trabajados de hoy en adelante.',
  closureTaken: 'Ese día o turno ya está marcado como no trabajado.',
  reasonMax: `El motivo no puede exceder los ${CLOSURE_REASON_MAX} caracteres.`,
  rangeInvalid: 'El intervalo de fechas no es válido.',
  rangeTooLong: `El intervalo no puede superar los ${SHIFT_RANGE_MAX_DAYS} días.`,
  naveUnknown: 'La nave indicada no existe.',
  created: '¡Turno creado con éxito!',
  updated: '¡Turno actualizado con éxito!',
  retired: '¡Turno retirado del calendario con éxito!',
  closureCreated: '¡Día no trabajado guardado con éxito!',
  closureDeleted: '¡Día no trabajado eliminado con éxito!',
  // Texts the screen shows.
  shiftsTitle: 'Turnos en vigor',
  name: 'Nombre',
  start: 'Inicio',
  end: 'Fin',
  weekdays: 'Días',
  /** The days' initials in the table, Monday first (WEEKDAY_NAMES read them to a screen reader). */
  dayInitials: ['L', 'M', 'X', 'J', 'V', 'S', 'D'],
  nave: 'Nave',
  allNaves: 'Todas las naves',
  breaks: 'Descansos',
  addBreak: 'Añadir descanso',
  removeBreak: 'Quitar descanso',
  breakStart: 'Inicio del descanso',
  breakEnd: 'Fin del descanso',
  noBreaks: 'Sin descansos',
  effectiveFrom: 'Aplicar desde',
  crossesMidnight: 'Termina al día siguiente',
  add: 'Añadir turno',
  edit: 'Editar',
  save: 'Guardar cambios',
  cancel: 'Cancelar',
  retire: 'Retirar',
  retireFrom: 'Retirar desde',
  since: (date: string) => `desde ${date}`,
  nextChange: (date: string) => `cambio programado el ${date}`,
  empty: 'No hay turnos definidos.',
  loading: 'Cargando turnos...',
  loadFailed: 'Ocurrió un error al cargar el calendario de turnos.',
  saveFailed: 'Ocurrió un error al guardar el calendario de turnos.',
  closuresTitle: 'Días y turnos no trabajados',
  closureDate: 'Fecha',
  closureShift: 'Turno',
  wholeDay: 'Todo el día',
  reason: 'Motivo',
  addClosure: 'Marcar como no trabajado',
  deleteClosure: 'Quitar',
  noClosures: 'No hay días no trabajados a partir de hoy.',
  /** The name of the statistics' column when a stop's minutes fall outside every worked shift. */
  outside: 'Fuera de turno',
} as const;

const timeOfDay = z.string({ error: shiftMessages.timeInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, shiftMessages.timeInvalid);

/** Minutes after midnight of an 'HH:mm'. */
export function minuteOfDay(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

/** Minutes from a shift's start to a time of day inside it (the next day's part counts on). */
export function minutesIntoShift(shiftStart: string, time: string): number {
  return (minuteOfDay(time) - minuteOfDay(shiftStart) + 1440) % 1440;
}

/** The length of a shift in wall-clock minutes (the real length differs on a daylight-saving night). */
export function shiftWallMinutes(start: string, end: string): number {
  return minutesIntoShift(start, end) || 1440;
}

export const shiftBreak = z.object({ start: timeOfDay, end: timeOfDay });
export type ShiftBreak = z.infer<typeof shiftBreak>;

const weekday = z
  .number({ error: shiftMessages.weekdayInvalid })
  .int(shiftMessages.weekdayInvalid)
  .min(1, shiftMessages.weekdayInvalid)
  .max(7, shiftMessages.weekdayInvalid);

const shiftFields = z.object({
  name: z
    .string({ error: shiftMessages.nameRequired })
    .trim()
    .min(1, shiftMessages.nameRequired)
    .max(SHIFT_NAME_MAX, shiftMessages.nameMax),
  start: timeOfDay,
  end: timeOfDay,
  weekdays: z
    .array(weekday, { error: shiftMessages.weekdaysRequired })
    .min(1, shiftMessages.weekdaysRequired)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  breaks: z.array(shiftBreak, { error: shiftMessages.breakOutside }).max(SHIFT_BREAKS_MAX, shiftMessages.breaksMax).default([]),
  /** null: every nave. */
  nave_id: z.union([idSchema, z.null()]).default(null),
  effective_from: dateSchema,
});

/** The rules of a shift's times: not empty, breaks inside it and apart from each other. */
function checkShift(s: { start: string; end: string; breaks: ShiftBreak[] }, ctx: z.RefinementCtx) {
  if (s.start === s.end) {
    ctx.addIssue({ code: 'custom', message: shiftMessages.sameStartEnd, path: ['end'] });
    return;
  }
  const length = shiftWallMinutes(s.start, s.end);
  const spans = s.breaks.map((b) => [minutesIntoShift(s.start, b.start), minutesIntoShift(s.start, b.end)] as const);
  for (const [i, [from, to]] of spans.entries()) {
    if (to === from) ctx.addIssue({ code: 'custom', message: shiftMessages.breakEmpty, path: ['breaks', i, 'end'] });
    else if (to < from || to > length) ctx.addIssue({ code: 'custom', message: shiftMessages.breakOutside, path: ['breaks', i] });
  }
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i][0] < sorted[i - 1][1]) {
      ctx.addIssue({ code: 'custom', message: shiftMessages.breakOverlap, path: ['breaks'] });
      return;
    }
  }
}

/** POST /api/admin/shifts and PUT /api/admin/shifts/:id: the shift as it is from `effective_from` on. */
export const shiftBody = shiftFields.superRefine(checkShift);
export type ShiftBody = z.input<typeof shiftBody>;

/** DELETE /api/admin/shifts/:id?from=: the shift stops from that date (the days before keep it). */
export const retireShiftQuery = z.object({ from: dateSchema });

/** A shift as defined from one date on. */
export const shiftVersion = z.object({
  effective_from: z.string(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  weekdays: z.array(z.number()),
  breaks: z.array(shiftBreak),
  nave_id: z.number().nullable(),
  /** false: retired from effective_from on. */
  active: z.boolean(),
});
export type ShiftVersion = z.infer<typeof shiftVersion>;

/** A shift with its definitions over time, oldest first; `current` is the one in force today (null if none yet or retired). */
export const shiftDefinition = z.object({
  id: z.number(),
  current: shiftVersion.nullable(),
  versions: z.array(shiftVersion),
});
export type ShiftDefinition = z.infer<typeof shiftDefinition>;

export const closureBody = z.object({
  date: dateSchema,
  /** null: the whole day. */
  shift_id: z.union([idSchema, z.null()]).default(null),
  reason: z.string().trim().max(CLOSURE_REASON_MAX, shiftMessages.reasonMax).default(''),
});
export type ClosureBody = z.input<typeof closureBody>;
export const closure = z.object({ id: z.number(), date: z.string(), shift_id: z.number().nullable(), reason: z.string() });
export type Closure = z.infer<typeof closure>;

/** GET /api/admin/shifts. */
export const shiftCalendar = z.object({ shifts: z.array(shiftDefinition), closures: z.array(closure) });
export type ShiftCalendar = z.infer<typeof shiftCalendar>;
export const shiftSavedResponse = savedResponse({ shift: shiftDefinition });
export type ShiftSavedResponse = z.infer<typeof shiftSavedResponse>;
export const closureSavedResponse = savedResponse({ closure });
export type ClosureSavedResponse = z.infer<typeof closureSavedResponse>;

/** A moment or a factory date ('YYYY-MM-DD': that day's start, or for `to` the next day's). */
const rangeEdge = z.union([dateSchema, instantSchema], { error: shiftMessages.rangeInvalid });

/** GET /api/shifts/instances: the shifts that overlap [from, to). */
export const shiftInstancesQuery = z.object({
  from: rangeEdge,
  to: rangeEdge,
  nave: z.string().trim().min(1).optional(),
});
export type ShiftInstancesQuery = z.input<typeof shiftInstancesQuery>;

/** One occurrence of a shift: its start day (factory zone), instants in ISO UTC. */
export const shiftInstance = z.object({
  date: z.string(),
  shift_id: z.number(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  /** false on a day or shift marked as not worked. */
  worked: z.boolean(),
  breaks: z.array(z.object({ start: z.string(), end: z.string() })),
});
export type ShiftInstance = z.infer<typeof shiftInstance>;

/** GET /api/shifts/current: the shift running now (null between shifts). */
export const currentShiftResponse = z.object({ shift: shiftInstance.nullable() });
