import { createHash } from 'node:crypto';
import { authMessages } from '@portal/contract/auth';
import type { Role } from '@portal/contract/common';
import { terminalMessages } from '@portal/contract/terminal';
import { userMessages } from '@portal/contract/users';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { nowIso } from '../../lib/time';
import { clearAccountAttempts, clearAttempts, takeAttempt } from '../attempts/service';
import { recordAudit } from '../audit/service';
import * as paradas from '../paradas/service';
import { withdrawLikesOf } from '../wall/service';
import * as repo from './repository';

// Reads other modules make of this module's tables (docs/decisions/024-one-owner-per-table.md).
// The admin lists' pages (modules/admin-lists).
// The station terminal's sign-in (modules/terminals).
export {
  type AdminUsersFilter,
  adminIds,
  countUsers,
  findAccount,
  findBadgeUser,
  findPinUser,
  findSessionUser,
  findUserByWorkerId,
  insertUser,
  isFiltered,
  pageUsers,
  updateNave,
} from './repository';

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

/** Saves a name and worker ID (the login's ID: a credential), with its audit row, by the account itself or an admin. */
async function saveProfile(ctx: ServiceContext, actor: AuthUser, id: number, body: ProfileInput): Promise<void> {
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const before = await repo.findUser(trx, id);
      if (!before) throw notFound(userMessages.userNotFound);
      await repo.updateProfile(trx, id, body.name, body.worker_id, nowIso());
      await recordAudit(trx, {
        actor,
        entity: 'user',
        entityId: id,
        action: 'update',
        before: { worker_id: before.worker_id, name: before.name },
        after: { worker_id: body.worker_id, name: body.name },
      });
    });
    ctx.userCache.invalidate(id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(authMessages.duplicateWorkerId);
    throw error;
  }
  // The author's name shows on cached wall pages.
  await ctx.events.invalidateCaches();
}

/**
 * A session opened at a station terminal never changes the account's credentials: the tablet is
 * shared (docs/decisions/036-station-terminal.md).
 */
function assertOwnDevice(caller: AuthUser): void {
  if (caller.terminal) throw new AppError(403, terminalMessages.terminalSessionForbidden);
}

export async function updateOwnProfile(ctx: ServiceContext, caller: AuthUser, body: ProfileInput): Promise<string> {
  assertOwnDevice(caller);
  await saveProfile(ctx, caller, caller.id, body);
  return tokenFor(ctx, caller);
}

/**
 * The caller's current password, checked under an attempt limit (a stolen session must not become a
 * way to guess the password); only from the worker's own device.
 */
async function checkOwnPassword(ctx: ServiceContext, caller: AuthUser, password: string): Promise<void> {
  assertOwnDevice(caller);
  const key = `password:${caller.id}`;
  // Counted before the check, so parallel guesses cannot all slip past the limit.
  await takeAttempt(ctx, key, ctx.limits.loginFailures);
  const row = await repo.findUser(ctx.db, caller.id);
  if (!row) throw notFound(userMessages.userNotFound);
  if (!(await verifyPassword(row.password_hash, password))) {
    throw badRequest(userMessages.currentPasswordWrong);
  }
  await clearAttempts(ctx, key);
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
  await checkOwnPassword(ctx, caller, body.currentPassword);
  const hash = await hashPassword(body.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updatePassword(trx, caller.id, hash, nowIso());
    // That it changed, never the value.
    await recordAudit(trx, { actor: caller, entity: 'user', entityId: caller.id, action: 'password_change', touched: ['password'] });
  });
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
  await saveProfile(ctx, caller, id, body);
  return id === caller.id ? tokenFor(ctx, caller) : undefined;
}

/**
 * Deletes an account and keeps the factory's records: in one transaction the user's likes are taken
 * back from the counters and removed, an active Kaiser stop is ended now, and the user row goes;
 * foreign keys leave their circulares, stops, posts and comments authorless. The ended stop is
 * published like any other end, so the plant board and the admins' streams see it.
 */
/** Admin only (the route's policy): lets an account sign in at once again, from every address. */
export async function clearLoginAttempts(ctx: ServiceContext, caller: AuthUser, id: number): Promise<void> {
  const row = await repo.findUser(ctx.db, id);
  if (!row) throw notFound(userMessages.userNotFound);
  await ctx.db.transaction().execute(async (trx) => {
    await clearAccountAttempts({ ...ctx, db: trx }, row);
    await recordAudit(trx, { actor: caller, entity: 'user', entityId: id, action: 'unlock', touched: ['login_attempts'] });
  });
}

export async function deleteUser(ctx: ServiceContext, caller: AuthUser, id: number): Promise<void> {
  if (id === caller.id) throw conflict(userMessages.deleteSelf);
  const endedParada = await ctx.db.transaction().execute(async (trx) => {
    const admins = await repo.lockAdminIds(trx, ctx.engine);
    const target = await repo.findUser(trx, id);
    if (!target) throw notFound(userMessages.userNotFound);
    if (target.role === 'admin' && admins.length <= 1) throw conflict(userMessages.lastAdmin);
    await withdrawLikesOf(trx, id);
    const ended = await paradas.endActiveParadaOf({ ...ctx, db: trx }, id);
    await repo.deleteUser(trx, id);
    await recordAudit(trx, { actor: caller, entity: 'user', entityId: id, action: 'delete', before: audited(target) });
    return ended;
  });
  ctx.userCache.invalidate(id);
  await ctx.events.endSessions(id, 'deleted');
  if (endedParada !== undefined) {
    await paradas.publishParada(ctx, 'parada.ended', endedParada.id);
    await paradas.publishCover(ctx, endedParada.cover);
  }
  // Their likes and their name leave the cached wall pages.
  await ctx.events.invalidateCaches();
}

// Terminal credentials (docs/decisions/036-station-terminal.md): a PIN hashed like a password, a badge
// code kept as its SHA-256 (looked up by it, unique). Their values never reach an audit row.

/** The stored form of a badge code. */
export const hashBadge = (code: string) => createHash('sha256').update(code.trim(), 'utf8').digest('hex');

export async function hasPin(ctx: ServiceContext, caller: AuthUser): Promise<boolean> {
  const row = await repo.findCredentials(ctx.db, caller.id);
  if (!row) throw notFound(userMessages.userNotFound);
  return row.pin_hash !== null;
}

/** The worker sets their own PIN, confirming it with their password, from their own device. */
export async function setOwnPin(ctx: ServiceContext, caller: AuthUser, body: { current_password: string; pin: string }): Promise<void> {
  await checkOwnPassword(ctx, caller, body.current_password);
  const hash = await hashPassword(body.pin);
  await ctx.db.transaction().execute(async (trx) => {
    const result = await repo.updatePin(trx, caller.id, hash, nowIso());
    if (Number(result.numUpdatedRows) === 0) throw notFound(userMessages.userNotFound);
    await recordAudit(trx, { actor: caller, entity: 'user', entityId: caller.id, action: 'pin', touched: ['pin'] });
  });
}

/** An admin removes a worker's PIN: they set a new one from their profile. */
export async function resetPin(ctx: ServiceContext, caller: AuthUser, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const result = await repo.updatePin(trx, id, null, nowIso());
    if (Number(result.numUpdatedRows) === 0) throw notFound(userMessages.userNotFound);
    await recordAudit(trx, { actor: caller, entity: 'user', entityId: id, action: 'pin_reset', touched: ['pin'] });
  });
}

/** An admin records (or, with null, removes) a worker's badge code; one badge, one worker (409). */
export async function setBadge(ctx: ServiceContext, caller: AuthUser, id: number, code: string | null): Promise<void> {
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const result = await repo.updateBadge(trx, id, code === null ? null : hashBadge(code), nowIso());
      if (Number(result.numUpdatedRows) === 0) throw notFound(userMessages.userNotFound);
      await recordAudit(trx, { actor: caller, entity: 'user', entityId: id, action: 'badge', touched: ['badge'] });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(terminalMessages.badgeTaken);
    throw error;
  }
}
