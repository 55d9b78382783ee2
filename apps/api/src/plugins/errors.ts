import { messages } from '@portal/contract/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

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

/** True when a parsed body, query or params value holds U+0000 anywhere, keys included. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Deeper structures than any route takes are refused by the schemas anyway.
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * One handler for every error: Spanish `{ message }` with a fitting status; every 5xx becomes
 * 'Error interno del servidor.' with the detail only in the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  // PostgreSQL text cannot hold U+0000 (the query fails, a 500) and SQLite would store it silently:
  // no form ever sends one, so it is refused before validation, the same on both engines.
  // A callback hook, not an async one: it runs on every request and has nothing to wait for.
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      done(new AppError(400, messages.nulCharacter));
    } else {
      done();
    }
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'application error');
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
