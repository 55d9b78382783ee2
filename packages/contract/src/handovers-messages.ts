/**
 * The shift handover's Spanish texts and limits, zod-free: the worker's home shows the incoming
 * handover with these before any schema loads (handovers.ts re-exports them;
 * docs/decisions/062-worker-screens-first-paint.md).
 */
/** The shift handover ('Relevo de turno'): what a shift leaves to the next one at an arco. */
export const HANDOVER_NOTE_MAX = 2000;

export const handoverMessages = {
  title: 'Relevo de turno',
  adminTitle: 'Relevos de turno',
  noteLabel: 'Nota para el turno entrante',
  noteRequired: 'Escribe la nota del relevo.',
  noteMax: `La nota no puede exceder los ${HANDOVER_NOTE_MAX} caracteres.`,
  noArco: 'Inicia sesión en un arco sumergido para escribir o confirmar un relevo.',
  notFound: 'Relevo no encontrado.',
  alreadyWritten: 'Ya hay un relevo de este turno en este arco: edítalo.',
  notAuthor: 'Solo quien escribió el relevo puede editarlo.',
  confirmedLocked: 'El relevo ya está confirmado y no se puede editar.',
  alreadyConfirmed: 'Este relevo ya está confirmado.',
  ownConfirm: 'El relevo lo confirma el turno entrante, no quien lo escribió.',
  otherArco: 'Solo se confirman los relevos del arco en el que has iniciado sesión.',
  saved: '¡Relevo guardado!',
  updated: '¡Relevo actualizado!',
  confirmed: '¡Relevo leído!',
  save: 'Guardar relevo',
  update: 'Actualizar relevo',
  confirm: 'Leído',
  incoming: 'Relevo del turno anterior',
  /** The shift a note belongs to when the calendar has none in the last three days: the factory day. */
  dayShift: 'Día',
  writtenBy: 'Escrito por',
  confirmedBy: 'Leído por',
  pending: 'Pendiente de leer',
  openParadas: 'Paradas abiertas',
  noOpenParadas: 'Sin paradas abiertas.',
  figures: 'Cifras del turno',
  stops: 'Paradas',
  stoppedMinutes: 'Minutos de parada',
  microStops: 'Microparadas',
  plannedMinutes: 'Minutos de parada planificada',
  autoFilled: 'Las paradas abiertas y las cifras del turno se añaden solas al guardar.',
  openForm: 'Escribir relevo',
  editForm: 'Editar relevo',
  close: 'Cerrar',
  loading: 'Cargando relevos...',
  loadFallback: 'Fallo al cargar los relevos',
  saveFallback: 'Fallo al guardar el relevo',
  confirmFallback: 'Fallo al confirmar el relevo',
  empty: 'No hay relevos para esta nave y fecha.',
  nave: 'Nave',
  date: 'Fecha',
  arco: 'Arco sumergido',
  shift: 'Turno',
} as const;
