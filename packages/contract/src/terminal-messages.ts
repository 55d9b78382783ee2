/**
 * The station terminal's Spanish texts and limits, zod-free: the station terminal's home
 * paints with these before any schema loads (terminal.ts re-exports them;
 * docs/decisions/055-terminal-home-first-paint.md).
 */

/** The header a terminal sends its device credential in. */
export const TERMINAL_KEY_HEADER = 'X-Terminal-Key';
/** Digits of a one-time enrolment code. */
export const TERMINAL_CODE_DIGITS = 8;
/** Minutes an enrolment code stays valid. */
export const TERMINAL_CODE_MINUTES = 15;
/** A terminal without a heartbeat for this long shows 'Sin conexión'. */
export const TERMINAL_ONLINE_MINUTES = 5;
/** Workers listed on a terminal: those signed in at its arco (phone or terminal) within these days. */
export const TERMINAL_RECENT_DAYS = 30;
export const TERMINAL_RECENT_MAX = 30;
/** A terminal session token lives this many idle periods (TERMINAL_IDLE_MINUTES × 12: one hour by default). */
export const TERMINAL_TOKEN_IDLE_PERIODS = 12;
export const TERMINAL_HOME_TRAMOS = 5;
export const TERMINAL_HOME_POSTS = 10;
/**
 * Wrong PIN checks one terminal may make in TERMINAL_PIN_BUDGET_MINUTES, across all its workers
 * (docs/decisions/060-terminal-budget-and-binding.md); past it the terminal takes only badges until
 * an admin resets it.
 */
export const TERMINAL_PIN_BUDGET = 60;
export const TERMINAL_PIN_BUDGET_MINUTES = 60;
/** Seconds a sign-in nonce of the terminal's device key stays valid. */
export const TERMINAL_NONCE_SECONDS = 120;
/** The text a terminal's device key signs (ECDSA P-256, SHA-256) to sign a worker in. */
export const terminalSignedText = (nonce: string) => `portal-terminal-sign-in\n${nonce}`;
export const PIN_MIN = 4;
export const PIN_MAX = 6;
export const TERMINAL_NAME_MAX = 60;
export const BADGE_MAX = 100;

export const terminalMessages = {
  // Enrolment
  codeFormat: 'El código de alta tiene 8 cifras.',
  codeInvalid: 'El código de alta no es válido, ya se usó o ha caducado. Pide uno nuevo al administrador.',
  codeCreated: 'Código de alta generado. Es válido durante 15 minutos y sirve una sola vez.',
  enrolled: 'Terminal dado de alta.',
  nameRequired: 'El nombre del terminal es obligatorio.',
  nameMax: `El nombre del terminal no puede exceder los ${TERMINAL_NAME_MAX} caracteres.`,
  defaultName: (arco: string) => `Terminal ${arco}`,
  // The device credential
  credentialMissing: 'Este dispositivo no está dado de alta como terminal. Introduce el código de alta.',
  credentialRevoked: 'Este terminal se ha dado de baja o no se reconoce. Pide un código de alta nuevo al administrador.',
  /** A sign-in without the signature of the device key the terminal was enrolled with (a copied credential). */
  deviceSignatureRequired:
    'Este dispositivo no es el que se dio de alta como terminal. Pide un código de alta nuevo al administrador para usarlo.',
  deviceKeyInvalid: 'La clave del dispositivo no es válida. Vuelve a dar de alta el terminal.',
  deviceKeyTaken: 'Este terminal ya tiene una clave de dispositivo.',
  // Workers at the terminal
  signInRequired: 'Indica tu ID de trabajador y tu PIN, o pasa tu tarjeta.',
  pinFormat: `El PIN debe tener entre ${PIN_MIN} y ${PIN_MAX} cifras.`,
  pinWrong: 'ID de trabajador o PIN incorrectos.',
  badgeUnknown: 'Tarjeta no reconocida.',
  /** The terminal's PIN budget ran out: badges only until an admin resets it. */
  pinLocked:
    'Este terminal ha bloqueado la entrada con PIN por demasiados PIN incorrectos. Pasa tu tarjeta o pide a un administrador que lo desbloquee.',
  /** A terminal session (a worker signed in with a PIN or badge) on a route a terminal may not use. */
  terminalSessionForbidden: 'Esta acción no está disponible en el terminal.',
  // The worker's own PIN and the admin's badge and PIN actions
  pinSaved: 'PIN guardado.',
  pinReset: 'PIN restablecido. El trabajador debe crear uno nuevo desde su perfil.',
  badgeFormat: `El código de tarjeta debe tener entre 1 y ${BADGE_MAX} caracteres.`,
  badgeSaved: 'Tarjeta asignada.',
  badgeRemoved: 'Tarjeta retirada.',
  badgeTaken: 'Esa tarjeta ya está asignada a otro trabajador.',
  // Admin
  terminalNotFound: 'Terminal no encontrado.',
  renamed: 'Terminal renombrado.',
  revoked: 'Terminal dado de baja.',
  alreadyRevoked: 'El terminal ya estaba dado de baja.',
  pinUnlocked: 'Entrada con PIN del terminal desbloqueada.',
  /** The push and the plant board's mark when a terminal's PIN budget runs out. */
  pinLockedTitle: (name: string) => `PIN bloqueado: ${name}`,
  pinLockedBody: (arco: string, nave: string) =>
    `Demasiados PIN incorrectos en el terminal de ${arco} (${nave}). Solo admite tarjetas hasta que lo desbloquees en Terminales.`,
  online: 'Conectado',
  offline: 'Sin conexión',
  noTerminal: 'Sin terminal',
  /** How the change history says an action came from a terminal session. */
  viaTerminal: (name: string) => `desde el terminal «${name}»`,
} as const;
