import { randomBytes } from 'node:crypto';
import type { Db, DbEngine } from '../../db/index';
import type { Log } from '../../lib/log';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { nowIso } from '../../lib/time';
import { findAnyAdmin, findUserByWorkerId, insertUser, makeAdmin } from './repository';

/** Creates the account, or makes it an admin with that password when it exists. */
export async function upsertAdmin(db: Db, workerId: string, password: string, name = 'Administrador'): Promise<'created' | 'updated'> {
  const password_hash = await hashPassword(password);
  const now = nowIso();
  const existing = await findUserByWorkerId(db, workerId);
  if (existing) {
    await makeAdmin(db, existing.id, password_hash, now);
    return 'updated';
  }
  await insertUser(db, { worker_id: workerId, name, password_hash, role: 'admin' }, now);
  return 'created';
}

/**
 * The first administrator: ADMIN_WORKER_ID/ADMIN_PASSWORD are applied at every start (a no-op when
 * that admin already has that password); otherwise an embedded database without any admin gets
 * `admin` with a random password, printed once on the console.
 */
export async function ensureAdmin(
  db: Db,
  engine: DbEngine,
  env: { adminWorkerId?: string; adminPassword?: string },
  log: Log,
): Promise<void> {
  if (env.adminWorkerId && env.adminPassword) {
    // Already applied: leave the account alone, so that every restart (or every instance behind a
    // load balancer) does not sign that admin out by bumping the token version.
    const current = await findUserByWorkerId(db, env.adminWorkerId);
    if (current?.role === 'admin' && (await verifyPassword(current.password_hash, env.adminPassword))) return;
    const result = await upsertAdmin(db, env.adminWorkerId, env.adminPassword);
    log.info({ worker_id: env.adminWorkerId, result }, 'administrator from ADMIN_WORKER_ID applied');
    return;
  }
  if (engine !== 'sqlite') return;
  if (await findAnyAdmin(db)) return;
  let workerId = 'admin';
  for (let n = 2; await findUserByWorkerId(db, workerId); n++) {
    workerId = `admin${n}`;
  }
  const password = randomBytes(9).toString('base64url');
  await upsertAdmin(db, workerId, password);
  const banner = [
    '',
    '================================================================',
    ' First administrator created (shown only this once):',
    `   ID de Trabajador: ${workerId}`,
    `   Contraseña:       ${password}`,
    ' Sign in at /admin/login and change the password from the user menu.',
    '================================================================',
    '',
  ].join('\n');
  console.log(banner);
}
