import { messages } from '@portal/contract/common';
import { userMessages } from '@portal/contract/users';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { failureDelayMs } from '../../src/modules/attempts/service';
import { ADMIN, fakeClock, pgUnavailable, type TestArco, uniqueWorkerId, useTestApp } from '../helper';

/**
 * Login abuse beyond apps/api/test/auth.test.ts (which covers the basic block, another worker and a
 * short window): the real 15-minute window driven by a fake clock, failures at both doors sharing
 * one counter, unknown accounts treated alike, and a burst of parallel guesses that must not get
 * more than 10 tries in.
 */
const MINUTE = 60_000;

/** A 429 with the Spanish message and a Retry-After of whole seconds, at most `maxSeconds`; answers it. */
function expectBlocked(res: LightMyRequestResponse, maxSeconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ message: messages.tooManyAttempts });
  const header = String(res.headers['retry-after']);
  expect(header).toMatch(/^\d+$/);
  expect(Number(header)).toBeGreaterThanOrEqual(1);
  expect(Number(header)).toBeLessThanOrEqual(maxSeconds);
  return Number(header);
}

describe.skipIf(pgUnavailable)('login abuse', () => {
  const t = useTestApp();
  let station: TestArco;

  beforeAll(async () => {
    station = await t.createArco('Arco Abuso', 'Nave 1');
  });

  const register = (prefix: string) => t.registerWorker(prefix, 'Abuso');
  const login = (worker_id: string, password: string) => t.login(station, worker_id, password);
  const adminLogin = (worker_id: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { worker_id, password } });

  it('blocks for the 15 minutes that follow the first failure, then the right password works again', async () => {
    const { travel } = fakeClock();
    const victim = await register('reloj');
    for (let i = 0; i < 10; i++) {
      expect((await login(victim, 'incorrecta')).statusCode).toBe(401);
      travel(MINUTE);
    }
    // Ten failures over ten minutes: blocked for what is left of the 15, with the right password too.
    const retry = expectBlocked(await login(victim, 'secreto123'), 15 * 60);
    expect(retry).toBeGreaterThan(4 * 60);
    expect(retry).toBeLessThanOrEqual(5 * 60);
    travel(retry * 1000 - 5_000);
    expectBlocked(await login(victim, 'secreto123'), 5);
    travel(6_000);
    expect((await login(victim, 'secreto123')).statusCode).toBe(200);
  });

  it('failures further apart than the window do not add up', async () => {
    const { travel } = fakeClock();
    const worker = await register('espaciado');
    for (let i = 0; i < 9; i++) expect((await login(worker, 'incorrecta')).statusCode).toBe(401);
    travel(16 * MINUTE);
    for (let i = 0; i < 9; i++) expect((await login(worker, 'incorrecta')).statusCode).toBe(401);
    expect((await login(worker, 'secreto123')).statusCode).toBe(200);
  });

  it('failures at the admin door and the worker door share one counter, in both directions', async () => {
    const worker = await register('puertas');
    for (let i = 0; i < 5; i++) {
      expect((await adminLogin(worker, 'incorrecta')).statusCode).toBe(401);
      expect((await login(worker, 'incorrecta')).statusCode).toBe(401);
    }
    expectBlocked(await login(worker, 'secreto123'), 15 * 60);
    expectBlocked(await adminLogin(worker, 'secreto123'), 15 * 60);
  });

  it('an unknown worker_id is counted and blocked like a real one (no hint which exists)', async () => {
    const ghost = uniqueWorkerId('fantasma');
    const real = await register('real');
    for (let i = 0; i < 10; i++) {
      const [a, b] = [await login(ghost, 'incorrecta'), await login(real, 'incorrecta')];
      expect([a.statusCode, a.json()]).toEqual([b.statusCode, b.json()]);
    }
    const [a, b] = [await login(ghost, 'secreto123'), await login(real, 'secreto123')];
    expect(a.statusCode).toBe(429);
    expect(b.statusCode).toBe(429);
    expect(a.json()).toEqual(b.json());
  });

  it('the same worker_id written with spaces around is the same counter', async () => {
    const worker = await register('espacios');
    for (let i = 0; i < 10; i++) expect((await login(i % 2 ? ` ${worker}` : `${worker}  `, 'incorrecta')).statusCode).toBe(401);
    expectBlocked(await login(`\t${worker} `, 'secreto123'), 15 * 60);
  });

  it('a burst of parallel guesses gets at most 10 password checks; the rest are 429', async () => {
    const victim = await register('rafaga');
    const other = await register('vecino');
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => login(victim, `incorrecta-${i}`)));
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
    for (const r of burst.filter((x) => x.statusCode === 429)) expect(String(r.headers['retry-after'])).toMatch(/^\d+$/);
    expectBlocked(await login(victim, 'secreto123'), 15 * 60);
    // A parallel burst against one account leaves the others alone.
    expect((await login(other, 'secreto123')).statusCode).toBe(200);
  });

  it('a stolen session cannot guess the current password in a parallel burst either', async () => {
    const worker = await register('sesion');
    const login200 = await login(worker, 'secreto123');
    const headers = { authorization: `Bearer ${login200.json().accessToken}` };
    const change = (currentPassword: string) =>
      t.app.inject({ method: 'PUT', url: '/api/users/me/password', headers, payload: { currentPassword, newPassword: 'robada-123' } });
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => change(`incorrecta-${i}`)));
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 400 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(10);
    expectBlocked(await change('secreto123'), 15 * 60);
    // The password did not change: the old one still signs in.
    expect((await login(worker, 'secreto123')).statusCode).toBe(200);
  });

  it('a burst that guesses the right password inside the first ten still signs in, and the counter is cleared', async () => {
    const worker = await register('acierto');
    const burst = await Promise.all([
      ...Array.from({ length: 5 }, () => login(worker, 'incorrecta')),
      login(worker, 'secreto123'),
      ...Array.from({ length: 3 }, () => login(worker, 'incorrecta')),
    ]);
    expect(burst[5].statusCode).toBe(200);
    expect((await login(worker, 'secreto123')).statusCode).toBe(200);
  });
});

describe('login delay', () => {
  it('is none below the threshold, then doubles from a 32nd of the maximum up to the maximum', () => {
    expect(failureDelayMs(49, 50, 3200)).toBe(0);
    expect([50, 51, 52, 53, 54, 55, 56, 500].map((n) => failureDelayMs(n, 50, 3200))).toEqual([100, 200, 400, 800, 1600, 3200, 3200, 3200]);
    expect(failureDelayMs(500, 50, 0)).toBe(0);
  });
});

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

  it('50 wrong admin passwords from 50 addresses, then the right one from a new address: 200, at both doors', async () => {
    for (const door of ['admin', 'worker'] as const) {
      for (let i = 1; i <= 50; i++) {
        const address = `127.0.${door === 'admin' ? 1 : 2}.${i}`;
        const res =
          door === 'admin' ? await adminLogin('incorrecta', address) : await t.login(station, ADMIN.worker_id, 'incorrecta', address);
        expect(res.statusCode).toBe(401);
      }
      const ok =
        door === 'admin'
          ? await adminLogin(ADMIN.password, '127.0.3.1')
          : await t.login(station, ADMIN.worker_id, ADMIN.password, '127.0.3.2');
      expect(ok.statusCode).toBe(200);
    }
  });

  it('215 wrong worker IDs from one address, then a real worker behind it: 200', async () => {
    const worker = await t.registerWorker('turno', 'Turno');
    for (let i = 0; i < 215; i++) {
      expect((await t.login(station, uniqueWorkerId('azar'), 'incorrecta', '10.9.9.9')).statusCode).toBe(401);
    }
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
