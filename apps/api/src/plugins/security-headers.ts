import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, worked out once. Our options hold no per-request part
 * (no nonces, no directive functions), so every answer gets the same headers.
 */
export function helmetHeaders(options: HelmetOptions): [name: string, value: string][] {
  const headers = new Map<string, [string, string]>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), [name, String(value)]);
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers.values()];
}

/**
 * Helmet's security headers on every answer (API, errors, uploads, the SPA, 404s), as @fastify/helmet
 * set them, but computed once at start instead of rebuilding helmet's middleware on every request,
 * which cost about a tenth of the CPU of a cached wall page (docs/performance-history.md, 'Per-request overhead'). Set on the raw response, like
 * helmet, so that answers written directly (the event stream) carry them too; a route may still
 * replace one (the API docs set their own Content-Security-Policy).
 */
export default fp(
  async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
    const headers = helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      for (let i = 0; i < headers.length; i++) raw.setHeader(headers[i][0], headers[i][1]);
      done();
    });
  },
  { name: 'security-headers' },
);
