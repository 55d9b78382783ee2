import type { Role } from '@portal/contract/common';
import type { Db, DbEngine } from '../../db/index';

/** A user with the claims a new token needs (nave by name). */
export function findUser(db: Db, id: number) {
  return db
    .selectFrom('users')
    .leftJoin('naves', 'naves.id', 'users.nave_id')
    .select(['users.id', 'users.worker_id', 'users.name', 'users.role', 'users.password_hash', 'users.token_version', 'naves.name as nave'])
    .where('users.id', '=', id)
    .executeTakeFirst();
}

export function listUsers(db: Db) {
  return (
    db
      .selectFrom('users')
      .leftJoin('naves', 'naves.id', 'users.nave_id')
      .select(['users.id', 'users.worker_id', 'users.name', 'users.role', 'naves.name as nave', 'users.created_at'])
      .orderBy('users.name')
      .orderBy('users.id')
      // Bounded like every list: far above a factory's workforce.
      .limit(5000)
      .execute()
  );
}

export function updateProfile(db: Db, id: number, name: string, workerId: string, now: string) {
  return db.updateTable('users').set({ name, worker_id: workerId, updated_at: now }).where('id', '=', id).executeTakeFirst();
}

/** Stores a new hash and invalidates every token issued before it. */
export function updatePassword(db: Db, id: number, passwordHash: string, now: string) {
  return db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .executeTakeFirst();
}

export function updateRole(db: Db, id: number, role: Role, now: string) {
  return db.updateTable('users').set({ role, updated_at: now }).where('id', '=', id).executeTakeFirst();
}

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

/** Takes the user's likes back from the posts' counters, then removes the likes. */
export async function removeLikesOf(db: Db, userId: number) {
  await db
    .updateTable('wall_posts')
    .set((eb) => ({
      like_count: eb
        .case()
        .when('like_count', '>', 0)
        .then(eb('like_count', '-', 1))
        .else(0)
        .end(),
    }))
    .where('id', 'in', (eb) => eb.selectFrom('wall_likes').select('post_id').where('user_id', '=', userId))
    .execute();
  await db.deleteFrom('wall_likes').where('user_id', '=', userId).execute();
}

export function findActiveStop(db: Db, userId: number) {
  return db
    .selectFrom('paradas_kaiser')
    .select(['id', 'start_time'])
    .where('user_id', '=', userId)
    .where('end_time', 'is', null)
    .executeTakeFirst();
}

export function endStop(db: Db, id: number, endTime: string, durationMinutes: number) {
  return db
    .updateTable('paradas_kaiser')
    .set({ end_time: endTime, duration_minutes: durationMinutes, updated_at: endTime })
    .where('id', '=', id)
    .execute();
}

/** Foreign keys set user_id to NULL on tramos, stops, posts and comments: the records stay. */
export function deleteUser(db: Db, id: number) {
  return db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
}
