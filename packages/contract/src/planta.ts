import { z } from 'zod';
import { plantaAndon } from './andon';
import { dateSchema, idSchema } from './common';

/** The plant board (GET /api/admin/planta, admin): every arco grouped by nave with its state now. */
export const plantaMessages = {
  title: 'Estado de planta',
  running: 'En marcha',
  stopped: 'Parada',
  stoppedBy: 'Parada por',
  /** Who stopped an arco whose machine signal opened the parada: 'Parada por la máquina'. */
  machine: 'la máquina',
  since: 'desde',
  todayMinutes: 'Minutos de parada hoy',
  shiftMinutes: 'Minutos de parada en este turno',
  shiftNow: (name: string, start: string, end: string) => `Turno ${name}, de ${start} a ${end}`,
  noShift: 'Fuera de turno',
  loading: 'Cargando estado de planta...',
  loadFallback: 'Fallo al cargar el estado de planta',
  empty: 'No hay arcos sumergidos registrados.',
  live: 'En directo',
  reconnecting: 'Reconectando...',
  /** An arco whose weld telemetry sent samples in the last PLANTA_WELD_WINDOW_SECONDS (docs/decisions/090-arc-on-board-and-timeline.md). */
  arcOn: 'Arco encendido',
  arcOff: 'Arco apagado',
  /** The arc burns with no pass started at the arco (one opened by the signal, waiting for 'Iniciar soldadura'). */
  arcNoPass: 'Sin soldadura iniciada',
} as const;

export const plantaParada = z.object({
  id: z.number(),
  user_name: z.string(),
  start_time: z.string(),
  /** Opened by a worker or by the arco's machine signal. */
  source: z.enum(['worker', 'machine']).optional(),
});

/** A bound arco's machine signal: its last report, and whether it has been silent for too long ('Sin señal'). */
export const plantaSignal = z.object({
  last_report_at: z.string().nullable(),
  silent: z.boolean(),
  /** MACHINE_SILENCE_SECONDS, so the board can turn 'Sin señal' on by itself between refreshes. */
  silence_seconds: z.number(),
});

/** A station terminal of the arco, not revoked (docs/decisions/036-station-terminal.md): 'Conectado' or 'Sin conexión'. */
export const plantaTerminal = z.object({
  id: z.number(),
  name: z.string(),
  /** A heartbeat within TERMINAL_ONLINE_MINUTES (5). */
  online: z.boolean(),
  last_seen_at: z.string().nullable(),
  /** Its PIN budget ran out: 'PIN bloqueado' until an admin resets it (docs/decisions/060-terminal-budget-and-binding.md). */
  pin_locked: z.boolean().optional(),
});
export type PlantaTerminal = z.infer<typeof plantaTerminal>;

/** How old an arco's latest weld sample may be for the board to say whether the arc burns (as GET /api/telemetry/live). */
export const PLANTA_WELD_WINDOW_SECONDS = 10;

/**
 * An arco's weld telemetry now: its latest sample of the last PLANTA_WELD_WINDOW_SECONDS (device time
 * `at`), the arc burning or not with its current, voltage and travel speed, and the pass not ended at
 * the arco, if any (its circular's name and pass type; a pass opened by the arc has neither until the
 * operator confirms it). The same values a `weld.live` event carries.
 */
export const plantaWeld = z.object({
  arc: z.boolean(),
  at: z.string(),
  current: z.number(),
  voltage: z.number(),
  speed: z.number(),
  run: z
    .object({
      id: z.number(),
      circular: z.string().nullable(),
      pass_type: z.string().nullable(),
    })
    .nullable(),
});
export type PlantaWeld = z.infer<typeof plantaWeld>;

export const plantaArco = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(['running', 'stopped']),
  /** The stop in progress (the earliest started, if several workers stopped it). */
  active_stop: plantaParada.nullable(),
  /** Minutes of paradas at this arco today (factory date): finished stops plus the running part of active ones. */
  today_minutes: z.number(),
  /** Machine stops shorter than MACHINE_MICRO_STOP_SECONDS today: left out of today_minutes, counted here. */
  micro_stops_today: z.number().optional(),
  /** Present only for an arco bound to a machine signal. */
  signal: plantaSignal.nullable().optional(),
  /** The arco's open andon calls: the highest level and who is coming (absent: none). */
  andon: plantaAndon.nullable().optional(),
  /** The arco's station terminals not revoked, each 'Conectado' or 'Sin conexión' (docs/decisions/036-station-terminal.md). */
  terminals: z.array(plantaTerminal).optional(),
  /**
   * Minutes of paradas inside the nave's current shift up to now (breaks left out, a stop begun in the
   * shift before counted from the boundary); absent between shifts.
   */
  shift_minutes: z.number().optional(),
  /** Only an arco whose weld telemetry sent a sample in the last PLANTA_WELD_WINDOW_SECONDS: the arc burning or not. */
  weld: plantaWeld.optional(),
});

/** The nave's shift running now (docs/decisions/040-shift-calendar.md). */
export const plantaShift = z.object({ shift_id: z.number(), name: z.string(), start: z.string(), end: z.string(), worked: z.boolean() });
export const plantaNave = z.object({ nave: z.string(), arcos: z.array(plantaArco), shift: plantaShift.nullable().optional() });
export const plantaResponse = z.array(plantaNave);
/** GET /api/admin/planta?by=shift adds each nave's current shift and each arco's minutes in it. */
export const plantaQuery = z.object({ by: z.enum(['shift']).optional() });
export type PlantaArco = z.infer<typeof plantaArco>;
export type PlantaNave = z.infer<typeof plantaNave>;

/** CSV exports (admin): GET /api/admin/export/paradas-kaiser.csv and /api/admin/export/tramos.csv. */
export const exportMessages = {
  button: 'Exportar CSV',
  exporting: 'Exportando...',
  fallback: 'Fallo al exportar CSV',
  rangeRequired: 'Indica la fecha de inicio y la de fin.',
  rangeOrder: 'La fecha de inicio debe ser anterior o igual a la de fin.',
  from: 'Desde',
  to: 'Hasta',
  nave: 'Nave',
  arco: 'Arco sumergido',
  allNaves: 'Todas las naves',
  allArcos: 'Todos los arcos sumergidos',
  motivoColumns: 'Incluir el motivo y los minutos del arco',
  /** Under a list's one filter bar: what of its filters the export takes. */
  columnsInvalid: 'Las columnas opcionales son motivo y andon.',
  byShift: 'Por turno: una fila por parada y turno',
  byInvalid: 'El CSV solo se puede dividir por turno.',
  /** The shift of a stop's part outside every worked shift (a holiday, a day without shifts, a break). */
  outsideShifts: 'Fuera de turno',
  fromFilters: 'El CSV toma las fechas, la nave y el arco de los filtros aplicados (sin fechas, el mes en curso).',
} as const;

/** The stops export's optional column sets. */
export const EXPORT_COLUMN_SETS = ['motivo', 'andon'] as const;

/** A required date of the export range: missing or blank gives the range text, a malformed one the date's own. */
const exportDate = z.string({ error: exportMessages.rangeRequired }).trim().min(1, exportMessages.rangeRequired).pipe(dateSchema);

/** Query of both exports: an inclusive range of factory dates, optionally one nave (by name) or one arco. */
export const exportQuery = z
  .object({
    startDate: exportDate,
    endDate: exportDate,
    nave: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    // An empty select ('') means every arco; anything else must be a valid id.
    arco_sumergido_id: z
      .union([z.number(), z.string()])
      .optional()
      .transform((v) => (v === '' ? undefined : v))
      .pipe(idSchema.optional()),
    /**
     * Stops export only, a comma list: 'motivo' adds the motivo and the arco's minutes counted once
     * (PARADAS_CSV_MOTIVO_COLUMNS), 'andon' the call times (PARADAS_CSV_ANDON_COLUMNS), in that order.
     */
    columns: z
      .string()
      .optional()
      .transform((v) => (v ? v.split(',').map((c) => c.trim()) : []))
      .pipe(z.array(z.enum(EXPORT_COLUMN_SETS, { error: exportMessages.columnsInvalid }))),
    /**
     * Stops export only: 'shift' gives a row per stop and shift part (PARADAS_CSV_SHIFT_COLUMNS), each
     * stop split at the shift boundaries as the downtime analysis splits it
     * (docs/decisions/049-stops-csv-by-shift.md).
     */
    by: z
      .string()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.enum(['shift'], { error: exportMessages.byInvalid }).optional()),
  })
  .refine((q) => q.startDate <= q.endDate, { error: exportMessages.rangeOrder });
export type ExportQuery = z.input<typeof exportQuery>;

/** Header rows of the CSV files (Spanish Excel: UTF-8 with BOM, `;` separator). */
export const PARADAS_CSV_HEADER = [
  'Fecha',
  'Nave',
  'Arco sumergido',
  'Trabajador',
  'ID de Trabajador',
  'Inicio',
  'Fin',
  'Duración (min)',
  'Descripción',
] as const;
/** The stops export's extra columns (`columns=motivo`): its motivo and its minutes not already counted at its arco. */
export const PARADAS_CSV_MOTIVO_COLUMNS = ['Motivo', 'Minutos del arco'] as const;
/** The stops export's last columns by shift (`by=shift`): the shift of the part, its factory date and the part's minutes. */
export const PARADAS_CSV_SHIFT_COLUMNS = ['Turno', 'Fecha del turno', 'Minutos en el turno'] as const;
export const TRAMOS_CSV_HEADER = [
  'Fecha circular',
  'ID Tramo',
  'ID Proyecto',
  'ID Circular',
  'Nave',
  'Arco sumergido',
  'Trabajador',
  'Descripción',
  'Imagen',
] as const;
