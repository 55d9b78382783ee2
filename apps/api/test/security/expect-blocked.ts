import { messages } from '@portal/contract/common';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A 429 with the Spanish message and a Retry-After of whole seconds, at most `maxSeconds`; answers it. */
export function expectBlocked(res: LightMyRequestResponse, maxSeconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ message: messages.tooManyAttempts });
  const header = String(res.headers['retry-after']);
  expect(header).toMatch(/^\d+$/);
  expect(Number(header)).toBeGreaterThanOrEqual(1);
  expect(Number(header)).toBeLessThanOrEqual(maxSeconds);
  return Number(header);
}
