/**
 * The motivos' Spanish texts and limits, zod-free: the station terminal's home
 * paints with these before any schema loads (motivos.ts re-exports them;
 * docs/decisions/055-terminal-home-first-paint.md).
 */
export const MOTIVO_NAME_MAX = 80;

export const motivoMessages = {
  nameRequired: 'El nombre del motivo es obligatorio.',
  nameMax: 'El nombre del motivo no puede exceder los 80 caracteres.',
  nameTaken: 'Ya existe un motivo con ese nombre.',
  notFound: 'Motivo no encontrado.',
  unknown: 'El motivo seleccionado no existe.',
  retired: 'El motivo seleccionado está retirado y no se puede usar en paradas nuevas.',
  created: 'Motivo creado con éxito!',
  updated: 'Motivo actualizado con éxito!',
  // Texts the screens show.
  title: 'Motivos de parada',
  label: 'Motivo',
  none: 'Sin motivo',
  all: 'Todos los motivos',
  name: 'Nombre',
  state: 'Estado',
  active: 'Activo',
  retiredState: 'Retirado',
  planned: 'Planificada',
  plannedHint: 'Las paradas con un motivo planificado no restan disponibilidad.',
  add: 'Añadir motivo',
  retire: 'Retirar',
  reactivate: 'Reactivar',
  save: 'Guardar',
  empty: 'No hay motivos registrados.',
  loading: 'Cargando motivos...',
  loadFailed: 'Ocurrió un error al cargar los motivos.',
  saveFailed: 'Ocurrió un error al guardar el motivo.',
} as const;
