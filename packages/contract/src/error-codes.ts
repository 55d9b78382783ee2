/**
 * Stable error codes a client decides on, never the Spanish message it shows: the API sends one in the
 * ERROR_CODE_HEADER of the answers that need it (zod-free, so the web's api client carries it into
 * every screen for a few bytes; docs/decisions/074-web-forms-texts-and-error-codes.md).
 */
export const ERROR_CODE_HEADER = 'Error-Code';

export const errorCodes = {
  /** 401: the station terminal's device credential itself is refused (missing, unknown or revoked); a wrong PIN or badge is a 401 without it. */
  terminalCredentialRefused: 'terminal-credential-refused',
} as const;

export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
