import type { Db } from '../../db/index';

/** Terminals with their arco and nave names (read-only joins for display, decision 024). */
const withArco = (db: Db) =>
  db
    .selectFrom('terminals as t')
    .innerJoin('arcos_sumergidos as a', 'a.id', 't.arco_sumergido_id')
    .innerJoin('naves as n', 'n.id', 'a.nave_id');

const INFO = ['t.id', 't.name', 't.arco_sumergido_id', 'a.name as arco_sumergido_name', 'n.name as nave'] as const;
const ADMIN = [...INFO, 't.created_at', 't.last_seen_at', 't.revoked_at'] as const;

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

export const insertTerminal = (db: Db, values: { arco_sumergido_id: number; name: string; credential_hash: string; created_at: string }) =>
  db
    .insertInto('terminals')
    .values({ ...values, last_seen_at: values.created_at, revoked_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();

/** The live terminal holding a credential (by its hash). */
export const findByCredential = (db: Db, credentialHash: string) =>
  withArco(db).select(INFO).where('t.credential_hash', '=', credentialHash).where('t.revoked_at', 'is', null).executeTakeFirst();

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
    .select(['id', 'name', 'arco_sumergido_id', 'last_seen_at'])
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

/** Workers with a PIN who signed in at an arco since an instant, most recent first. */
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
