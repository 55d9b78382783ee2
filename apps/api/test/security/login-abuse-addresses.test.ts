import { userMessages } from '@portal/contract/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, pgUnavailable, type TestArco, uniqueWorkerId, useTestApp } from '../helper';
import { expectBlocked } from './expect-blocked';

/**
 * Login limits across client addresses (docs/decisions/014-login-limits-that-never-lock-out.md): one
 * account's failures counted over many addresses, an address slowed without refusing anyone behind
 * it, and nobody able to lock another person out. The rules of one account are login-abuse.test.ts.
 */

/** The limit of a test made of a few hundred argon2 checks (Vitest's default here is 30 s). */
const CPU_BOUND_MS = 180_000;

/**
 * Runs `count` independent requests (each its own worker_id or address) `size` at a time, in order
 * of their index: the password checks run on argon2's threads side by side instead of one by one.
 */
async function inBatches(count: number, size: number, step: (i: number) => Promise<void>) {
  for (let first = 0; first < count; first += size) {
    await Promise.all(Array.from({ length: Math.min(size, count - first) }, (_, k) => step(first + k)));
  }
}

describe.skipIf(pgUnavailable)('login abuse spread over many addresses', () => {
  // A low account threshold so the test stays short (the default is 50), and short delays.
  const t = useTestApp({ LOGIN_ACCOUNT_MAX_FAILURES: '15', LOGIN_DELAY_MAX_MS: '20' });
  let station: TestArco;

  beforeAll(async () => {
    station = await t.createArco('Arco Distribuido', 'Nave 1');
  });

  const login = (worker_id: string, password: string, remoteAddress: string) => t.login(station, worker_id, password, remoteAddress);
  const accountFailures = async (worker_id: string) =>
    (await t.db.selectFrom('login_attempts').select('count').where('key', '=', `login-account:${worker_id}`).executeTakeFirst())?.count ??
    0;

  it('counts the failures of one account across addresses, slows them, and still lets the right password in', async () => {
    const victim = await t.registerWorker('victim', 'Cuenta');
    const bystander = await t.registerWorker('bystander', 'Cuenta');
    // Five addresses, four wrong guesses each: past the account threshold of 15, each still a 401.
    for (let i = 0; i < 5; i++) {
      for (let j = 0; j < 4; j++) expect((await login(victim, 'incorrecta', `10.0.0.${i + 1}`)).statusCode).toBe(401);
    }
    expect(Number(await accountFailures(victim))).toBe(20);
    expect((await login(victim, 'secreto123', '10.0.0.99')).statusCode).toBe(200);
    expect(Number(await accountFailures(victim))).toBe(0);
    expect((await login(bystander, 'secreto123', '10.0.0.1')).statusCode).toBe(200);
  });
});

describe.skipIf(pgUnavailable)('login failures per client address', () => {
  // Low so the test stays short; the default (LOGIN_IP_MAX_FAILURES) is 200.
  const IP_MAX = 5;
  const t = useTestApp({ LOGIN_IP_MAX_FAILURES: String(IP_MAX), LOGIN_DELAY_MAX_MS: '20' });

  it('slows an address after its failures over different worker IDs, without refusing anyone behind it', async () => {
    const station = await t.createArco('Arco Direcciones', 'Nave 1');
    const login = (worker_id: string, password: string, remoteAddress: string) => t.login(station, worker_id, password, remoteAddress);
    const worker = await t.registerWorker('direccion', 'Cuenta');
    // One wrong guess per worker_id, far under the limit of each (address, worker_id).
    for (let i = 0; i < 3 * IP_MAX; i++) {
      expect((await login(uniqueWorkerId('adivina'), 'incorrecta', '10.0.1.1')).statusCode).toBe(401);
    }
    // A worker behind the same address (a shift shares one NAT address) still signs in.
    expect((await login(worker, 'secreto123', '10.0.1.1')).statusCode).toBe(200);
    expect((await login(uniqueWorkerId('otro'), 'incorrecta', '10.0.1.1')).statusCode).toBe(401);
    expect((await login(worker, 'secreto123', '10.0.1.2')).statusCode).toBe(200);
  });
});

describe.skipIf(pgUnavailable)('nobody can lock another person out', () => {
  // The default thresholds; delays kept short so the test needs no long waits.
  const t = useTestApp({ LOGIN_IP_MAX_FAILURES: '200', LOGIN_DELAY_MAX_MS: '20' });
  let station: TestArco;

  beforeAll(async () => {
    station = await t.createArco('Arco Cerrojo', 'Nave 1');
  });

  const adminLogin = (password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress, payload: { worker_id: ADMIN.worker_id, password } });

  // Each wrong guess is a real argon2 check, CPU-bound: a busy machine stretches these two tests, so
  // their limit (CPU_BOUND_MS) is a safety net sized to the work, not a budget the test measures.
  it('50 wrong admin passwords from 50 addresses, then the right one from a new address: 200, at both doors', {
    timeout: CPU_BOUND_MS,
  }, async () => {
    for (const door of ['admin', 'worker'] as const) {
      await inBatches(50, 5, async (i) => {
        const address = `127.0.${door === 'admin' ? 1 : 2}.${i + 1}`;
        const res =
          door === 'admin' ? await adminLogin('incorrecta', address) : await t.login(station, ADMIN.worker_id, 'incorrecta', address);
        expect(res.statusCode).toBe(401);
      });
      const ok =
        door === 'admin'
          ? await adminLogin(ADMIN.password, '127.0.3.1')
          : await t.login(station, ADMIN.worker_id, ADMIN.password, '127.0.3.2');
      expect(ok.statusCode).toBe(200);
    }
  });

  it('215 wrong worker IDs from one address, then a real worker behind it: 200', { timeout: CPU_BOUND_MS }, async () => {
    const worker = await t.registerWorker('turno', 'Turno');
    await inBatches(215, 5, async () => {
      expect((await t.login(station, uniqueWorkerId('azar'), 'incorrecta', '10.9.9.9')).statusCode).toBe(401);
    });
    expect((await t.login(station, worker, 'secreto123', '10.9.9.9')).statusCode).toBe(200);
  });

  it("an admin clears an account's counters: a worker blocked at one address signs in from it at once", async () => {
    const worker = await t.registerWorker('desbloqueo', 'Bloqueado');
    const other = await t.registerWorker('ajeno', 'Ajeno');
    for (let i = 0; i < 10; i++) {
      expect((await t.login(station, worker, 'incorrecta', '10.4.4.4')).statusCode).toBe(401);
      expect((await t.login(station, other, 'incorrecta', '10.4.4.4')).statusCode).toBe(401);
    }
    expectBlocked(await t.login(station, worker, 'secreto123', '10.4.4.4'), 15 * 60);
    const token = await t.adminToken();
    const id = (await t.db.selectFrom('users').select('id').where('worker_id', '=', worker).executeTakeFirstOrThrow()).id;
    const res = await t.send(token, 'POST', `/api/admin/users/${id}/unlock`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: userMessages.loginAttemptsCleared });
    expect((await t.login(station, worker, 'secreto123', '10.4.4.4')).statusCode).toBe(200);
    // Another account's counters stay as they were.
    expectBlocked(await t.login(station, other, 'secreto123', '10.4.4.4'), 15 * 60);
    const missing = await t.send(token, 'POST', '/api/admin/users/999999/unlock');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: userMessages.userNotFound });
  });
});
