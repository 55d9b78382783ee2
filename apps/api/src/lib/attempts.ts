import { messages } from '@portal/contract/common';
import { sql } from 'kysely';
import type { Db } from '../db/index';
import { AppError } from './errors';

/**
 * Counters of attempts kept in the database, so that several API instances share them. A key is
 * blocked once it reaches `max` within its window.
 */
export async function assertNotBlocked(db: Db, key: string, max: number, now = Date.now()): Promise<void> {
  const row = await db.selectFrom('login_attempts').select(['count', 'reset_at']).where('key', '=', key).executeTakeFirst();
  if (row && row.reset_at > now && row.count >= max) {
    const retryAfter = Math.max(1, Math.ceil((row.reset_at - now) / 1000));
    throw new AppError(429, messages.tooManyAttempts, { 'Retry-After': String(retryAfter) });
  }
}

/** The upsert that counts one attempt against a key, opening a new window when the last one has closed. */
function countAttempt(db: Db, key: string, windowMs: number, now: number) {
  const resetAt = now + windowMs;
  return db
    .insertInto('login_attempts')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when login_attempts.reset_at <= ${now} then 1 else login_attempts.count + 1 end`,
        reset_at: sql<number>`case when login_attempts.reset_at <= ${now} then ${resetAt} else login_attempts.reset_at end`,
      }),
    );
}

/** Counts one attempt against a key, opening a new window when the last one has closed. */
export async function recordAttempt(db: Db, key: string, windowMs: number, now = Date.now()): Promise<void> {
  await countAttempt(db, key, windowMs, now).execute();
}

/**
 * Counts an attempt before it is checked, and refuses it (429) when it goes over `max` within the
 * window. One atomic upsert, so a burst of parallel requests cannot all pass a check made before any
 * of them was counted. A successful attempt clears the key afterwards.
 */
export async function takeAttempt(db: Db, key: string, max: number, windowMs: number, now = Date.now()): Promise<void> {
  const row = await countAttempt(db, key, windowMs, now).returning(['count', 'reset_at']).executeTakeFirstOrThrow();
  if (Number(row.count) > max) {
    const retryAfter = Math.max(1, Math.ceil((Number(row.reset_at) - now) / 1000));
    throw new AppError(429, messages.tooManyAttempts, { 'Retry-After': String(retryAfter) });
  }
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}

/** Drops closed windows; called now and then so the table stays small. */
export async function pruneAttempts(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom('login_attempts').where('reset_at', '<=', now).execute();
}
