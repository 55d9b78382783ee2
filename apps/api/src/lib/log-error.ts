/**
 * The log's `err` serializer: an error as its type, message, code and stack, nothing else. A database
 * driver's error may carry its client, connection or query (SQL text and values) as properties, and
 * pino's default serializer would write every enumerable one; a cause is reduced the same way.
 */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  code?: string;
  stack: string;
  cause?: LoggedError;
}

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const code = (error as { code?: unknown }).code;
  const logged: LoggedError = { type: error.constructor?.name ?? 'Error', message: error.message, stack: error.stack ?? '' };
  if (typeof code === 'string' || typeof code === 'number') logged.code = String(code);
  if (error.cause !== undefined && depth < 3) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}
