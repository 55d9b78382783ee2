import { createHash } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import { messages } from '@portal/contract/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { MAX_IMAGE_BYTES } from './images';

/** The same limits the routes read forms with (plugins/uploads.ts): a form they refuse is refused here first. */
const FORM_LIMITS = { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 30, fieldSize: 64 * 1024 };

interface ReadPart {
  type: 'file' | 'field';
  fieldname: string;
  filename?: string;
  mimetype: string;
  content: Buffer;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** Every part of a form, files included, read into memory (as the routes read them anyway). */
async function readParts(request: FastifyRequest): Promise<ReadPart[]> {
  const parts: ReadPart[] = [];
  try {
    for await (const part of request.parts({ limits: FORM_LIMITS })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        parts.push({ type: 'file', fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, content });
      } else {
        parts.push({ type: 'field', fieldname: part.fieldname, mimetype: part.mimetype, content: Buffer.from(String(part.value)) });
      }
    }
  } catch (error) {
    // The parser's own limits carry a code the error handler maps (413); the rest is the client's framing.
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && code.startsWith('FST_')) throw error;
    throw new AppError(400, messages.malformedForm);
  }
  return parts;
}

/** The parts again, shaped as @fastify/multipart yields them, for the route that reads the form after the fingerprint. */
async function* replay(parts: ReadPart[]): AsyncGenerator<Multipart> {
  for (const part of parts) {
    const common = { fieldname: part.fieldname, mimetype: part.mimetype, encoding: '7bit', fields: {} };
    if (part.type === 'file') {
      yield {
        ...common,
        type: 'file',
        filename: part.filename ?? '',
        file: { truncated: false },
        toBuffer: async () => part.content,
      } as unknown as Multipart;
    } else {
      yield {
        ...common,
        type: 'field',
        value: part.content.toString(),
        fieldnameTruncated: false,
        valueTruncated: false,
      } as unknown as Multipart;
    }
  }
}

/**
 * What an Idempotency-Key was first used for (decision 016): method, route pattern, params and the
 * whole body, whatever its content type. A JSON, text or binary body is hashed as parsed; a form is read
 * here part by part, each part's name, file name, type and a hash of its content in order (the
 * boundary, which a client draws anew on each try, is left out), and the route then reads the same
 * parts from memory.
 */
export async function requestFingerprint(request: FastifyRequest): Promise<string> {
  let body: string;
  if (request.isMultipart()) {
    const parts = await readParts(request);
    body = JSON.stringify(parts.map((p) => [p.type, p.fieldname, p.filename ?? null, p.mimetype, sha256(p.content)]));
    request.parts = (() => replay(parts)) as FastifyRequest['parts'];
  } else {
    body = request.body === undefined ? '' : JSON.stringify(request.body);
  }
  return sha256(`${request.method} ${request.routeOptions.url} ${JSON.stringify(request.params)} ${body}`);
}
