import { sql } from 'kysely';
import type { Db } from '../../db/index';

/** The attempt counter of one key (a login, a registration, a password check), if any. */
export const findAttempts = (db: Db, key: string) =>
  db.selectFrom('login_attempts').select(['count', 'reset_at']).where('key', '=', key).executeTakeFirst();

/** Counts one attempt against a key in one atomic upsert, opening a new window when the last one has closed. */
export async function countAttempt(db: Db, key: string, windowMs: number, now: number) {
  const resetAt = now + windowMs;
  const row = await db
    .insertInto('login_attempts')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when login_attempts.reset_at <= ${now} then 1 else login_attempts.count + 1 end`,
        reset_at: sql<number>`case when login_attempts.reset_at <= ${now} then ${resetAt} else login_attempts.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAt: Number(row.reset_at) };
}

export const clearAttempts = (db: Db, key: string) => db.deleteFrom('login_attempts').where('key', '=', key).execute();

/** Keys of the counters whose key starts with `prefix` (a literal: LIKE wildcards are escaped). */
export async function findKeysStartingWith(db: Db, prefix: string): Promise<string[]> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db.selectFrom('login_attempts').select('key').where(sql<boolean>`key like ${pattern} escape '\\'`).execute();
  return rows.map((r) => r.key);
}

export const clearKeys = (db: Db, keys: string[]) => db.deleteFrom('login_attempts').where('key', 'in', keys).execute();

/** Drops closed windows; called now and then so the table stays small. */
export const pruneAttempts = (db: Db, now = Date.now()) => db.deleteFrom('login_attempts').where('reset_at', '<=', now).execute();
