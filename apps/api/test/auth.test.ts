import { authMessages } from '@portal/contract/auth';
import { messages } from '@portal/contract/common';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  bearer,
  expectBadRequests,
  fakeClock,
  pgUnavailable,
  type TestApp,
  type TestArco,
  uniqueWorkerId,
  useTestApp,
} from './helper';

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

describe.skipIf(pgUnavailable)('auth: register, login, admin login', () => {
  const t = useTestApp();
  let nave1: TestArco;
  let nave2: TestArco;

  beforeAll(async () => {
    nave1 = await t.createArco('Arco Norte', 'Nave 1');
    nave2 = await t.createArco('Arco Sur', 'Nave 2');
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const register = (payload: unknown) => post('/api/auth/register', payload);
  const login = (payload: unknown) => post('/api/auth/login', payload);

  describe('POST /api/auth/register', () => {
    it('creates a user (201) with message and public user, never the password', async () => {
      const worker_id = uniqueWorkerId('r');
      const res = await register({ worker_id, name: 'Ana Pérez', password: 'secreto1', role: 'user' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        message: authMessages.registered,
        user: { id: expect.any(Number), worker_id, name: 'Ana Pérez', role: 'user' },
      });
      const row = await t.db
        .selectFrom('users')
        .select(['password_hash', 'role'])
        .where('worker_id', '=', worker_id)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain('secreto1');
    });

    it("ignores role 'admin' sent by the client", async () => {
      const worker_id = uniqueWorkerId('r');
      const res = await register({ worker_id, name: 'Intruso', password: 'secreto1', role: 'admin' });
      expect(res.statusCode).toBe(201);
      expect(res.json().user.role).toBe('user');
      const admin = await post('/api/admin/login', { worker_id, password: 'secreto1' });
      expect(admin.statusCode).toBe(403);
    });

    it('checks worker ID, then name, then password, one message at a time', async () => {
      const cases: [unknown, string][] = [
        [{}, authMessages.workerIdMin],
        [{ name: 'Ana', password: 'secreto1' }, authMessages.workerIdMin],
        [{ worker_id: 'ab', name: 'A', password: '1' }, authMessages.workerIdMin],
        [{ worker_id: '  ab  ', name: 'Ana', password: 'secreto1' }, authMessages.workerIdMin],
        [{ worker_id: 123, name: 'Ana', password: 'secreto1' }, authMessages.workerIdMin],
        [{ worker_id: 'abc', name: 'A', password: '1' }, authMessages.nameMin],
        [{ worker_id: 'abc', password: 'secreto1' }, authMessages.nameMin],
        [{ worker_id: 'abc', name: 'Ana', password: '12345' }, authMessages.passwordMin],
        [{ worker_id: 'abc', name: 'Ana' }, authMessages.passwordMin],
        [{ worker_id: 'abc', name: 'Ana', password: 123456 }, authMessages.passwordMin],
      ];
      await expectBadRequests(register, cases);
    });

    it('answers 409 for a worker_id already registered', async () => {
      const worker_id = uniqueWorkerId('r');
      expect((await register({ worker_id, name: 'Uno', password: 'secreto1' })).statusCode).toBe(201);
      const res = await register({ worker_id, name: 'Dos', password: 'secreto2' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'ID de Trabajador ya registrado. Por favor, usa uno diferente.' });
    });

    it('answers 400 to malformed JSON, a non-object or missing body, 415 to an unknown content type, 413 to a huge body', async () => {
      /** A body sent as it is, under the given content type. */
      const raw = (contentType: string, payload: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': contentType }, payload });
      const bad = await raw('application/json', '{"worker_id": "abc",');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: messages.malformedJson });
      const array = await raw('application/json', '[1,2]');
      expect(array.statusCode).toBe(400);
      expect(array.json().message).toMatch(/^Entrada inválida/);
      const empty = await t.app.inject({ method: 'POST', url: '/api/auth/register' });
      expect(empty.statusCode).toBe(400);
      const text = await raw('text/plain', 'worker_id=abc');
      expect(text.statusCode).toBe(400);
      expect(text.json().message).toMatch(/^Entrada inválida/);
      const xml = await raw('application/xml', '<worker_id>abc</worker_id>');
      expect(xml.statusCode).toBe(415);
      expect(xml.json()).toEqual({ message: messages.unsupportedMedia });
      const huge = await register({ worker_id: 'abc', name: 'Ana', password: 'x'.repeat(1_100_000) });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ message: messages.bodyTooLarge });
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in at a station and answers a token with every claim and a 12 hour lifetime', async () => {
      const w = await t.createWorker(nave1, 'Luis Gómez');
      const res = await login({ worker_id: w.worker_id, password: w.password, nave: 'Nave 1', arco_sumergido_id: nave1.id });
      expect(res.statusCode).toBe(200);
      const { accessToken } = res.json();
      const claims = claimsOf(accessToken);
      expect(claims).toMatchObject({
        id: w.id,
        name: 'Luis Gómez',
        worker_id: w.worker_id,
        role: 'user',
        nave: 'Nave 1',
        arco_sumergido_id: nave1.id,
        arco_sumergido_name: 'Arco Norte',
      });
      expect(claims.exp - claims.iat).toBe(12 * 3600);
      expect(JSON.parse(Buffer.from(accessToken.split('.')[0], 'base64url').toString()).alg).toBe('HS256');
    });

    it('accepts the station id as a string, as a form select sends it', async () => {
      const w = await t.createWorker(nave1);
      const res = await login({ worker_id: w.worker_id, password: w.password, nave: 'Nave 1', arco_sumergido_id: String(nave1.id) });
      expect(res.statusCode).toBe(200);
    });

    it('answers the same 401 for a wrong password and an unknown worker', async () => {
      const w = await t.createWorker(nave1);
      const wrong = await login({ worker_id: w.worker_id, password: 'no-es-esta', nave: 'Nave 1', arco_sumergido_id: nave1.id });
      const unknown = await login({ worker_id: uniqueWorkerId('x'), password: w.password, nave: 'Nave 1', arco_sumergido_id: nave1.id });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'Credenciales inválidas.' });
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('checks worker ID, then password, then site and station', async () => {
      const cases: [unknown, string][] = [
        [{}, authMessages.workerIdMin],
        [{ worker_id: 'ab', password: '1' }, authMessages.workerIdMin],
        [{ worker_id: 'abc', password: '1' }, authMessages.passwordMin],
        [{ worker_id: 'abc', password: '12345', nave: 'Nave 1', arco_sumergido_id: 1 }, authMessages.passwordMin],
        [{ worker_id: 'abc', password: '123456' }, authMessages.naveAndArco],
        [{ worker_id: 'abc', password: '123456', nave: '', arco_sumergido_id: 1 }, authMessages.naveAndArco],
        [{ worker_id: 'abc', password: '123456', nave: 'Nave 1' }, authMessages.naveAndArco],
        [{ worker_id: 'abc', password: '123456', nave: 'Nave 1', arco_sumergido_id: '' }, authMessages.naveAndArco],
        [{ worker_id: 'abc', password: '123456', arco_sumergido_id: 1 }, authMessages.naveAndArco],
      ];
      await expectBadRequests(login, cases);
    });

    it('answers 400 for a station of another nave, or one that does not exist', async () => {
      const w = await t.createWorker(nave1);
      for (const payload of [
        { nave: 'Nave 1', arco_sumergido_id: nave2.id },
        { nave: 'Nave 2', arco_sumergido_id: nave1.id },
        { nave: 'Nave 1', arco_sumergido_id: 987654 },
        { nave: 'Nave 9', arco_sumergido_id: nave1.id },
      ]) {
        const res = await login({ worker_id: w.worker_id, password: w.password, ...payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toEqual({ message: authMessages.arcoNotInNave });
      }
      for (const arco_sumergido_id of ['abc', -1, 0, 1.5]) {
        const res = await login({ worker_id: w.worker_id, password: w.password, nave: 'Nave 1', arco_sumergido_id });
        expect(res.statusCode, String(arco_sumergido_id)).toBe(400);
      }
    });

    it("stores the chosen nave as the user's nave", async () => {
      const w = await t.createWorker(nave1);
      const res = await login({ worker_id: w.worker_id, password: w.password, nave: 'Nave 2', arco_sumergido_id: nave2.id });
      expect(res.statusCode).toBe(200);
      expect(claimsOf(res.json().accessToken)).toMatchObject({
        nave: 'Nave 2',
        arco_sumergido_id: nave2.id,
        arco_sumergido_name: 'Arco Sur',
      });
      const list = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(await t.adminToken()) });
      expect(list.json().find((u: { id: number }) => u.id === w.id).nave).toBe('Nave 2');
    });
  });

  describe('POST /api/admin/login', () => {
    it('signs an admin in with a token of role admin and no station', async () => {
      const res = await post('/api/admin/login', ADMIN);
      expect(res.statusCode).toBe(200);
      expect(claimsOf(res.json().accessToken)).toMatchObject({
        worker_id: ADMIN.worker_id,
        role: 'admin',
        arco_sumergido_id: null,
        arco_sumergido_name: null,
      });
    });

    it('requires worker ID and password', async () => {
      for (const payload of [
        {},
        { worker_id: 'admin' },
        { password: 'x' },
        { worker_id: ' ', password: 'x' },
        { worker_id: 'admin', password: '' },
      ]) {
        const res = await post('/api/admin/login', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toEqual({ message: authMessages.adminLoginRequired });
      }
    });

    it('answers 401 to bad credentials and 403 to a valid non-admin account', async () => {
      const wrong = await post('/api/admin/login', { worker_id: ADMIN.worker_id, password: 'incorrecta' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: authMessages.invalidCredentials });
      const w = await t.createWorker(nave1);
      const res = await post('/api/admin/login', { worker_id: w.worker_id, password: w.password });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Acceso denegado. No tienes permisos de administrador.' });
    });
  });
});

describe.skipIf(pgUnavailable)('auth: attempt limits', () => {
  // Shorter than the default 15 minutes only so the numbers read easily: the clock is a fake one.
  const WINDOW_MINUTES = 1;
  const t = useTestApp({ RATE_LIMIT_WINDOW_MINUTES: String(WINDOW_MINUTES) });
  let station: TestArco;

  beforeAll(async () => {
    station = await t.createArco('Arco Límite', 'Nave 1');
  });

  const loginAs = (worker_id: string, password: string) => t.login(station, worker_id, password);

  it('blocks a worker_id after 10 failures with 429 and Retry-After, lets another worker in, and reopens after the window', async () => {
    const { travel } = fakeClock();
    const [victim, other] = await Promise.all([register(t, 'victima'), register(t, 'otro')]);
    for (let i = 0; i < 10; i++) {
      const res = await loginAs(victim, 'incorrecta');
      expect(res.statusCode).toBe(401);
    }
    const blocked = await loginAs(victim, 'secreto123');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Demasiados intentos. Inténtalo de nuevo más tarde.' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(WINDOW_MINUTES * 60));
    // The admin door shares the limit of that worker_id.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { worker_id: victim, password: 'secreto123' } })).statusCode,
    ).toBe(429);

    expect((await loginAs(other, 'secreto123')).statusCode).toBe(200);

    travel(retryAfter * 1000);
    expect((await loginAs(victim, 'secreto123')).statusCode).toBe(200);
  });

  it('a successful login clears the failures of that worker_id', async () => {
    const worker = await register(t, 'limpio');
    for (let i = 0; i < 9; i++) expect((await loginAs(worker, 'incorrecta')).statusCode).toBe(401);
    expect((await loginAs(worker, 'secreto123')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await loginAs(worker, 'incorrecta')).statusCode).toBe(401);
    expect((await loginAs(worker, 'secreto123')).statusCode).toBe(200);
  });

  async function register(app: TestApp, prefix: string): Promise<string> {
    const worker_id = uniqueWorkerId(prefix);
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { worker_id, name: 'Limite', password: 'secreto123' },
    });
    expect(res.statusCode).toBe(201);
    return worker_id;
  }
});

describe.skipIf(pgUnavailable)('auth: registrations per client address', () => {
  const t = useTestApp({ REGISTER_MAX_PER_IP: '3' });

  it('answers 429 with Retry-After once an address has registered the allowed number of times', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { worker_id: uniqueWorkerId('lim'), name: 'Limite', password: 'secreto123' },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toEqual({ message: messages.tooManyAttempts });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
