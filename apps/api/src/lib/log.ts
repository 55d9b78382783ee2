/**
 * Where services and libraries write what only an operator reads. The app passes Fastify's pino
 * logger; a test may pass any object with these methods.
 */
export interface Log {
  info(detail: object, message?: string): void;
  warn(detail: object, message?: string): void;
  error(detail: object, message?: string): void;
}
