import { authMessages } from '@portal/contract/auth';
import type { Role } from '@portal/contract/common';
import { userMessages } from '@portal/contract/users';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { nowIso } from '../../lib/time';
import { recordAudit } from '../audit/service';
import { clearAccountAttempts, clearAttempts, takeAttempt } from '../auth/attempts';
import * as paradas from '../paradas/service';
import { withdrawLikesOf } from '../wall/repository';
import * as repo from './repository';

interface ProfileInput {
  name: string;
  worker_id: string;
}

/**
 * A fresh token for the caller after a change to their own account: identity and role from the
 * database, the site and station chosen at login from the token they are using now.
 */
async function tokenFor(ctx: ServiceContext, caller: AuthUser): Promise<string> {
  const row = await repo.findUser(ctx.db, caller.id);
  if (!row) throw notFound(userMessages.userNotFound);
  return ctx.tokens.sign({
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

async function saveProfile(ctx: ServiceContext, id: number, body: ProfileInput): Promise<void> {
  try {
    const result = await repo.updateProfile(ctx.db, id, body.name, body.worker_id, nowIso());
    if (Number(result.numUpdatedRows) === 0) throw notFound(userMessages.userNotFound);
    ctx.userCache.invalidate(id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(authMessages.duplicateWorkerId);
    throw error;
  }
  // The author's name shows on cached wall pages.
  await ctx.events.invalidateCaches();
}

export async function updateOwnProfile(ctx: ServiceContext, caller: AuthUser, body: ProfileInput): Promise<string> {
  await saveProfile(ctx, caller.id, body);
  return tokenFor(ctx, caller);
}

/**
 * Checks the current password under an attempt limit (a stolen session must not become a way to
 * guess the password), stores the new one and answers a token of the new version: every older token
 * of the account stops working.
 */
export async function changeOwnPassword(
  ctx: ServiceContext,
  caller: AuthUser,
  body: { currentPassword: string; newPassword: string },
): Promise<string> {
  const key = `password:${caller.id}`;
  // Counted before the check, so parallel guesses cannot all slip past the limit.
  await takeAttempt(ctx, key, ctx.limits.loginFailures);
  const row = await repo.findUser(ctx.db, caller.id);
  if (!row) throw notFound(userMessages.userNotFound);
  if (!(await verifyPassword(row.password_hash, body.currentPassword))) {
    throw badRequest(userMessages.currentPasswordWrong);
  }
  await clearAttempts(ctx, key);
  await repo.updatePassword(ctx.db, caller.id, await hashPassword(body.newPassword), nowIso());
  ctx.userCache.invalidate(caller.id);
  // Their streams reconnect with the new token; a stolen session's stream ends.
  await ctx.events.endSessions(caller.id, 'password');
  return tokenFor(ctx, caller);
}

export const listUsers = (ctx: ServiceContext) => repo.listUsers(ctx.db);

/** The fields of an account its audit rows show (never its password). */
const audited = (u: { worker_id: string; name: string; role: string; nave: string | null }) => ({
  worker_id: u.worker_id,
  name: u.name,
  role: u.role,
  nave: u.nave,
});

/** Role change; the last admin cannot be demoted, so the portal always keeps an administrator. */
export async function setRole(ctx: ServiceContext, id: number, role: Role, actor: AuthUser | null = null): Promise<void> {
  const demoted = await ctx.db.transaction().execute(async (trx) => {
    const admins = await repo.lockAdminIds(trx, ctx.engine);
    const target = await repo.findUser(trx, id);
    if (!target) throw notFound(userMessages.userNotFound);
    if (target.role === role) return false;
    if (target.role === 'admin' && admins.length <= 1) throw conflict(userMessages.lastAdmin);
    await repo.updateRole(trx, id, role, nowIso());
    await recordAudit(trx, { actor, entity: 'user', entityId: id, action: 'role', before: { role: target.role }, after: { role } });
    return target.role === 'admin';
  });
  ctx.userCache.invalidate(id);
  // A former administrator's streams carry every station's events: they reopen as a worker's.
  if (demoted) await ctx.events.endSessions(id, 'demoted');
}

/** Password reset by an admin; answers a new token when the admin resets their own password. */
export async function resetPassword(ctx: ServiceContext, caller: AuthUser, id: number, password: string): Promise<string | undefined> {
  if (!(await repo.findUser(ctx.db, id))) throw notFound(userMessages.userNotFound);
  const hash = await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    const result = await repo.updatePassword(trx, id, hash, nowIso());
    if (Number(result.numUpdatedRows) === 0) throw notFound(userMessages.userNotFound);
    // That it changed, never the value.
    await recordAudit(trx, { actor: caller, entity: 'user', entityId: id, action: 'password', touched: ['password'] });
  });
  ctx.userCache.invalidate(id);
  await ctx.events.endSessions(id, 'password');
  return id === caller.id ? tokenFor(ctx, caller) : undefined;
}

/** Profile edit by an admin; answers a new token when the admin edits themself. */
export async function adminUpdateProfile(
  ctx: ServiceContext,
  caller: AuthUser,
  id: number,
  body: ProfileInput,
): Promise<string | undefined> {
  await saveProfile(ctx, id, body);
  return id === caller.id ? tokenFor(ctx, caller) : undefined;
}

/**
 * Deletes an account and keeps the factory's records: in one transaction the user's likes are taken
 * back from the counters and removed, an active Kaiser stop is ended now, and the user row goes;
 * foreign keys leave their circulares, stops, posts and comments authorless. The ended stop is
 * published like any other end, so the plant board and the admins' streams see it.
 */
/** Admin only (the route's policy): lets an account sign in at once again, from every address. */
export async function clearLoginAttempts(ctx: ServiceContext, id: number): Promise<void> {
  const row = await repo.findUser(ctx.db, id);
  if (!row) throw notFound(userMessages.userNotFound);
  await clearAccountAttempts(ctx, row);
}

export async function deleteUser(ctx: ServiceContext, caller: AuthUser, id: number): Promise<void> {
  if (id === caller.id) throw conflict(userMessages.deleteSelf);
  const endedParada = await ctx.db.transaction().execute(async (trx) => {
    const admins = await repo.lockAdminIds(trx, ctx.engine);
    const target = await repo.findUser(trx, id);
    if (!target) throw notFound(userMessages.userNotFound);
    if (target.role === 'admin' && admins.length <= 1) throw conflict(userMessages.lastAdmin);
    await withdrawLikesOf(trx, id);
    const ended = await paradas.endActiveParadaOf(trx, id);
    await repo.deleteUser(trx, id);
    await recordAudit(trx, { actor: caller, entity: 'user', entityId: id, action: 'delete', before: audited(target) });
    return ended;
  });
  ctx.userCache.invalidate(id);
  await ctx.events.endSessions(id, 'deleted');
  if (endedParada !== undefined) await paradas.publishEnded(ctx, endedParada);
  // Their likes and their name leave the cached wall pages.
  await ctx.events.invalidateCaches();
}
