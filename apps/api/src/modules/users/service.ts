import { authMessages } from '@portal/contract/auth';
import type { Role } from '@portal/contract/common';
import { userMessages } from '@portal/contract/users';
import type { FastifyInstance } from 'fastify';
import { clearAttempts, takeAttempt } from '../../lib/attempts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { nowIso } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './repository';

interface ProfileInput {
  name: string;
  worker_id: string;
}

/**
 * A fresh token for the caller after a change to their own account: identity and role from the
 * database, the site and station chosen at login from the token they are using now.
 */
async function tokenFor(app: FastifyInstance, caller: AuthUser): Promise<string> {
  const row = await repo.findUser(app.db, caller.id);
  if (!row) throw notFound(userMessages.userNotFound);
  return app.tokens.sign({
    id: row.id,
    name: row.name,
    worker_id: row.worker_id,
    role: row.role,
    nave: caller.nave ?? row.nave ?? null,
    arco_sumergido_id: caller.arco_sumergido_id,
    arco_sumergido_name: caller.arco_sumergido_name,
    token_version: row.token_version,
  });
}

async function saveProfile(app: FastifyInstance, id: number, body: ProfileInput): Promise<void> {
  try {
    const result = await repo.updateProfile(app.db, id, body.name, body.worker_id, nowIso());
    if (Number(result.numUpdatedRows) === 0) throw notFound(userMessages.userNotFound);
    app.userCache.invalidate(id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(authMessages.duplicateWorkerId);
    throw error;
  }
  // The author's name shows on cached wall pages.
  await app.events.invalidateCaches();
}

export async function updateOwnProfile(app: FastifyInstance, caller: AuthUser, body: ProfileInput): Promise<string> {
  await saveProfile(app, caller.id, body);
  return tokenFor(app, caller);
}

/**
 * Checks the current password under an attempt limit (a stolen session must not become a way to
 * guess the password), stores the new one and answers a token of the new version: every older token
 * of the account stops working.
 */
export async function changeOwnPassword(
  app: FastifyInstance,
  caller: AuthUser,
  body: { currentPassword: string; newPassword: string },
): Promise<string> {
  const { loginFailures, windowMs } = app.config.rateLimits;
  const key = `password:${caller.id}`;
  // Counted before the check, so parallel guesses cannot all slip past the limit.
  await takeAttempt(app.db, key, loginFailures, windowMs);
  const row = await repo.findUser(app.db, caller.id);
  if (!row) throw notFound(userMessages.userNotFound);
  if (!(await verifyPassword(row.password_hash, body.currentPassword))) {
    throw badRequest(userMessages.currentPasswordWrong);
  }
  await clearAttempts(app.db, key);
  await repo.updatePassword(app.db, caller.id, await hashPassword(body.newPassword), nowIso());
  app.userCache.invalidate(caller.id);
  return tokenFor(app, caller);
}

export const listUsers = (app: FastifyInstance) => repo.listUsers(app.db);

/** Role change; the last admin cannot be demoted, so the portal always keeps an administrator. */
export async function setRole(app: FastifyInstance, id: number, role: Role): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const admins = await repo.lockAdminIds(trx, app.dbEngine);
    const target = await repo.findUser(trx, id);
    if (!target) throw notFound(userMessages.userNotFound);
    if (target.role === role) return;
    if (target.role === 'admin' && admins.length <= 1) throw conflict(userMessages.lastAdmin);
    await repo.updateRole(trx, id, role, nowIso());
  });
  app.userCache.invalidate(id);
}

/** Password reset by an admin; answers a new token when the admin resets their own password. */
export async function resetPassword(app: FastifyInstance, caller: AuthUser, id: number, password: string): Promise<string | undefined> {
  if (!(await repo.findUser(app.db, id))) throw notFound(userMessages.userNotFound);
  const result = await repo.updatePassword(app.db, id, await hashPassword(password), nowIso());
  if (Number(result.numUpdatedRows) === 0) throw notFound(userMessages.userNotFound);
  app.userCache.invalidate(id);
  return id === caller.id ? tokenFor(app, caller) : undefined;
}

/** Profile edit by an admin; answers a new token when the admin edits themself. */
export async function adminUpdateProfile(
  app: FastifyInstance,
  caller: AuthUser,
  id: number,
  body: ProfileInput,
): Promise<string | undefined> {
  await saveProfile(app, id, body);
  return id === caller.id ? tokenFor(app, caller) : undefined;
}

/**
 * Deletes an account and keeps the factory's records (DECISIONS.md section 4): in one transaction
 * the user's likes are taken back from the counters and removed, an active Kaiser stop is ended now,
 * and the user row goes; foreign keys leave their circulares, stops, posts and comments authorless.
 */
export async function deleteUser(app: FastifyInstance, caller: AuthUser, id: number): Promise<void> {
  if (id === caller.id) throw conflict(userMessages.deleteSelf);
  await app.db.transaction().execute(async (trx) => {
    const admins = await repo.lockAdminIds(trx, app.dbEngine);
    const target = await repo.findUser(trx, id);
    if (!target) throw notFound(userMessages.userNotFound);
    if (target.role === 'admin' && admins.length <= 1) throw conflict(userMessages.lastAdmin);
    await repo.removeLikesOf(trx, id);
    const active = await repo.findActiveStop(trx, id);
    if (active) {
      const end = new Date();
      const minutes = Math.max(0, Math.round((end.getTime() - Date.parse(active.start_time)) / 60_000));
      await repo.endStop(trx, active.id, end.toISOString(), minutes);
    }
    await repo.deleteUser(trx, id);
  });
  app.userCache.invalidate(id);
  // Their likes and their name leave the cached wall pages.
  await app.events.invalidateCaches();
}
