import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { withArcoAndNave } from '../../db/names';

/** Terminals with their arco and nave names (read-only joins for display, decision 024). */
const withArco = (db: Db) => db.selectFrom('terminals as t').$call(withArcoAndNave('t.arco_sumergido_id', 'a.nave_id'));

const INFO = ['t.id', 't.name', 't.arco_sumergido_id', 'a.name as arco_sumergido_name', 'n.name as nave'] as const;
const ADMIN = [...INFO, 't.created_at', 't.last_seen_at', 't.revoked_at', 't.pin_locked_at', 't.device_key'] as const;

export const insertCode = (
  db: Db,
  values: {
    arco_sumergido_id: number;
    code_hash: string;
    created_by: number;
    created_by_name: string;
    created_at: string;
    expires_at: string;
  },
) => db.insertInto('terminal_codes').values(values).execute();

/** Marks a code used, if it is unused and unexpired: one atomic update, so two devices cannot both take it. */
export const takeCode = (db: Db, codeHash: string, now: string) =>
  db
    .updateTable('terminal_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['arco_sumergido_id', 'created_by', 'created_by_name'])
    .executeTakeFirst();

/** Codes past their validity: dropped when a new one is issued, so the table stays small. */
export const deleteExpiredCodes = (db: Db, now: string) => db.deleteFrom('terminal_codes').where('expires_at', '<=', now).execute();

export const insertTerminal = (
  db: Db,
  values: { arco_sumergido_id: number; name: string; credential_hash: string; created_at: string; device_key: string | null },
) =>
  db
    .insertInto('terminals')
    .values({ ...values, last_seen_at: values.created_at, revoked_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();

/** The live terminal holding a credential (by its hash), with its device key. */
export const findByCredential = (db: Db, credentialHash: string) =>
  withArco(db)
    .select([...INFO, 't.device_key'])
    .where('t.credential_hash', '=', credentialHash)
    .where('t.revoked_at', 'is', null)
    .executeTakeFirst();

/**
 * Reserves one wrong PIN check of the terminal's budget before the check is made: one atomic update
 * that opens a new window once the last one has closed. Undefined when the terminal's PIN sign-in is
 * locked; else the checks reserved in the window, this one included (docs/decisions/060-terminal-budget-and-binding.md).
 */
export async function reservePinCheck(db: Db, id: number, now: string, windowEnds: string): Promise<number | undefined> {
  const row = await db
    .updateTable('terminals')
    .set({
      pin_failures: sql<number>`case when pin_window_ends is null or pin_window_ends <= ${now} then 1 else pin_failures + 1 end`,
      pin_window_ends: sql<string>`case when pin_window_ends is null or pin_window_ends <= ${now} then ${windowEnds} else pin_window_ends end`,
    })
    .where('id', '=', id)
    .where('pin_locked_at', 'is', null)
    .returning('pin_failures')
    .executeTakeFirst();
  return row ? Number(row.pin_failures) : undefined;
}

/** Gives back a reservation whose PIN was right. */
export const refundPinCheck = (db: Db, id: number) =>
  db
    .updateTable('terminals')
    .set({ pin_failures: sql<number>`case when pin_failures > 0 then pin_failures - 1 else 0 end` })
    .where('id', '=', id)
    .execute();

/** Locks the terminal's PIN sign-in; 1 row only for the request that locked it. */
export const lockPin = (db: Db, id: number, now: string) =>
  db.updateTable('terminals').set({ pin_locked_at: now }).where('id', '=', id).where('pin_locked_at', 'is', null).executeTakeFirst();

/** An admin's reset: the budget full again and PIN sign-in open. */
export const resetPin = (db: Db, id: number) =>
  db.updateTable('terminals').set({ pin_locked_at: null, pin_failures: 0, pin_window_ends: null }).where('id', '=', id).executeTakeFirst();

/** Records the device key of a terminal enrolled before device binding; 1 row only if it had none. */
export const bindDeviceKey = (db: Db, id: number, key: string) =>
  db.updateTable('terminals').set({ device_key: key }).where('id', '=', id).where('device_key', 'is', null).executeTakeFirst();

/** A terminal not revoked, by id: what a terminal session is checked against on every request. */
export const findLive = (db: Db, id: number) =>
  db.selectFrom('terminals').select(['id', 'name']).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();

/** Records activity now, unless it was recorded after `unlessAfter` (one write per terminal and half minute). */
export const touch = (db: Db, id: number, now: string, unlessAfter: string) =>
  db
    .updateTable('terminals')
    .set({ last_seen_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', unlessAfter)]))
    .execute();

export const findAdminTerminal = (db: Db, id: number) => withArco(db).select(ADMIN).where('t.id', '=', id).executeTakeFirst();

/** Every terminal (of one nave, by name), live ones first, by nave, arco and name. */
export function listTerminals(db: Db, nave?: string) {
  let q = withArco(db).select(ADMIN);
  if (nave) q = q.where('n.name', '=', nave);
  return q
    .orderBy((eb) => eb.case().when('t.revoked_at', 'is', null).then(0).else(1).end())
    .orderBy('n.name')
    .orderBy('a.name')
    .orderBy('t.name')
    .orderBy('t.id')
    .limit(2000)
    .execute();
}

/** The terminals not revoked of every arco: the plant board's. */
export const liveTerminals = (db: Db) =>
  db
    .selectFrom('terminals')
    .select(['id', 'name', 'arco_sumergido_id', 'last_seen_at', 'pin_locked_at'])
    .where('revoked_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();

export const rename = (db: Db, id: number, name: string) =>
  db.updateTable('terminals').set({ name }).where('id', '=', id).executeTakeFirst();

export const revoke = (db: Db, id: number, now: string) =>
  db.updateTable('terminals').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();

/** Remembers that a worker signed in at an arco now (phone login or terminal). */
export const noteWorker = (db: Db, arcoId: number, userId: number, now: string) =>
  db
    .insertInto('arco_workers')
    .values({ arco_sumergido_id: arcoId, user_id: userId, last_at: now })
    .onConflict((oc) => oc.columns(['arco_sumergido_id', 'user_id']).doUpdateSet({ last_at: now }))
    .execute();

/** Workers with a PIN who signed in at an arco since an instant, most recent first (the terminal's chips). */
export const recentWorkers = (db: Db, arcoId: number, since: string, limit: number) =>
  db
    .selectFrom('arco_workers as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['u.id', 'u.name', 'u.worker_id'])
    .where('w.arco_sumergido_id', '=', arcoId)
    .where('w.last_at', '>=', since)
    .where('u.pin_hash', 'is not', null)
    .orderBy('w.last_at', 'desc')
    .orderBy('u.id')
    .limit(limit)
    .execute();
