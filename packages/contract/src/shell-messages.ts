/**
 * The texts of the app's shell (a new version, a section or a screen that failed to load), apart from
 * offlineMessages so that the first screen's entry chunk carries only these (scripts/check-bundle.mjs).
 */
export const shellMessages = {
  updateAvailable: 'Nueva versión disponible',
  update: 'Actualizar',
  loadFailed: 'No se pudo cargar esta sección. Comprueba la conexión.',
  retry: 'Reintentar',
  routeErrorTitle: 'Algo ha fallado',
  routeErrorText: 'No se pudo mostrar esta página.',
  routeNotFound: 'La página no existe.',
  goHome: 'Volver al inicio',
  reload: 'Recargar',
} as const;
