/**
 * The andon screens' own texts (the alert bar, the list, the cord, the push opt-in), beside the API's
 * andonMessages (andon.ts): these are never sent by the server. docs/decisions/045-andon-on-screen.md.
 */
export const andonScreenMessages = {
  barTitle: 'Avisos abiertos',
  newCall: (summary: string) => `Nuevo aviso: ${summary}`,
  seeAll: (count: number) => `Ver avisos (${count})`,
  soundBlocked: 'Toca la pantalla para oír los próximos avisos.',
  runningTime: 'Tiempo de espera',
  listTitle: 'Avisos',
  calledBy: (name: string) => `Llamada de ${name}`,
  answerOffline: 'Sin conexión: la respuesta no se ha enviado. Inténtalo de nuevo cuando vuelva la conexión.',
  // The cord at the arco.
  cordTitle: 'Pedir ayuda',
  cordHelp: 'Avisa al momento al supervisor o a mantenimiento de tu nave, con o sin parada en curso.',
  cordSent: (level: string) => `Aviso enviado a ${level.toLowerCase()}.`,
  /** Not queued offline: a call that arrives minutes late would mislead (decision 045). */
  cordOffline: 'Sin conexión: el aviso no se ha enviado. Vuelve a pulsar cuando haya conexión o avisa en persona.',
  cordFallback: 'No se pudo enviar el aviso.',
  cordOpen: 'Avisos abiertos en tu arco',
  cordWaiting: 'Esperando respuesta',
  // Web Push in the profile.
  pushTitle: 'Recibir avisos en este teléfono',
  pushHelp: 'Los avisos llegan como notificación aunque el portal esté cerrado, si la red de la planta lo permite.',
  pushOn: 'Este teléfono recibe los avisos.',
  pushOff: 'Este teléfono no recibe los avisos.',
  pushUnsupported: 'Este navegador no admite notificaciones push.',
  pushDenied: 'Las notificaciones están bloqueadas para el portal en este navegador: permítelas en sus ajustes.',
  pushFailed: 'No se pudo activar las notificaciones en este teléfono.',
  pushNetwork: 'Sin conexión: inténtalo de nuevo cuando vuelva la conexión.',
  // The plant board.
  boardLevel: 'Aviso',
  boardWaiting: 'Nadie ha respondido aún',
  // The user's capabilities and the rules (admin).
  rolesButton: 'Avisos andon',
  rolesHelp: 'Marca las naves donde este usuario recibe los avisos. Sus permisos de usuario o administrador no cambian.',
  rolesSave: 'Guardar',
  rulesHelp:
    'Tras N minutos de una parada no planificada abierta se avisa a los supervisores de la nave; tras M minutos, también a mantenimiento.',
  rulesSave: 'Guardar reglas',
  naveColumn: 'Nave',
  followsPlantHelp: 'Un campo vacío sigue a toda la planta.',
} as const;
