import { messages } from '@portal/contract/common';
import { terminalMessages } from '@portal/contract/terminal';
import { beforeAll, describe, expect, it } from 'vitest';
import { PIN_TERMINAL_DELAY_AFTER, PIN_WORKER_DELAY_AFTER, pinDelayMs } from '../src/modules/terminals/service';
import { enrolTerminal, pgUnavailable, type TestArco, terminalKey, useTestApp, type Worker } from './helper';

/** PIN guessing at the station terminals (docs/decisions/036-station-terminal.md): delays, never a lockout elsewhere. */

describe('the delay before a PIN is checked', () => {
  it('grows with the worker’s failures across terminals and the terminal’s failures across workers, up to the maximum', () => {
    expect(pinDelayMs(PIN_WORKER_DELAY_AFTER - 1, PIN_TERMINAL_DELAY_AFTER - 1, 3200)).toBe(0);
    expect(pinDelayMs(PIN_WORKER_DELAY_AFTER, 0, 3200)).toBe(100);
    expect(pinDelayMs(PIN_WORKER_DELAY_AFTER + 2, 0, 3200)).toBe(400);
    expect(pinDelayMs(0, PIN_TERMINAL_DELAY_AFTER, 3200)).toBe(100);
    expect(pinDelayMs(PIN_WORKER_DELAY_AFTER + 1, PIN_TERMINAL_DELAY_AFTER + 3, 3200)).toBe(800);
    expect(pinDelayMs(1000, 1000, 3200)).toBe(3200);
    expect(pinDelayMs(1000, 1000, 0)).toBe(0);
  });
});

describe.skipIf(pgUnavailable)('PIN guessing at the terminals', () => {
  // Short delays so the test needs no long waits; the default thresholds otherwise.
  const t = useTestApp({ LOGIN_DELAY_MAX_MS: '20', LOGIN_MAX_FAILURES: '10', TERMINAL_IDLE_MINUTES: '2' });
  let s1: TestArco;
  let victim: Worker;
  let t1: string;
  let t2: string;

  const signIn = (credential: string, body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/terminal/sign-in', headers: terminalKey(credential), payload: body as string });
  const counter = async (key: string) =>
    Number((await t.db.selectFrom('login_attempts').select('count').where('key', '=', key).executeTakeFirst())?.count ?? 0);

  beforeAll(async () => {
    s1 = await t.createArco('Arco PIN', 'Nave 1');
    victim = await t.createWorker(s1, 'Víctima PIN');
    expect((await t.send(victim.token, 'PUT', '/api/users/me/pin', { current_password: victim.password, pin: '8642' })).statusCode).toBe(
      204,
    );
    t1 = await enrolTerminal(t, s1.id);
    t2 = await enrolTerminal(t, s1.id);
  });

  it('slows a worker’s PIN across terminals, blocks only the guessing terminal for that worker, and the right PIN still works elsewhere', async () => {
    const terminalId = async (credential: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/terminal', headers: terminalKey(credential) })).json().terminal.id as number;
    const [id1, id2] = [await terminalId(t1), await terminalId(t2)];
    for (let i = 0; i < 10; i++) {
      const res = await signIn(t1, { worker_id: victim.worker_id, pin: String(1000 + i) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: terminalMessages.pinWrong });
    }
    // The worker's failures are counted across terminals (past PIN_WORKER_DELAY_AFTER: a delay), the terminal's too.
    expect(await counter(`terminal-pin-worker:${victim.worker_id}`)).toBe(10);
    expect(await counter(`terminal-pin-terminal:${id1}`)).toBe(10);
    expect(pinDelayMs(10, 10, 3000)).toBeGreaterThan(0);
    // The guessing terminal is blocked for this worker, even with the right PIN...
    const blocked = await signIn(t1, { worker_id: victim.worker_id, pin: '8642' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: messages.tooManyAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // ...and the right PIN from another terminal is accepted, clearing the worker's counter.
    const elsewhere = await signIn(t2, { worker_id: victim.worker_id, pin: '8642' });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(await counter(`terminal-pin-worker:${victim.worker_id}`)).toBe(0);
    expect(await counter(`terminal-pin-terminal:${id2}`)).toBe(0);
  });

  it('slows a terminal guessing many workers’ PINs, never refusing a worker’s right PIN there', async () => {
    const t3 = await enrolTerminal(t, s1.id);
    const id3 = (await t.app.inject({ method: 'GET', url: '/api/terminal', headers: terminalKey(t3) })).json().terminal.id as number;
    const workers = await Promise.all(Array.from({ length: 4 }, (_, i) => t.createWorker(s1, `Adivinado ${i}`)));
    for (const w of workers)
      expect((await t.send(w.token, 'PUT', '/api/users/me/pin', { current_password: w.password, pin: '1111' })).statusCode).toBe(204);
    // Six wrong PINs for each of four workers: 24 failures at the terminal, under every pair's block.
    for (const w of workers) {
      for (let i = 0; i < 6; i++) expect((await signIn(t3, { worker_id: w.worker_id, pin: String(2000 + i) })).statusCode).toBe(401);
    }
    expect(await counter(`terminal-pin-terminal:${id3}`)).toBe(24);
    expect(pinDelayMs(0, 24, 3000)).toBeGreaterThan(0);
    const right = await signIn(t3, { worker_id: workers[0].worker_id, pin: '1111' });
    expect(right.statusCode, right.body).toBe(200);
  });

  it('a terminal session lives TERMINAL_IDLE_MINUTES × 12', async () => {
    const res = await signIn(t2, { worker_id: victim.worker_id, pin: '8642' });
    const claims = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString('utf8'));
    expect(claims.exp - claims.iat).toBe(2 * 12 * 60);
    expect((await t.app.inject({ method: 'GET', url: '/api/terminal', headers: terminalKey(t2) })).json().idle_minutes).toBe(2);
  });

  it('limits enrolment attempts per address', async () => {
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/terminal/enrol',
        payload: { code: String(10_000_000 + i) },
        remoteAddress: '10.9.9.9',
      });
      last = res.statusCode;
      if (i < 10) expect(res.json()).toEqual({ message: terminalMessages.codeInvalid });
    }
    expect(last).toBe(429);
  });
});
