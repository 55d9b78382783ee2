import type { AndonLevel } from '@portal/contract/andon';
import { addDays, addMonths } from '@portal/contract/time';
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { authorName, withArcoAndNave, withUserName } from '../../db/names';
import type { AndonCallsTable } from '../../db/types';

// The andon's tables (docs/decisions/043-andon.md): andon_roles, andon_rules, andon_motivos,
// andon_calls and push_subscriptions. Joins to arcos, naves, users and paradas_kaiser only read names
// and times to show (docs/decisions/024-one-owner-per-table.md); the motivos' names come from the
// motivos service (docs/decisions/071-modules-split-by-section.md).

/** The plant default's row in andon_rules. */
export const PLANT = 0;

// ---- Roles ----

/** A user's capabilities, with the nave's name. */
export const rolesOf = (db: Db, userId: number) =>
  db
    .selectFrom('andon_roles as r')
    .innerJoin('naves as n', 'n.id', 'r.nave_id')
    .select(['r.role', 'n.name as nave'])
    .where('r.user_id', '=', userId)
    .orderBy('n.name')
    .execute();

export async function replaceRoles(db: Db, userId: number, rows: { nave_id: number; role: AndonLevel }[], at: string) {
  await db.deleteFrom('andon_roles').where('user_id', '=', userId).execute();
  if (rows.length)
    await db
      .insertInto('andon_roles')
      .values(rows.map((r) => ({ ...r, user_id: userId, created_at: at })))
      .execute();
}

/** The existing users called at a nave for a level. */
export const calledUsers = (db: Db, naveId: number, level: AndonLevel) =>
  db
    .selectFrom('andon_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select('u.id')
    .where('r.nave_id', '=', naveId)
    .where('r.role', '=', level)
    .orderBy('u.id')
    .execute();

// ---- Rules ----

export const listRules = (db: Db) =>
  db.selectFrom('andon_rules').select(['nave_id', 'supervisor_minutes', 'maintenance_minutes']).orderBy('nave_id').execute();

export async function replaceRules(
  db: Db,
  rows: { nave_id: number; supervisor_minutes: number | null; maintenance_minutes: number | null }[],
  at: string,
) {
  await db.deleteFrom('andon_rules').execute();
  await db
    .insertInto('andon_rules')
    .values(rows.map((r) => ({ ...r, updated_at: at })))
    .execute();
}

export const immediateMotivos = async (db: Db) =>
  (await db.selectFrom('andon_motivos').select('motivo_id').orderBy('motivo_id').execute()).map((r) => r.motivo_id);

export async function replaceImmediateMotivos(db: Db, ids: number[], at: string) {
  await db.deleteFrom('andon_motivos').execute();
  if (ids.length)
    await db
      .insertInto('andon_motivos')
      .values(ids.map((motivo_id) => ({ motivo_id, created_at: at })))
      .execute();
}

// ---- Calls ----

/** Who did one of a call's acts: none (null) until someone did. */
const actorName = (nameColumn: string, idColumn: string) =>
  sql<string | null>`case when ${sql.ref(idColumn)} is null then null else ${authorName(nameColumn)} end`;

/** Calls as every answer shows them: with the arco, its nave, the parada's start and motivo, and names. */
const callView = (db: Db) =>
  db
    .selectFrom('andon_calls as c')
    .$call(withArcoAndNave('c.arco_sumergido_id', 'a.nave_id'))
    .leftJoin('paradas_kaiser as p', 'p.id', 'c.parada_id')
    .$call(withUserName('c.created_by', 'cu', 'created_by_name', actorName))
    .$call(withUserName('c.acknowledged_by', 'ak', 'acknowledged_by_name', actorName))
    .$call(withUserName('c.arrived_by', 'ar', 'arrived_by_name', actorName))
    .select([
      'c.id',
      'c.arco_sumergido_id',
      'a.name as arco_sumergido_name',
      'a.nave_id',
      'n.name as nave',
      'c.level',
      'c.origin',
      'c.parada_id',
      'p.start_time as parada_start_time',
      'p.motivo_id',
      'c.created_at',
      'c.created_by',
      'c.acknowledged_at',
      'c.acknowledged_by',
      'c.arrived_at',
      'c.arrived_by',
      'c.resolved_at',
    ]);

export type CallRow = Awaited<ReturnType<ReturnType<typeof callView>['executeTakeFirstOrThrow']>>;

export const findCall = (db: Db, id: number) => callView(db).where('c.id', '=', id).executeTakeFirst();

/** Open calls, oldest first: all, those a user is called for (by their roles), or those of one arco. */
export function openCalls(db: Db, filter: { userId?: number; arcoId?: number } = {}) {
  let q = callView(db).where('c.resolved_at', 'is', null);
  if (filter.arcoId !== undefined) q = q.where('c.arco_sumergido_id', '=', filter.arcoId);
  if (filter.userId !== undefined) {
    const userId = filter.userId;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('andon_roles as r')
          .select('r.user_id')
          .where('r.user_id', '=', userId)
          .whereRef('r.nave_id', '=', 'a.nave_id')
          .whereRef('r.role', '=', 'c.level'),
      ),
    );
  }
  return q.orderBy('c.created_at').orderBy('c.id').limit(500).execute();
}

/** The open calls of paradas (their end resolves them): what the scheduler checks. */
export const openParadaCalls = (db: Db) =>
  db
    .selectFrom('andon_calls')
    .select(['id', 'parada_id', 'level', 'arco_sumergido_id'])
    .where('resolved_at', 'is', null)
    .where('parada_id', 'is not', null)
    .execute() as Promise<{ id: number; parada_id: number; level: AndonLevel; arco_sumergido_id: number }[]>;

/** The levels already called for some paradas (resolved or not). */
export const calledLevels = (db: Db, paradaIds: number[]) =>
  paradaIds.length === 0
    ? Promise.resolve([])
    : (db.selectFrom('andon_calls').select(['parada_id', 'level']).where('parada_id', 'in', paradaIds).execute() as Promise<
        { parada_id: number; level: AndonLevel }[]
      >);

export type NewCall = Pick<AndonCallsTable, 'arco_sumergido_id' | 'parada_id' | 'level' | 'origin' | 'created_at' | 'created_by'>;

/** Inserts a call unless the parada already has one of that level (or the arco an open one without parada): its id, or undefined. */
export const insertCall = async (db: Db, values: NewCall) =>
  (
    await db
      .insertInto('andon_calls')
      .values(values)
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst()
  )?.id;

/** 'Voy': answers whether this caller was the first. */
export const acknowledge = async (db: Db, id: number, userId: number, at: string) =>
  (
    await db
      .updateTable('andon_calls')
      .set({ acknowledged_at: at, acknowledged_by: userId })
      .where('id', '=', id)
      .where('acknowledged_at', 'is', null)
      .where('resolved_at', 'is', null)
      .executeTakeFirst()
  ).numUpdatedRows > 0n;

/** 'En el arco' (a 'Voy' not given before is given with it); a call without parada is resolved by it. */
export async function arrive(db: Db, id: number, userId: number, at: string, resolves: boolean): Promise<boolean> {
  const result = await db
    .updateTable('andon_calls')
    .set((eb) => ({
      arrived_at: at,
      arrived_by: userId,
      acknowledged_at: eb.fn.coalesce('acknowledged_at', eb.val(at)),
      acknowledged_by: eb.fn.coalesce('acknowledged_by', eb.val(userId)),
      ...(resolves ? { resolved_at: at } : {}),
    }))
    .where('id', '=', id)
    .where('arrived_at', 'is', null)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Resolves open calls; answers the ids this statement resolved (another instance's are not among them). */
export const resolveCalls = async (db: Db, ids: number[], at: string) =>
  ids.length === 0
    ? []
    : (
        await db
          .updateTable('andon_calls')
          .set({ resolved_at: at })
          .where('id', 'in', ids)
          .where('resolved_at', 'is', null)
          .returning('id')
          .execute()
      ).map((r) => r.id);

/** The highest open level at an arco. */
export const openLevels = (db: Db, arcoId: number) =>
  db.selectFrom('andon_calls').select('level').where('arco_sumergido_id', '=', arcoId).where('resolved_at', 'is', null).execute();

// ---- Figures ----

/**
 * The ended paradas of a nave dated in [from, to] that had a call, each with its first call, first
 * 'Voy' and first 'En el arco', its end and its highest level.
 */
export const paradaCallTimes = async (db: Db, filter: { from: string; to: string; nave?: string; paradaIds?: number[] }) => {
  let q = db
    .selectFrom('andon_calls as c')
    .innerJoin('paradas_kaiser as p', 'p.id', 'c.parada_id')
    .$call(withArcoAndNave('p.arco_sumergido_id', 'a.nave_id'))
    .select((eb) => [
      'c.parada_id',
      'p.arco_sumergido_id as arco_id',
      'a.name as arco_name',
      'p.motivo_id',
      'p.end_time',
      'p.date',
      eb.fn.min('c.created_at').as('first_call'),
      eb.fn.min('c.acknowledged_at').as('first_ack'),
      eb.fn.min('c.arrived_at').as('first_arrival'),
      // 'maintenance' sorts before 'supervisor': the highest level called.
      eb.fn.min('c.level').as('top_level'),
    ])
    .where('p.end_time', 'is not', null)
    // A call opened at or after its parada's end (a race with the end) is no call of that stop
    // (docs/decisions/057-andon-by-recorded-times.md).
    .whereRef('c.created_at', '<', 'p.end_time')
    .groupBy(['c.parada_id', 'p.arco_sumergido_id', 'a.name', 'p.motivo_id', 'p.end_time', 'p.date']);
  if (filter.paradaIds) q = q.where('c.parada_id', 'in', filter.paradaIds.length ? filter.paradaIds : [0]);
  else {
    // Each arco's ended paradas that start from a day before those days to a day after are a range of
    // paradas_arco_span_idx, read from the index alone: a parada's date is its start's factory date,
    // less than a day from that date's UTC midnight in any zone (docs/decisions/048-shift-reads-from-one-index.md).
    // The dates themselves are checked below, on the few paradas with a call: as a condition of the
    // query they let SQLite take paradas_arco_date_idx instead, a table row for each parada of the
    // month to learn its end (docs/decisions/054-shift-analysis-and-export-at-scale.md).
    q = q
      .where('p.start_time', '>=', `${addDays(filter.from, -1)}T00:00:00.000Z`)
      .where('p.start_time', '<', `${addDays(`${addMonths(filter.to.slice(0, 7), 1)}-01`, 1)}T00:00:00.000Z`);
  }
  if (filter.nave) q = q.where('n.name', '=', filter.nave);
  const rows = await q.execute();
  return filter.paradaIds ? rows : rows.filter((r) => r.date >= filter.from && r.date <= filter.to);
};

// ---- Push subscriptions ----

/** Saves a device's subscription for a user; an endpoint seen before moves to this user with its new keys. */
export const upsertSubscription = (db: Db, userId: number, s: { endpoint: string; p256dh: string; auth: string }, at: string) =>
  db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, ...s, created_at: at })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: s.p256dh, auth: s.auth }))
    .execute();

export const deleteSubscription = (db: Db, userId: number, endpoint: string) =>
  db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();

export const forgetEndpoint = (db: Db, endpoint: string) => db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();

export const subscriptionsOf = (db: Db, userIds: number[]) =>
  userIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('push_subscriptions').select(['endpoint', 'p256dh', 'auth']).where('user_id', 'in', userIds).execute();
