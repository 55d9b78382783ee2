import { isIP } from 'node:net';
import { messages } from '@portal/contract/common';
import type { ServiceContext } from '../../context';
import { AppError } from '../../lib/errors';
import * as repo from './repository';

// Attempt limits on logins, registrations and password checks. The counters live in the database, so
// that several API instances share them; a key is blocked once it reaches `max` within its window
// (RATE_LIMIT_WINDOW_MINUTES), or, for the login counters that many people share, only slowed
// (failureDelayMs).

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

/** The attempts counted against a key in its open window; 0 when it has none. */
export async function attemptsOf(ctx: ServiceContext, key: string, now = Date.now()): Promise<number> {
  const row = await repo.findAttempts(ctx.db, key);
  return row && Number(row.reset_at) > now ? Number(row.count) : 0;
}

/**
 * The pause before a login is checked, once a key has `threshold` failures: maxMs/32 at the
 * threshold, doubling with each further failure, never more than maxMs (so 94 ms up to 3 s with the
 * default 3000). It slows guessing without ever refusing the right password.
 */
export function failureDelayMs(failures: number, threshold: number, maxMs: number): number {
  if (failures < threshold || maxMs <= 0) return 0;
  return Math.min(maxMs, Math.round((maxMs / 32) * 2 ** Math.min(failures - threshold, 10)));
}

/** The counter of one account's failed logins from every address. */
export const loginAccountKey = (workerId: string) => `login-account:${workerId}`;

/**
 * Clears every counter that slows or blocks one account: its failures from each address (keys
 * `login:<address>:<worker_id>`, matched on a real address so that a worker_id holding a colon
 * cannot take in another account's keys), across addresses, and its password checks.
 */
export async function clearAccountAttempts(ctx: ServiceContext, account: { id: number; worker_id: string }): Promise<void> {
  const suffix = `:${account.worker_id}`;
  const perAddress = (await repo.findKeysStartingWith(ctx.db, 'login:')).filter(
    (key) => key.endsWith(suffix) && isIP(key.slice('login:'.length, -suffix.length)) !== 0,
  );
  await repo.clearKeys(ctx.db, [...perAddress, loginAccountKey(account.worker_id), `password:${account.id}`]);
}

/** Drops closed windows; app.ts calls it now and then so the table stays small. */
export const pruneAttempts = (ctx: Pick<ServiceContext, 'db'>) => repo.pruneAttempts(ctx.db);
