import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** A part of a multipart form as plugins/uploads.ts reads it, whole. */
export interface FormPart {
  type: 'file' | 'field';
  fieldname: string;
  filename?: string;
  mimetype: string;
  content: Buffer;
  /** A file cut at MAX_IMAGE_BYTES (the route answers 413). */
  truncated: boolean;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * What an Idempotency-Key was first used for (decision 016): method, route pattern, params and the
 * whole body, whatever its content type. A JSON, text or binary body is hashed as parsed; a form (its
 * `parts`, read once by plugins/uploads.ts) by each part's name, file name, type and a hash of its
 * content, in order: the boundary, which a client draws anew on each try, is left out.
 */
export function requestFingerprint(request: FastifyRequest, parts: FormPart[] | null): string {
  const body = parts
    ? JSON.stringify(parts.map((p) => [p.type, p.fieldname, p.filename ?? null, p.mimetype, sha256(p.content)]))
    : request.body === undefined
      ? ''
      : JSON.stringify(request.body);
  return sha256(`${request.method} ${request.routeOptions.url} ${JSON.stringify(request.params)} ${body}`);
}
