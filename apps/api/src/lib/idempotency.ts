import type { Db } from '../db/index';
import type { IdempotencyKeysTable } from '../db/types';

/**
 * The store behind `Idempotency-Key` (plugins/idempotency.ts, decision 016). A key is claimed by
 * inserting its row before the write runs: the primary key (user_id, key) lets exactly one of two
 * concurrent requests in, on SQLite and PostgreSQL alike; the row then keeps the first answer.
 */
export type IdempotencyRow = Pick<IdempotencyKeysTable, 'fingerprint' | 'status_code' | 'body' | 'created_at'>;

/** Keys are kept this long: well beyond the oldest client time a queued write may carry. */
export const IDEMPOTENCY_KEEP_MS = 48 * 3_600_000;

/** True when this call claimed the key; false when a request with it came first. */
export async function claimKey(db: Db, userId: number, key: string, fingerprint: string, now: string): Promise<boolean> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, fingerprint, status_code: null, body: null, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

export const findKey = (db: Db, userId: number, key: string): Promise<IdempotencyRow | undefined> =>
  db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status_code', 'body', 'created_at'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();

/** Stores the first answer of a claimed key. */
export async function completeKey(db: Db, userId: number, key: string, statusCode: number, body: string): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: statusCode, body })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

/**
 * Frees a key whose request wrote nothing it must remember (a 5xx rolled back) or that was abandoned
 * while pending (`createdAt` given: only if still that claim), so the client's next try runs afresh.
 */
export async function releaseKey(db: Db, userId: number, key: string, createdAt?: string): Promise<void> {
  let q = db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).where('status_code', 'is', null);
  if (createdAt !== undefined) q = q.where('created_at', '=', createdAt);
  await q.execute();
}

export async function pruneKeys(db: Db, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(now - IDEMPOTENCY_KEEP_MS).toISOString())
    .execute();
}

/**
 * Keeps a user's `keep` newest keys and drops the older ones, so one account cannot fill the table
 * within the keep time. Keys claimed in the same millisecond are ordered by the key itself, so exactly
 * `keep` stay (`test/security/probe-numbers.test.ts`). A phone's offline queue is far shorter than the
 * cap; a dropped key only means a repeat of that old write would run again (its client-stamped time is
 * long refused by then).
 */
export async function capKeys(db: Db, userId: number, keep: number): Promise<void> {
  const last = await db
    .selectFrom('idempotency_keys')
    .select(['created_at', 'key'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('key', 'desc')
    .limit(1)
    .offset(keep - 1)
    .executeTakeFirst();
  if (!last) return;
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([eb('created_at', '<', last.created_at), eb.and([eb('created_at', '=', last.created_at), eb('key', '<', last.key)])]),
    )
    .execute();
}
