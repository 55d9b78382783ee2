import { type AdminLoginBody, authMessages, type LoginBody, type PublicUser, type RegisterBody } from '@portal/contract/auth';
import { messages } from '@portal/contract/common';
import type { FastifyInstance } from 'fastify';
import { assertNotBlocked, clearAttempts, recordAttempt, takeAttempt } from '../../lib/attempts';
import { AppError, badRequest, conflict, isUniqueViolation, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { nowIso } from '../../lib/time';
import { findStationInNave, findUserByWorkerId } from './repository';

type Parsed<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

/** Registration: always role user; 409 on a taken worker_id; counted per client address. */
export async function register(app: FastifyInstance, ip: string, body: Omit<Parsed<RegisterBody>, 'role'>): Promise<PublicUser> {
  const { db, config } = app;
  const key = `register:${ip}`;
  await assertNotBlocked(db, key, config.rateLimits.registrationsPerIp);
  await recordAttempt(db, key, config.rateLimits.windowMs);
  const password_hash = await hashPassword(body.password);
  const now = nowIso();
  try {
    const row = await db
      .insertInto('users')
      .values({ worker_id: body.worker_id, name: body.name, password_hash, role: 'user', nave_id: null, created_at: now, updated_at: now })
      .returning(['id', 'worker_id', 'name', 'role'])
      .executeTakeFirstOrThrow();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(authMessages.duplicateWorkerId);
    throw error;
  }
}

/**
 * Checks a worker's credentials under the attempt limits: failures count per (address, worker_id),
 * per address, and per account across all addresses (a higher ceiling, against guessing spread over
 * many addresses); a wrong id and a wrong password answer the same 401.
 */
async function checkCredentials(app: FastifyInstance, ip: string, workerId: string, password: string) {
  const { db, config } = app;
  const { loginFailures, loginIpFailures, loginAccountFailures, windowMs } = config.rateLimits;
  const workerKey = `login:${ip}:${workerId}`;
  const ipKey = `login-ip:${ip}`;
  const accountKey = `login-account:${workerId}`;
  await assertNotBlocked(db, ipKey, loginIpFailures);
  await assertNotBlocked(db, accountKey, loginAccountFailures);
  // Counted before the (slow) password check, so parallel guesses cannot all slip past the limit.
  await takeAttempt(db, workerKey, loginFailures, windowMs);
  const user = await findUserByWorkerId(db, workerId);
  const ok = await verifyPassword(user?.password_hash, password);
  if (!user || !ok) {
    await recordAttempt(db, ipKey, windowMs);
    await recordAttempt(db, accountKey, windowMs);
    throw unauthorized(authMessages.invalidCredentials);
  }
  await clearAttempts(db, workerKey);
  await clearAttempts(db, accountKey);
  return user;
}

export async function login(app: FastifyInstance, ip: string, body: Parsed<LoginBody>): Promise<string> {
  const user = await checkCredentials(app, ip, body.worker_id, body.password);
  const station = await findStationInNave(app.db, Number(body.arco_sumergido_id), body.nave);
  if (!station) throw badRequest(authMessages.stationNotInNave);
  await app.db.updateTable('users').set({ nave_id: station.nave_id }).where('id', '=', user.id).execute();
  return app.tokens.sign({
    ...user,
    nave: station.nave,
    arco_sumergido_id: station.id,
    arco_sumergido_name: station.name,
  });
}

export async function adminLogin(app: FastifyInstance, ip: string, body: Parsed<AdminLoginBody>): Promise<string> {
  const user = await checkCredentials(app, ip, body.worker_id, body.password);
  if (user.role !== 'admin') throw new AppError(403, messages.adminOnly);
  return app.tokens.sign({ ...user, arco_sumergido_id: null, arco_sumergido_name: null });
}
