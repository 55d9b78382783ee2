import { messages } from '@portal/contract/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import type { FormPart } from '../lib/fingerprint';
import { MAX_IMAGE_BYTES, type MultipartInput } from '../lib/images';
import { containsNul } from './errors';

/** Server-side texts of the upload pipeline (the client never builds a broken form, so no screen shows them). */
export const uploadMessages = { malformedForm: messages.malformedForm, tooManyPixels: messages.tooManyPixels } as const;

const LIMITS = { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 30, fieldSize: 64 * 1024 };

/** A request's form as read, once: the Idempotency-Key's fingerprint and the route share it. */
const readForms = new WeakMap<FastifyRequest, Promise<FormPart[]>>();

/**
 * Every part of a multipart request, files included, read into memory up to MAX_IMAGE_BYTES (as the
 * routes need them whole anyway). Read once per request, whoever asks first.
 */
export function formParts(request: FastifyRequest): Promise<FormPart[]> {
  let read = readForms.get(request);
  if (!read) {
    read = readParts(request);
    readForms.set(request, read);
  }
  return read;
}

async function readParts(request: FastifyRequest): Promise<FormPart[]> {
  const parts: FormPart[] = [];
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        const { fieldname, filename, mimetype } = part;
        parts.push({ type: 'file', fieldname, filename, mimetype, content, truncated: part.file.truncated });
      } else if (typeof part.value === 'string' && typeof part.fieldname === 'string') {
        // A part without a name or a text value (a broken header) is no field: it is left out.
        parts.push({
          type: 'field',
          fieldname: part.fieldname,
          mimetype: part.mimetype,
          content: Buffer.from(part.value),
          truncated: false,
        });
      }
    }
  } catch (error) {
    throw formError(error);
  }
  return parts;
}

/**
 * Reads a multipart request: text fields and at most one file (field `fileField`), kept in memory
 * up to MAX_IMAGE_BYTES (413 beyond). An empty file part without a file name counts as no file.
 */
export async function readMultipart(request: FastifyRequest, fileField: string): Promise<MultipartInput> {
  if (!request.isMultipart()) throw new AppError(415, messages.unsupportedMedia);
  const fields: Record<string, string> = {};
  let file: MultipartInput['file'] = null;
  for (const part of await formParts(request)) {
    if (part.type === 'file') {
      if (part.truncated) throw new AppError(413, messages.fileTooLarge);
      if (part.fieldname !== fileField) continue;
      if (part.content.length > 0) file = { buffer: part.content, filename: part.filename ?? '' };
      // A browser sends an empty part without a name when no file was chosen; a named empty file is a broken image.
      else if (part.filename) throw new AppError(415, messages.notAnImage);
    } else {
      const value = part.content.toString();
      if (containsNul(value) || containsNul(part.fieldname)) throw new AppError(400, messages.nulCharacter);
      fields[part.fieldname] = value;
    }
  }
  return { fields, file };
}

/**
 * The parser's own limits carry a code the error handler maps (413, 400); anything else it throws
 * (no boundary, a cut-off body, a broken part header) comes from the client's framing: 400.
 */
function formError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('FST_')) return error;
  return new AppError(400, uploadMessages.malformedForm);
}
