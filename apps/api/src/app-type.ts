import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceContext } from './context';

/**
 * The Fastify instance every module receives: zod schemas type its requests and replies. In a file of
 * its own so that the modules' routes need not import app.ts, which imports them.
 */
export type App = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The services' context (context.ts), for scripts and tests that call services directly. */
    ctx: ServiceContext;
  }
}
