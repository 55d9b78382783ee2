import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbEngine } from '../db/index';
import { hashPassword, verifyPassword } from './passwords';
import { nowIso } from './time';

/** Creates the account, or makes it an admin with that password when it exists. */
export async function upsertAdmin(db: Db, workerId: string, password: string, name = 'Administrador'): Promise<'created' | 'updated'> {
  const password_hash = await hashPassword(password);
  const now = nowIso();
  const existing = await db.selectFrom('users').select(['id', 'token_version']).where('worker_id', '=', workerId).executeTakeFirst();
  if (existing) {
    await db
      .updateTable('users')
      .set({ role: 'admin', password_hash, token_version: existing.token_version + 1, updated_at: now })
      .where('id', '=', existing.id)
      .execute();
    return 'updated';
  }
  await db
    .insertInto('users')
    .values({ worker_id: workerId, name, password_hash, role: 'admin', nave_id: null, created_at: now, updated_at: now })
    .execute();
  return 'created';
}

/**
 * The first administrator (DECISIONS.md section 4): ADMIN_WORKER_ID/ADMIN_PASSWORD are applied at
 * every start (a no-op when that admin already has that password); otherwise an embedded database without any admin gets `admin` with a random password,
 * printed once on the console.
 */
export async function ensureAdmin(
  db: Db,
  engine: DbEngine,
  env: { adminWorkerId?: string; adminPassword?: string },
  log: FastifyBaseLogger,
): Promise<void> {
  if (env.adminWorkerId && env.adminPassword) {
    // Already applied: leave the account alone, so that every restart (or every instance behind a
    // load balancer) does not sign that admin out by bumping the token version.
    const current = await db
      .selectFrom('users')
      .select(['role', 'password_hash'])
      .where('worker_id', '=', env.adminWorkerId)
      .executeTakeFirst();
    if (current?.role === 'admin' && (await verifyPassword(current.password_hash, env.adminPassword))) return;
    const result = await upsertAdmin(db, env.adminWorkerId, env.adminPassword);
    log.info({ worker_id: env.adminWorkerId, result }, 'administrator from ADMIN_WORKER_ID applied');
    return;
  }
  if (engine !== 'sqlite') return;
  const admin = await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst();
  if (admin) return;
  let workerId = 'admin';
  for (let n = 2; await db.selectFrom('users').select('id').where('worker_id', '=', workerId).executeTakeFirst(); n++) {
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
