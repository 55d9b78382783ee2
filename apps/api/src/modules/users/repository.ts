import type { Role } from '@portal/contract/common';
import type { USER_SORTS } from '@portal/contract/paging';
import type { Db, DbEngine } from '../../db/index';
import { allOf, anyOf, type Condition, contains, countWhere, eq, type PageRequest } from '../../db/paging';
import type { UsersTable } from '../../db/types';

/** Users with their nave (by name, null when they never signed in at one). */
export const usersWithNave = (db: Db) => db.selectFrom('users').leftJoin('naves', 'naves.id', 'users.nave_id');

/** The account columns every read of a user starts from: identity, role, token version and nave. */
const ACCOUNT = ['users.id', 'users.worker_id', 'users.name', 'users.role', 'users.token_version', 'naves.name as nave'] as const;

/** The account authentication reads and caches (no password hash). */
export const findAccount = (db: Db, id: number) => usersWithNave(db).select(ACCOUNT).where('users.id', '=', id).executeTakeFirst();

/** An account with its password hash: what a password check or a new token needs. */
export const findUser = (db: Db, id: number) =>
  usersWithNave(db).select(ACCOUNT).select('users.password_hash').where('users.id', '=', id).executeTakeFirst();

export const findUserByWorkerId = (db: Db, workerId: string) =>
  usersWithNave(db).select(ACCOUNT).select('users.password_hash').where('users.worker_id', '=', workerId).executeTakeFirst();

/** A list item's columns: identity, role, nave, and whether a terminal PIN and a badge are set (never their hashes). */
const LISTED = [
  'users.id',
  'users.worker_id',
  'users.name',
  'users.role',
  'naves.name as nave',
  'users.created_at',
  'users.pin_hash',
  'users.badge_hash',
] as const;

/** A list row as the API answers it: `has_pin` and `has_badge` in place of the hashes. */
export function listed<R extends { pin_hash: string | null; badge_hash: string | null }>(row: R) {
  const { pin_hash, badge_hash, ...rest } = row;
  return { ...rest, has_pin: pin_hash !== null, has_badge: badge_hash !== null };
}

export const listUsers = async (db: Db) =>
  (
    await usersWithNave(db)
      .select(LISTED)
      .orderBy('users.name')
      .orderBy('users.id')
      // Bounded like every list: far above a factory's workforce.
      .limit(5000)
      .execute()
  ).map(listed);

/** Whether any administrator exists. */
export const findAnyAdmin = (db: Db) => db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst();

export const insertUser = (db: Db, values: Pick<UsersTable, 'worker_id' | 'name' | 'password_hash' | 'role'>, now: string) =>
  db
    .insertInto('users')
    .values({ ...values, nave_id: null, created_at: now, updated_at: now })
    .returning(['id', 'worker_id', 'name', 'role'])
    .executeTakeFirstOrThrow();

export const updateProfile = (db: Db, id: number, name: string, workerId: string, now: string) =>
  db.updateTable('users').set({ name, worker_id: workerId, updated_at: now }).where('id', '=', id).executeTakeFirst();

/** The nave of the worker's latest login. */
export const updateNave = (db: Db, id: number, naveId: number) =>
  db.updateTable('users').set({ nave_id: naveId }).where('id', '=', id).execute();

/** Stores a new hash and invalidates every token issued before it. */
export const updatePassword = (db: Db, id: number, passwordHash: string, now: string) =>
  db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .executeTakeFirst();

/** Makes the account an administrator with this password; its older tokens stop working. */
export const makeAdmin = (db: Db, id: number, passwordHash: string, now: string) =>
  db
    .updateTable('users')
    .set((eb) => ({ role: 'admin', password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .execute();

export const updateRole = (db: Db, id: number, role: Role, now: string) =>
  db.updateTable('users').set({ role, updated_at: now }).where('id', '=', id).executeTakeFirst();

/** Ids of every admin (whom the station terminals' alarms are pushed to). */
export const adminIds = async (db: Db): Promise<number[]> =>
  (await db.selectFrom('users').select('id').where('role', '=', 'admin').execute()).map((r) => r.id);

/**
 * Ids of every admin. On PostgreSQL their rows are locked until the transaction ends, so two admins
 * demoting or deleting each other at the same moment cannot both pass the last-admin check (SQLite
 * serializes write transactions on its own).
 */
export async function lockAdminIds(db: Db, engine: DbEngine): Promise<number[]> {
  let q = db.selectFrom('users').select('id').where('role', '=', 'admin');
  if (engine === 'postgres') q = q.forUpdate();
  return (await q.execute()).map((r) => r.id);
}

/** Foreign keys set user_id to NULL on tramos, stops, posts and comments: the records stay. */
export const deleteUser = (db: Db, id: number) => db.deleteFrom('users').where('id', '=', id).executeTakeFirst();

/** What an event stream re-checks on each heartbeat: the account still exists, its sessions still hold, its role. */
export const findSessionUser = (db: Db, id: number) =>
  db.selectFrom('users').select(['id', 'role', 'token_version']).where('id', '=', id).executeTakeFirst();

// The admin list (modules/admin-lists): one page and the total its filters match.

export interface AdminUsersFilter {
  q?: string;
  role?: Role;
}

export const isFiltered = (f: AdminUsersFilter) => Boolean(f.q || f.role);

function conditions(f: AdminUsersFilter): Condition[] {
  const c: Condition[] = [];
  if (f.q) c.push(anyOf([contains('users.name', f.q), contains('users.worker_id', f.q)]));
  if (f.role) c.push(eq('users.role', f.role));
  return c;
}

/** One page of users (users_name_idx, the worker_id unique index, users_created_idx give the orders). */
export async function pageUsers(db: Db, f: AdminUsersFilter, { sort, dir, limit, offset }: PageRequest<(typeof USER_SORTS)[number]>) {
  let q = usersWithNave(db)
    .select(LISTED)
    .where(allOf(conditions(f)));
  if (sort === 'worker_id') q = q.orderBy('users.worker_id', dir);
  else if (sort === 'created') q = q.orderBy('users.created_at', dir);
  else q = q.orderBy('users.name', dir);
  return (await q.orderBy('users.id', dir).limit(limit).offset(offset).execute()).map(listed);
}

export async function countUsers(db: Db, f: AdminUsersFilter): Promise<number> {
  return countWhere(db, 'users', conditions(f));
}

// Terminal credentials of an account (docs/decisions/036-station-terminal.md).

/** An account with its PIN hash, by worker ID: what a PIN sign-in checks. */
export const findPinUser = (db: Db, workerId: string) =>
  usersWithNave(db).select(ACCOUNT).select('users.pin_hash').where('users.worker_id', '=', workerId).executeTakeFirst();

/** The account holding a badge (by the code's hash). */
export const findBadgeUser = (db: Db, badgeHash: string) =>
  usersWithNave(db).select(ACCOUNT).where('users.badge_hash', '=', badgeHash).executeTakeFirst();

export const findCredentials = (db: Db, id: number) =>
  db.selectFrom('users').select(['id', 'pin_hash', 'badge_hash']).where('id', '=', id).executeTakeFirst();

export const updatePin = (db: Db, id: number, pinHash: string | null, now: string) =>
  db.updateTable('users').set({ pin_hash: pinHash, updated_at: now }).where('id', '=', id).executeTakeFirst();

export const updateBadge = (db: Db, id: number, badgeHash: string | null, now: string) =>
  db.updateTable('users').set({ badge_hash: badgeHash, updated_at: now }).where('id', '=', id).executeTakeFirst();
