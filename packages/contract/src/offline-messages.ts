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

const TOO_OLD = 'La hora indicada es demasiado antigua';

/** Whether a refusal's message is the one of a tapped time older than CLIENT_TIME_MAX_AGE_HOURS. */
export const isClientTimeTooOld = (message: string | undefined) => message?.startsWith(`${TOO_OLD}:`) ?? false;

import { shellMessages } from './shell-messages';

export const offlineMessages = {
  invalidTime: 'La hora no es válida.',
  clientTimeFuture: 'La hora indicada es posterior a la hora actual del servidor.',
  clientTimeTooOld: (hours: number) => `${TOO_OLD}: solo se aceptan acciones de las últimas ${hours} ${hours === 1 ? 'hora' : 'horas'}.`,
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
  /** A parada refused as too old can still be recorded by hand, with its times. */
  recordManual: 'Registrar como parada manual',
  /** Writes another worker queued on this phone: sent only with that worker's own session. */
  othersPending: (name: string, count: number) =>
    count === 1
      ? `1 acción de ${name} pendiente de enviar: se enviará cuando vuelva a iniciar sesión.`
      : `${count} acciones de ${name} pendientes de enviar: se enviarán cuando vuelva a iniciar sesión.`,
  /**
   * The same when their session is still at hand (a station terminal keeps the session of a worker who
   * left for their queued writes): they go as soon as the server answers, nobody need sign in.
   */
  othersPendingOnReconnect: (name: string, count: number) =>
    count === 1
      ? `1 acción de ${name} pendiente de enviar: se enviará al reconectar.`
      : `${count} acciones de ${name} pendientes de enviar: se enviarán al reconectar.`,
  /** Under a list shown from the answers saved on the phone (not current); `date` when not today. */
  savedAt: (time: string, date?: string) =>
    date ? `Sin conexión: datos guardados el ${date} a las ${time}` : `Sin conexión: datos guardados a las ${time}`,
  /** A write of the list still in the offline queue. */
  pendingItem: 'Pendiente de enviar',
  pendingImage: 'Con una imagen, que se enviará con la publicación.',
  ...shellMessages,
  // What a queued write was, in the list of those the server refused.
  kinds: {
    'parada-start': 'Iniciar parada',
    'parada-end': 'Finalizar parada',
    'parada-manual': 'Parada manual',
    tramo: 'Nueva circular',
    post: 'Publicación en el muro',
    comment: 'Comentario',
    'weld-inspection': 'Inspección de soldadura',
    'weld-repair': 'Reparación de soldadura',
    'weld-reinspection': 'Reinspección de soldadura',
    'weld-seam': 'Registro de soldadura de la circular',
  } as Record<string, string>,
} as const;
