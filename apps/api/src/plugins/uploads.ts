import { messages } from '@portal/contract/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { MAX_IMAGE_BYTES, type MultipartInput } from '../lib/images';
import { containsNul } from './errors';

/** Server-side texts of the upload pipeline (the client never builds a broken form, so no screen shows them). */
export const uploadMessages = { malformedForm: messages.malformedForm, tooManyPixels: messages.tooManyPixels } as const;

/**
 * Reads a multipart request: text fields and at most one file (field `fileField`), kept in memory
 * up to MAX_IMAGE_BYTES (413 beyond). An empty file part without a file name counts as no file.
 */
export async function readMultipart(request: FastifyRequest, fileField: string): Promise<MultipartInput> {
  if (!request.isMultipart()) throw new AppError(415, messages.unsupportedMedia);
  const fields: Record<string, string> = {};
  let file: MultipartInput['file'] = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 30, fieldSize: 64 * 1024 } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw new AppError(413, messages.fileTooLarge);
        if (part.fieldname !== fileField) continue;
        if (buffer.length > 0) file = { buffer, filename: part.filename };
        // A browser sends an empty part without a name when no file was chosen; a named empty file is a broken image.
        else if (part.filename) throw new AppError(415, messages.notAnImage);
      } else if (typeof part.value === 'string') {
        if (containsNul(part.value) || containsNul(part.fieldname)) throw new AppError(400, messages.nulCharacter);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw formError(error);
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
