import { messages } from '@portal/contract/common';
import type { z } from 'zod';
import { badRequest } from './errors';

/**
 * Validates what no route schema checked (the text fields of a multipart form, a form merged with the
 * stored record) with the contract schema, so the messages are the client's: the first issue's
 * Spanish message becomes the 400.
 */
export function parseOrBadRequest<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? messages.invalidInput);
  return result.data;
}
