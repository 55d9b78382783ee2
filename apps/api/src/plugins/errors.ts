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

/**
 * One handler for every error: Spanish `{ message }` with a fitting status; every 5xx becomes
 * 'Error interno del servidor.' with the detail only in the log (DECISIONS.md section 2).
 */
export function registerErrorHandling(app: FastifyInstance): void {
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
