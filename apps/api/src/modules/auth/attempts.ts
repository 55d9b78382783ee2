import { messages } from '@portal/contract/common';
import type { ServiceContext } from '../../context';
import { AppError } from '../../lib/errors';
import * as repo from './repository';

// Attempt limits on logins, registrations and password checks. The counters live in the database, so
// that several API instances share them; a key is blocked once it reaches `max` within its window
// (RATE_LIMIT_WINDOW_MINUTES).

/** The 429 of a blocked key, with when to try again. */
function tooMany(resetAt: number, now: number): AppError {
  const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
  return new AppError(429, messages.tooManyAttempts, { 'Retry-After': String(retryAfter) });
}

export async function assertNotBlocked(ctx: ServiceContext, key: string, max: number, now = Date.now()): Promise<void> {
  const row = await repo.findAttempts(ctx.db, key);
  if (row && row.reset_at > now && row.count >= max) throw tooMany(row.reset_at, now);
}

/** Counts one attempt against a key. */
export async function recordAttempt(ctx: ServiceContext, key: string, now = Date.now()): Promise<void> {
  await repo.countAttempt(ctx.db, key, ctx.limits.windowMs, now);
}

/**
 * Counts an attempt before it is checked, and refuses it (429) when it goes over `max` within the
 * window. One atomic upsert, so a burst of parallel requests cannot all pass a check made before any
 * of them was counted. A successful attempt clears the key afterwards.
 */
export async function takeAttempt(ctx: ServiceContext, key: string, max: number, now = Date.now()): Promise<void> {
  const { count, resetAt } = await repo.countAttempt(ctx.db, key, ctx.limits.windowMs, now);
  if (count > max) throw tooMany(resetAt, now);
}

export const clearAttempts = (ctx: ServiceContext, key: string) => repo.clearAttempts(ctx.db, key);
