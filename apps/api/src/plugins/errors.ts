import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { messages } from '@portal/contract/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseLocked, isDatabaseUnavailable, replyDatabaseUnavailable } from '../db/outage';
import { DISK_FULL_RETRY_AFTER_SECONDS, isDiskFull } from '../lib/disk-space';
import { AppError } from '../lib/errors';
import { logStoreUnavailable, StoreUnavailableError } from '../lib/storage';

const byStatus: Record<number, string> = {
  400: messages.invalidInput,
  401: messages.unauthenticated,
  403: messages.forbidden,
  404: messages.notFound,
  406: messages.invalidInput,
  413: messages.bodyTooLarge,
  415: messages.unsupportedMedia,
  429: messages.tooManyAttempts,
};

const byCode: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: messages.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: messages.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: messages.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: messages.unsupportedMedia },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: messages.fileTooLarge },
  FST_FILES_LIMIT: { status: 413, message: messages.bodyTooLarge },
  FST_FIELDS_LIMIT: { status: 413, message: messages.bodyTooLarge },
  FST_PARTS_LIMIT: { status: 413, message: messages.bodyTooLarge },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: messages.unsupportedMedia },
  FST_PROTO_VIOLATION: { status: 400, message: messages.invalidInput },
};

/**
 * The message of the first value in a parsed body, query or params that no route may take: U+0000
 * anywhere, keys included, or a number JSON.parse could not represent (`1e400` becomes Infinity).
 */
export function refusedValue(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? messages.nulCharacter : null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : messages.numberOutOfRange;
  // Deeper structures than any route takes are refused by the schemas anyway.
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return messages.nulCharacter;
    const refused = refusedValue(item, depth + 1);
    if (refused) return refused;
  }
  return null;
}

/** True when a text (a multipart field's name or value) holds U+0000. */
export const containsNul = (value: string) => value.includes('\u0000');

/** True when a query names one parameter twice (`?a=1&a=2` parses to an array, which no route takes). */
const hasRepeatedParameter = (query: unknown) => query !== null && typeof query === 'object' && Object.values(query).some(Array.isArray);

/**
 * One handler for every error: Spanish `{ message }` with a fitting status; every 5xx becomes
 * 'Error interno del servidor.' with the detail only in the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  // PostgreSQL text cannot hold U+0000 (the query fails, a 500) and SQLite would store it silently:
  // no form ever sends one, so it is refused before validation, the same on both engines; so are
  // numbers beyond a double and repeated query parameters, with texts of their own.
  // A callback hook, not an async one: it runs on every request and has nothing to wait for.
  app.addHook('preValidation', (request, _reply, done) => {
    const refused = refusedValue(request.params) ?? refusedValue(request.query) ?? refusedValue(request.body);
    if (refused) done(new AppError(400, refused));
    else if (hasRepeatedParameter(request.query)) done(new AppError(400, messages.repeatedParameter));
    else done();
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The database is restarting or out of reach, or SQLite's file locked beyond the busy timeout: a
    // Spanish 503 with Retry-After (db/outage.ts).
    if (isDatabaseUnavailable(error) || isDatabaseLocked(error)) return replyDatabaseUnavailable(request, reply, error);
    if (error instanceof AppError) {
      // The object store away is logged at most every 10 s, not per upload or image read (decision 068).
      if (error instanceof StoreUnavailableError) logStoreUnavailable(request, error);
      else if (error.statusCode >= 500) request.log.error({ err: error }, 'application error');
      return reply.status(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(400).send({ message: first?.message || messages.invalidInput });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its schema');
      return reply.status(500).send({ message: messages.internal });
    }
    if (isDiskFull(error)) {
      request.log.error({ code: error.code, message: error.message }, 'write refused: the disk is full');
      return reply.status(507).header('retry-after', String(DISK_FULL_RETRY_AFTER_SECONDS)).send({ message: messages.diskFull });
    }
    // Text PostgreSQL cannot store (a NUL that got past the hook, an invalid byte sequence): bad input.
    if (error.code === '22021' || error.code === '22P05') return reply.status(400).send({ message: messages.nulCharacter });
    const mapped = error.code ? byCode[error.code] : undefined;
    if (mapped) return reply.status(mapped.status).send({ message: mapped.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429 && error.message) return reply.status(429).send({ message: messages.tooManyAttempts });
      return reply.status(status).send({ message: byStatus[status] ?? messages.invalidInput });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: messages.internal });
  });
}

/**
 * Fastify's `frameworkErrors` option: errors raised by the router before any hook or handler runs
 * (a path it cannot decode such as `/api/tramos/%ZZ`, a path param longer than maxParamLength).
 * Without it Fastify answers them itself, in English and with its own body shape.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(400).send({ message: messages.invalidInput });
    return;
  }
  request.log.error({ err: error }, 'framework error');
  reply.status(500).send({ message: messages.internal });
}

/** A request line longer than this, when Node refuses the head as too large, is answered 414 rather than 431. */
const LONG_URL = 8 * 1024;

/** The status and Spanish message of an error Node's HTTP parser raises before Fastify sees a request. */
function clientErrorAnswer(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): [number, string] {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, messages.requestTimeout];
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const lineEnd = error.rawPacket?.indexOf('\r\n') ?? -1;
    const requestLine = lineEnd === -1 ? (error.rawPacket?.length ?? 0) : lineEnd;
    return requestLine > LONG_URL ? [414, messages.urlTooLong] : [431, messages.headersTooLarge];
  }
  // An unknown method (TRACK), a malformed Content-Length, a broken request line...
  return [400, messages.malformedRequest];
}

/**
 * Fastify's `clientErrorHandler` option: the parser's refusals (headers too large, an unknown method,
 * a request time-out) otherwise get Fastify's English body. The connection closes after the answer,
 * as the parser cannot go on reading it.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = clientErrorAnswer(error);
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
