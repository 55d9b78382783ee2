/**
 * The andon's Spanish texts, levels and limits, zod-free: the station terminal's home
 * paints with these before any schema loads (andon.ts re-exports them;
 * docs/decisions/055-terminal-home-first-paint.md).
 */

/** Who a call is for, in order of escalation. */
export const ANDON_LEVELS = ['supervisor', 'maintenance'] as const;
export type AndonLevel = (typeof ANDON_LEVELS)[number];
/** The arco's light: the highest level of its open calls (the retained MQTT message `<topic>/andon`). */
export const ANDON_LIGHTS = ['none', 'supervisor', 'maintenance'] as const;
export type AndonLight = (typeof ANDON_LIGHTS)[number];
/** Why a call was made: the minutes of a rule, a motivo that calls maintenance at once, or a worker's cord. */
export const ANDON_ORIGINS = ['rule', 'motivo', 'manual'] as const;
export type AndonOrigin = (typeof ANDON_ORIGINS)[number];

/** Plant defaults of the rules: supervisors after 5 minutes of an open unplanned parada, maintenance after 15. */
export const ANDON_DEFAULT_SUPERVISOR_MINUTES = 5;
export const ANDON_DEFAULT_MAINTENANCE_MINUTES = 15;
export const ANDON_MINUTES_MAX = 1440;

export const andonMessages = {
  // Rules of the inputs.
  levelInvalid: 'El nivel del aviso debe ser supervisor o mantenimiento.',
  minutesInvalid: 'Los minutos deben ser un número entero entre 1 y 1440.',
  naveUnknown: 'La nave indicada no existe.',
  naveRepeated: 'Cada nave puede aparecer una sola vez.',
  motivoUnknown: 'El motivo seleccionado no existe.',
  subscriptionInvalid: 'La suscripción de notificaciones no es válida.',
  endpointInvalid: 'La dirección de la suscripción debe ser una URL https.',
  endpointUnsafe: 'La dirección de la suscripción no es válida: tiene caracteres, credenciales o un servidor que no se admiten.',
  endpointNotAllowed: 'El servicio de notificaciones de este navegador no está admitido en este servidor.',
  // Server answers.
  noArco: 'Tu sesión no está asociada a un arco sumergido: inicia sesión en tu puesto para llamar.',
  alreadyCalled: 'Ya hay un aviso abierto de ese nivel en este arco.',
  callNotFound: 'Aviso no encontrado.',
  notCalled: 'Este aviso no es para ti.',
  alreadyResolved: 'Este aviso ya está cerrado.',
  alreadyAcknowledged: 'Este aviso ya tiene quien acude.',
  alreadyArrived: 'Ya consta la llegada al arco.',
  resolvesWithParada: 'Este aviso se cierra al finalizar la parada.',
  called: 'Aviso enviado.',
  acknowledged: 'Has respondido Voy.',
  arrived: 'Llegada al arco registrada.',
  resolved: 'Aviso cerrado.',
  rolesSaved: 'Capacidades de aviso guardadas.',
  rulesSaved: 'Reglas de aviso guardadas.',
  subscribed: 'Notificaciones activadas en este dispositivo.',
  unsubscribed: 'Notificaciones desactivadas en este dispositivo.',
  pushUnavailable: 'Las notificaciones push no están disponibles en este servidor.',
  // Texts the screens show.
  callSupervisor: 'Llamar supervisor',
  callMaintenance: 'Llamar mantenimiento',
  avisos: 'Avisos',
  noAvisos: 'No hay avisos abiertos.',
  voy: 'Voy',
  enElArco: 'En el arco',
  close: 'Cerrar aviso',
  running: 'En curso',
  comingTitle: 'Acude',
  levelName: { supervisor: 'Supervisor', maintenance: 'Mantenimiento' } as Record<AndonLevel, string>,
  lightName: { none: 'Sin aviso', supervisor: 'Supervisor', maintenance: 'Mantenimiento' } as Record<AndonLight, string>,
  originName: { rule: 'Por tiempo', motivo: 'Por motivo', manual: 'Llamada desde el arco' } as Record<AndonOrigin, string>,
  rolesTitle: 'Avisos andon',
  supervisorOf: 'Supervisor de',
  maintenanceOf: 'Mantenimiento de',
  rulesTitle: 'Reglas de aviso',
  plantDefault: 'Toda la planta',
  supervisorMinutes: 'Supervisor tras (min)',
  maintenanceMinutes: 'Mantenimiento tras (min)',
  followsPlant: 'Como toda la planta',
  immediateMotivos: 'Motivos que llaman a mantenimiento al momento',
  pushEnable: 'Activar notificaciones',
  pushDisable: 'Desactivar notificaciones',
  loading: 'Cargando avisos...',
  loadFailed: 'Ocurrió un error al cargar los avisos.',
  saveFailed: 'Ocurrió un error al guardar.',
  // The downtime analysis and the CSV.
  figuresTitle: 'Tiempos de respuesta',
  toAcknowledge: 'Hasta Voy',
  toArrive: 'Hasta llegar',
  repair: 'Reparación',
  median: 'Mediana',
  p90: 'P90',
  calls: 'Paradas con aviso',
  csvColumns: 'Incluir los tiempos de aviso',
} as const;
