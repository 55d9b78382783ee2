import { beforeAll, describe, expect, it } from 'vitest';
import { failureDelayMs } from '../../src/modules/attempts/service';
import { fakeClock, pgUnavailable, type TestArco, uniqueWorkerId, useTestApp } from '../helper';
import { expectBlocked } from './expect-blocked';

/**
 * Login abuse beyond apps/api/test/auth.test.ts (which covers the basic block, another worker and a
 * short window): the real 15-minute window driven by a fake clock, failures at both doors sharing
 * one counter, unknown accounts treated alike, and a burst of parallel guesses that must not get
 * more than 10 tries in. The limits across addresses are login-abuse-addresses.test.ts, a file of
 * their own so that the two run side by side (this one fakes Date, which is the whole process's).
 */
const MINUTE = 60_000;

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
