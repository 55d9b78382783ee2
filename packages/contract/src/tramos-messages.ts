/**
 * The circulares' (tramos') Spanish texts and limits, zod-free: the station terminal's home
 * paints with these before any schema loads (tramos.ts re-exports them;
 * docs/decisions/055-terminal-home-first-paint.md).
 */
export const TRAMO_ID_MIN = 3;
export const TRAMO_ID_MAX = 100;
export const DESCRIPCION_MAX = 500;
export const LATEST_LIMIT = 5;
export const LIST_MAX = 100;
export const SEARCH_MAX = 100;

export const tramoMessages = {
  idTramoMin: 'El ID de Tramo debe tener al menos 3 caracteres.',
  idProyectoMin: 'El ID de Proyecto debe tener al menos 3 caracteres.',
  idCircularMin: 'El ID de Circular debe tener al menos 3 caracteres.',
  idTramoMax: 'El ID de Tramo no puede exceder los 100 caracteres.',
  idProyectoMax: 'El ID de Proyecto no puede exceder los 100 caracteres.',
  idCircularMax: 'El ID de Circular no puede exceder los 100 caracteres.',
  descripcionMax: 'La descripción no puede exceder los 500 caracteres.',
  arcoRequired: 'Por favor, selecciona un arco sumergido.',
  arcoUnknown: 'El arco sumergido seleccionado no existe.',
  fechaRequired: 'La fecha de la circular es obligatoria.',
  filterMax: 'Los filtros de búsqueda no pueden exceder los 100 caracteres.',
  limitInvalid: 'El límite debe ser un número entero positivo.',
  offsetInvalid: 'El desplazamiento debe ser un número entero no negativo.',
  latestInvalid: 'El parámetro latest debe ser true o false.',
  notFound: 'Tramo no encontrado.',
  hasWeldRecord: 'Esta circular tiene registros de soldadura (trazabilidad, inspecciones o reparaciones) y no se puede eliminar.',
  created: '¡Circular añadida exitosamente!',
  serverUpdated: 'Circular actualizada con éxito!',
  serverDeleted: 'Tramo eliminado con éxito.',
  // Texts the screens show for their own checks and failures.
  added: '¡Circular añadida exitosamente!',
  addFallback: 'Fallo al añadir circular',
  addNetwork: 'Ocurrió un error al añadir circular.',
  searchFallback: 'Error al buscar datos',
  searchNetwork: 'Ocurrió un error durante la búsqueda.',
  searchEmpty: 'No se encontraron resultados.',
  updated: '¡Circular actualizada exitosamente!',
  updateFallback: 'Fallo al actualizar circular',
  updateNetwork: 'Ocurrió un error al actualizar la circular.',
  latestFallback: 'Fallo al cargar las últimas circulares',
  latestNetwork: 'Ocurrió un error al cargar las últimas circulares.',
  loadAllFallback: 'Fallo al cargar todos los tramos',
  loadAllNetwork: 'Ocurrió un error al cargar todos los tramos.',
  deleteFallback: 'Fallo al eliminar tramo',
  deleteNetwork: 'Ocurrió un error al eliminar el tramo.',
  detailFallback: 'Fallo al cargar detalles del tramo',
  detailNetwork: 'Ocurrió un error al cargar los detalles del tramo.',
  deleted: '¡Tramo eliminado exitosamente!',
  confirmDelete: '¿Estás seguro de que quieres eliminar este tramo?',
  adminListNetwork: 'Ocurrió un error al cargar las circulares.',
  adminUpdated: 'Circular actualizada con éxito!',
  adminDeleted: 'Circular eliminada con éxito!',
  adminDeleteFallback: 'Fallo al eliminar circular.',
  adminDeleteNetwork: 'Ocurrió un error al eliminar la circular.',
  empty: 'No hay circulares registradas.',
  latestEmpty: 'Todavía no hay circulares registradas.',
  loading: 'Cargando circulares...',
  loadingDetail: 'Cargando tramo...',
  noImage: 'Sin imagen',
  noDescription: 'Sin descripción',
  /** A circular's photo, named after its ID Tramo for screen readers (the terminal's list shows it too). */
  imageAlt: (idTramo: string) => `Imagen del tramo ${idTramo}`,
} as const;
