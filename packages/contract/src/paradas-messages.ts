/**
 * The paradas' Spanish texts and limits, zod-free: the station terminal's home
 * paints with these before any schema loads (paradas.ts re-exports them;
 * docs/decisions/055-terminal-home-first-paint.md).
 */
import { minutesText } from './format';

export const DESCRIPTION_MAX = 500;
/** Without a date range the list answers only the newest stops (a bounded default). */
export const PARADAS_DEFAULT_LIMIT = 200;
/** Even with a date range the list is capped, newest first, so one call can never grow unbounded. */
export const PARADAS_RANGE_LIMIT = 2000;
/** A stop entered afterwards lasts at most a day (a night shift crosses midnight, never two). */
export const PARADA_MAX_MINUTES = 24 * 60;

export const paradaMessages = {
  // Validation rules and the server's rules for stops.
  noneSelected: 'No hay parada seleccionada para actualizar.',
  timesRequired: 'La hora de inicio y fin son obligatorias.',
  startBeforeEnd: 'La hora de inicio debe ser anterior a la hora de fin.',
  descriptionMax: 'La descripción no puede exceder los 500 caracteres.',
  noActiveToEnd: 'No hay una parada activa para finalizar.',
  alreadyActive: 'Ya tienes una parada activa.',
  /** Another worker's stop is running at the caller's station; `date` dd/mm/yyyy and `time` HH:mm, factory-local. */
  arcoBusy: (name: string, date: string, time: string) =>
    `Este arco ya tiene una parada activa, iniciada por ${name} el ${date} a las ${time}.`,
  arcoOverlap: 'La parada se solapa con otra parada de este arco sumergido.',
  overlap: 'La parada se solapa con otra parada registrada.',
  tooLong: 'Una parada no puede durar más de 24 horas.',
  invalidDate: 'La fecha no es válida.',
  // Server texts.
  endInFuture: 'La hora de fin no puede ser posterior a la hora actual.',
  invalidTime: 'La hora no es válida.',
  alreadyEnded: 'La parada ya ha finalizado.',
  notFound: 'Parada Kaiser no encontrada.',
  notOwn: 'No tienes permiso para modificar esta parada.',
  noArco: 'Tu sesión no tiene un arco sumergido. Inicia sesión seleccionando uno.',
  arcoUnknown: 'El arco sumergido seleccionado no existe.',
  rangeOrder: 'La fecha de inicio no puede ser posterior a la fecha de fin.',
  // Texts the screens show.
  started: 'Parada iniciada!',
  ended: (minutes: number) => `Parada finalizada! Duración: ${minutesText(minutes)}.`,
  updated: 'Parada Kaiser actualizada con éxito!',
  deleted: 'Parada Kaiser eliminada con éxito!',
  manualSaved: 'Parada manual registrada con éxito!',
  confirmDelete: '¿Estás seguro de que quieres eliminar esta parada Kaiser?',
  loading: 'Cargando paradas...',
  loadingArcos: 'Cargando arcos sumergidos...',
  empty: 'No hay paradas registradas para los filtros seleccionados.',
  adminEmpty: 'No hay paradas Kaiser registradas.',
  active: 'Activa',
  nextDay: 'día siguiente',
  dateLabel: 'Fecha',
  runningAtArco: 'Parada en curso en este arco',
  /** 'Iniciada por Ana'; a machine's parada: 'Iniciada por la máquina'. */
  startedBy: (name: string, machine = false) => (machine ? 'Iniciada por la máquina' : `Iniciada por ${name}`),
  since: (time: string) => `desde las ${time}`,
  endedByLabel: 'Finalizada por',
  /** A worker's parada ended by someone else: 'Finalizada por Ana.'; by the arco's machine signal: 'Finalizada por la máquina.' */
  endedBy: (name: string | null) => (name ? `Finalizada por ${name}.` : 'Finalizada por la máquina.'),
  endRunning: 'Finalizar parada del arco',
  /** The arco's running clock (a timer, named for screen readers). */
  arcoClock: 'Tiempo de la parada del arco',
  starting: 'Iniciando...',
  ending: 'Finalizando...',
  noDuration: '--',
  noDescription: 'Sin descripción',
  // 'Paradas sin motivo': the arco's ended paradas a worker there completes.
  sinMotivoTitle: 'Paradas sin motivo',
  sinMotivoHint: 'Paradas finalizadas de este arco en los últimos 7 días. Añade el motivo para que cuenten en el análisis.',
  sinMotivoEmpty: 'Todas las paradas recientes de este arco tienen motivo.',
  addMotivo: 'Añadir motivo',
  motivoAdded: 'Motivo añadido a la parada.',
  motivoRequired: 'Selecciona un motivo.',
  alreadyHasMotivo: 'Esta parada ya tiene motivo.',
  notEndedYet: 'La parada aún no ha finalizado.',
  otherArcoMotivo: 'Solo los trabajadores de su arco sumergido pueden añadir el motivo.',
  noArcoName: 'N/A',
  loadFallback: 'Fallo al cargar paradas anteriores',
  loadNetwork: 'Ocurrió un error al cargar las paradas.',
  startFallback: 'Fallo al iniciar parada',
  startNetwork: 'Ocurrió un error al iniciar la parada.',
  endFallback: 'Fallo al finalizar parada',
  endNetwork: 'Ocurrió un error al finalizar la parada.',
  updateFallback: 'Fallo al actualizar parada Kaiser',
  updateNetwork: 'Ocurrió un error al actualizar la parada.',
  deleteFallback: 'Fallo al eliminar parada Kaiser.',
  deleteNetwork: 'Ocurrió un error al eliminar la parada.',
  manualFallback: 'Fallo al registrar la parada manual.',
  manualNetwork: 'Ocurrió un error al registrar la parada manual.',
  adminLoadFallback: 'Fallo al cargar paradas Kaiser',
  adminLoadNetwork: 'Ocurrió un error al cargar las paradas Kaiser.',
} as const;

export const DAY_FILTER_LABELS = {
  currentWeek: 'Semana actual',
  monday: 'Lunes',
  tuesday: 'Martes',
  wednesday: 'Miércoles',
  thursday: 'Jueves',
  friday: 'Viernes',
  saturday: 'Sábado',
} as const;

/** Whole minutes between two instants, rounded to the nearest minute (DST-safe: instants, not wall clocks). */
export function durationMinutes(start: string, end: string): number {
  return Math.round((Date.parse(end) - Date.parse(start)) / 60_000);
}
