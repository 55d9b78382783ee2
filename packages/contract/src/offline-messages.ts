// Texts and constants of offline writes, without zod: the web client's first screens import them.

/**
 * Writes a phone may queue while offline carry the moment the worker tapped (`client_time`) and an
 * `Idempotency-Key` header; the server bounds the time and answers a repeated key with its first
 * answer (docs/decisions/016-offline-writes.md).
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Keys are opaque; the client sends a UUID. Longer or non-printable keys are refused. */
export const IDEMPOTENCY_KEY_MAX = 128;
export const idempotencyKeyPattern = /^[\x21-\x7e]{1,128}$/;

export const offlineMessages = {
  invalidTime: 'La hora no es válida.',
  clientTimeFuture: 'La hora indicada es posterior a la hora actual del servidor.',
  clientTimeTooOld: (hours: number) =>
    `La hora indicada es demasiado antigua: solo se aceptan acciones de las últimas ${hours} ${hours === 1 ? 'hora' : 'horas'}.`,
  endBeforeStart: 'La hora de fin no puede ser anterior a la hora de inicio de la parada.',
  startOverlap: 'La hora de inicio indicada se solapa con otra parada registrada.',
  keyInvalid: 'La clave de idempotencia no es válida.',
  keyReused: 'La clave de idempotencia ya se usó con otra petición.',
  keyInProgress: 'Esta petición ya se está procesando. Inténtalo de nuevo en unos segundos.',
  // Texts the screens show.
  offline: 'Sin conexión',
  offlineHint: 'Sin conexión: se enviará al reconectar',
  queuedStart: 'Sin conexión: la parada se iniciará al reconectar.',
  queuedEnd: 'Sin conexión: la parada se finalizará al reconectar.',
  sent: (count: number) =>
    count === 1 ? 'Se ha enviado la acción guardada sin conexión.' : `Se han enviado ${count} acciones guardadas sin conexión.`,
  pending: (count: number) => (count === 1 ? '1 acción pendiente de enviar' : `${count} acciones pendientes de enviar`),
  failed: 'No se pudo enviar una acción guardada sin conexión:',
  dismiss: 'Descartar',
  updateAvailable: 'Nueva versión disponible',
  update: 'Actualizar',
  loadFailed: 'No se pudo cargar esta sección. Comprueba la conexión.',
  retry: 'Reintentar',
  routeErrorTitle: 'Algo ha fallado',
  routeErrorText: 'No se pudo mostrar esta página.',
  routeNotFound: 'La página no existe.',
  goHome: 'Volver al inicio',
  reload: 'Recargar',
  // What a queued write was, in the list of those the server refused.
  kinds: {
    'parada-start': 'Iniciar parada',
    'parada-end': 'Finalizar parada',
    'parada-manual': 'Parada manual',
    tramo: 'Nueva circular',
    post: 'Publicación en el muro',
    comment: 'Comentario',
  } as Record<string, string>,
} as const;
