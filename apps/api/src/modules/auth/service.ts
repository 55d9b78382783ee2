import { setTimeout as sleep } from 'node:timers/promises';
import { type AdminLoginBody, authMessages, type LoginBody, type PublicUser, type RegisterBody } from '@portal/contract/auth';
import { messages } from '@portal/contract/common';
import type { ServiceContext } from '../../context';
import { AppError, badRequest, conflict, isUniqueViolation, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { nowIso } from '../../lib/time';
import { findArco } from '../arcos/service';
import {
  assertNotBlocked,
  attemptsOf,
  clearAttempts,
  failureDelayMs,
  loginAccountKey,
  recordAttempt,
  takeAttempt,
} from '../attempts/service';
import { noteWorkerAtArco } from '../terminals/service';
import { findUserByWorkerId, insertUser, updateNave } from '../users/service';

type Parsed<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

/** Registration: always role user; 409 on a taken worker_id; counted per client address. */
export async function register(ctx: ServiceContext, ip: string, body: Omit<Parsed<RegisterBody>, 'role'>): Promise<PublicUser> {
  const key = `register:${ip}`;
  await assertNotBlocked(ctx, key, ctx.limits.registrationsPerIp);
  await recordAttempt(ctx, key);
  const password_hash = await hashPassword(body.password);
  try {
    return await insertUser(ctx.db, { worker_id: body.worker_id, name: body.name, password_hash, role: 'user' }, nowIso());
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(authMessages.duplicateWorkerId);
    throw error;
  }
}

/**
 * Checks a worker's credentials under the attempt limits. Only failures of one worker_id from one
 * address block (429 with Retry-After): anyone can fail logins for any account from anywhere, so a
 * block per account or per address would let them lock out the admin, or a whole shift behind one NAT
 * address. Failures per address and per account across addresses only delay the check instead,
 * growing up to LOGIN_DELAY_MAX_MS, so the right password from the right person always gets in.
 * A wrong id and a wrong password answer the same 401.
 */
async function checkCredentials(ctx: ServiceContext, ip: string, workerId: string, password: string) {
  const { loginFailures, loginIpFailures, loginAccountFailures, loginDelayMaxMs } = ctx.limits;
  const workerKey = `login:${ip}:${workerId}`;
  const ipKey = `login-ip:${ip}`;
  const accountKey = loginAccountKey(workerId);
  const [ipFails, accountFails] = await Promise.all([attemptsOf(ctx, ipKey), attemptsOf(ctx, accountKey)]);
  // Counted before the (slow) password check, so parallel guesses cannot all slip past the limit.
  await takeAttempt(ctx, workerKey, loginFailures);
  const delay = Math.max(
    failureDelayMs(ipFails, loginIpFailures, loginDelayMaxMs),
    failureDelayMs(accountFails, loginAccountFailures, loginDelayMaxMs),
  );
  // Before the check and for every answer alike: a delay on failures alone would tell a guesser
  // that an answer slower in coming is a failure, and it could stop waiting.
  if (delay) await sleep(delay);
  const user = await findUserByWorkerId(ctx.db, workerId);
  const ok = await verifyPassword(user?.password_hash, password);
  if (!user || !ok) {
    await recordAttempt(ctx, ipKey);
    await recordAttempt(ctx, accountKey);
    throw unauthorized(authMessages.invalidCredentials);
  }
  await clearAttempts(ctx, workerKey);
  await clearAttempts(ctx, accountKey);
  return user;
}

/** A worker signs in at a station of a nave: the token carries both, the account remembers the nave. */
export async function login(ctx: ServiceContext, ip: string, body: Parsed<LoginBody>): Promise<string> {
  const user = await checkCredentials(ctx, ip, body.worker_id, body.password);
  const arco = await findArco(ctx.db, Number(body.arco_sumergido_id));
  if (!arco || arco.nave !== body.nave) throw badRequest(authMessages.arcoNotInNave);
  await updateNave(ctx.db, user.id, arco.nave_id);
  // The arco's station terminal offers the names of those who signed in there lately.
  await noteWorkerAtArco(ctx, arco.id, user.id);
  return ctx.tokens.sign({
    ...user,
    nave: arco.nave,
    arco_sumergido_id: arco.id,
    arco_sumergido_name: arco.name,
  });
}

export async function adminLogin(ctx: ServiceContext, ip: string, body: Parsed<AdminLoginBody>): Promise<string> {
  const user = await checkCredentials(ctx, ip, body.worker_id, body.password);
  if (user.role !== 'admin') throw new AppError(403, messages.adminOnly);
  return ctx.tokens.sign({ ...user, arco_sumergido_id: null, arco_sumergido_name: null });
}
