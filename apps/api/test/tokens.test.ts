import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@portal/contract/common';
import { terminalMessages } from '@portal/contract/terminal';
import { createSigner } from 'fast-jwt';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { createTokenService, resolveSecret } from '../src/lib/tokens';
import { bearer, buildTestApp, JWT_SECRET, pgUnavailable, useSeed, useTestApp } from './helper';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

describe.skipIf(pgUnavailable)('session tokens', () => {
  const t = useTestApp();
  const seed = useSeed(t, {
    arcos: { station: ['Arco Tokens', 'Nave 1'] },
    workers: { worker: ['station', 'Token Prueba'] },
  });

  /** A user route that only needs a valid session. */
  const call = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/users/me/profile',
      headers,
      payload: { name: seed.worker.name, worker_id: seed.worker.worker_id },
    });
  const expectInvalid = async (headers: Record<string, string>, message: string = messages.invalidToken) => {
    const res = await call(headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message });
  };

  it('accepts the token from login', async () => {
    expect((await call(bearer(seed.worker.token))).statusCode).toBe(200);
  });

  it('answers 401 without a token or with a header that is not a bearer token', async () => {
    await expectInvalid({}, messages.unauthenticated);
    await expectInvalid({ authorization: `Basic ${Buffer.from('a:b').toString('base64')}` });
    await expectInvalid({ authorization: 'Bearer' });
    await expectInvalid({ authorization: 'Bearer not-a-jwt' });
  });

  it('answers 401 to a tampered token', async () => {
    const [header, , signature] = seed.worker.token.split('.');
    const claims = claimsOf(seed.worker.token);
    await expectInvalid(bearer(`${header}.${b64({ ...claims, role: 'admin' })}.${signature}`));
    await expectInvalid(bearer(`${header}.${b64({ ...claims, id: claims.id + 1 })}.${signature}`));
    await expectInvalid(bearer(`${seed.worker.token.slice(0, -2)}xx`));
  });

  it('answers 401 to an expired token signed with the right secret', async () => {
    const claims = claimsOf(seed.worker.token);
    const now = Math.floor(Date.now() / 1000);
    const sign = createSigner({ key: JWT_SECRET, algorithm: 'HS256' });
    const expired = sign({ ...claims, iat: now - 13 * 3600, exp: now - 3600 });
    await expectInvalid(bearer(expired));
    // The same claims with a future exp pass, so it is the expiry that was refused.
    expect((await call(bearer(sign({ ...claims, iat: now, exp: now + 3600 })))).statusCode).toBe(200);
  });

  it('answers 401 to a token signed with another secret', async () => {
    const other = createTokenService('another-secret-another-secret-0123456789', 12);
    const claims = claimsOf(seed.worker.token);
    await expectInvalid(bearer(other.sign({ ...claims, token_version: claims.tv })));
  });

  it("answers 401 to an unsigned token (alg 'none')", async () => {
    const claims = claimsOf(seed.worker.token);
    await expectInvalid(bearer(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`));
    await expectInvalid(bearer(`${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, role: 'admin' })}.`));
  });

  it('answers 401 to a token of a deleted user and 403 at once to a demoted admin', async () => {
    const gone = await t.createWorker(seed.station);
    const del = await t.send(seed.admin, 'DELETE', `/api/admin/users/${gone.id}`);
    expect(del.statusCode).toBe(200);
    const res = await t.send(gone.token, 'PUT', '/api/users/me/profile', { name: 'Nadie', worker_id: 'nadie1' });
    expect(res.statusCode).toBe(401);

    const promoted = await t.createWorker(seed.station);
    const setRole = (role: 'admin' | 'user') => t.send(seed.admin, 'PUT', `/api/admin/users/${promoted.id}/role`, { role });
    expect((await setRole('admin')).statusCode).toBe(200);
    const before = await t.send(promoted.token, 'GET', '/api/admin/users');
    expect(before.statusCode).toBe(200);
    expect((await setRole('user')).statusCode).toBe(200);
    // Same token, claims still say nothing new: the role is read from the database on each request.
    const after = await t.send(promoted.token, 'GET', '/api/admin/users');
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ message: messages.adminOnly });
  });

  it('a token whose role claim says admin does not open admin routes to a user', async () => {
    const claims = claimsOf(seed.worker.token);
    const forged = createTokenService(JWT_SECRET, 12).sign({ ...claims, role: 'admin', token_version: claims.tv });
    const res = await t.send(forged, 'GET', '/api/admin/users');
    expect(res.statusCode).toBe(403);
  });

  describe('authorization of every route', () => {
    const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');

    it('declares a policy on every /api route, including the foundation admin routes', () => {
      const table = t.app.routeTable.map((r) => `${r.method} ${r.url} ${r.policy}`);
      for (const expected of [
        'POST /api/auth/register public',
        'POST /api/auth/login public',
        'POST /api/admin/login public',
        'GET /api/naves public',
        'GET /api/arcos-sumergidos public',
        'PUT /api/users/me/profile user',
        'PUT /api/users/me/password user',
        'GET /api/admin/users admin',
        'PUT /api/admin/users/:id/role admin',
        'PUT /api/admin/users/:id/password admin',
        'PUT /api/admin/users/:id/profile admin',
        'DELETE /api/admin/users/:id admin',
        'GET /api/admin/arcos-sumergidos admin',
        'POST /api/admin/arcos-sumergidos admin',
        'PUT /api/admin/arcos-sumergidos/:id admin',
        'DELETE /api/admin/arcos-sumergidos/:id admin',
        'GET /api/admin/naves admin',
        'POST /api/admin/naves admin',
        'PUT /api/admin/naves/:id admin',
        'DELETE /api/admin/naves/:id admin',
      ]) {
        expect(table).toContain(expected);
      }
      // Every other route under /api/admin and /api/dashboard is admin-only too.
      for (const r of t.app.routeTable) {
        if ((r.url.startsWith('/api/admin/') && r.url !== '/api/admin/login') || r.url.startsWith('/api/dashboard')) {
          expect(r.policy, `${r.method} ${r.url}`).toBe('admin');
        }
      }
    });

    it('answers 403 to a user calling any admin route, and changes nothing', async () => {
      const adminRoutes = t.app.routeTable.filter((r) => r.policy === 'admin');
      expect(adminRoutes.length).toBeGreaterThanOrEqual(13);
      const usersBefore = await t.db.selectFrom('users').select(['id', 'role', 'name']).orderBy('id').execute();
      for (const r of adminRoutes) {
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: concrete(r.url),
          headers: bearer(seed.worker.token),
          payload:
            r.method === 'GET' || r.method === 'DELETE'
              ? undefined
              : { role: 'admin', password: 'secreto123', name: 'X Y', nave: 'Nave 1' },
        });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
        expect(res.json(), `${r.method} ${r.url}`).toEqual({ message: messages.adminOnly });
      }
      expect(await t.db.selectFrom('users').select(['id', 'role', 'name']).orderBy('id').execute()).toEqual(usersBefore);
    });

    it('answers 401 to anyone without a token on every user and admin route (and without a credential on the terminal routes)', async () => {
      for (const r of t.app.routeTable.filter((route) => route.policy !== 'public')) {
        const res = await t.app.inject({ method: r.method as 'GET', url: concrete(r.url) });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
        expect(res.json()).toEqual({ message: r.policy === 'terminal' ? terminalMessages.credentialMissing : messages.unauthenticated });
      }
    });
  });
});

describe.skipIf(pgUnavailable)('token lifetime and secret', () => {
  it('uses TOKEN_TTL_HOURS for the lifetime', async () => {
    const t = await buildTestApp({ TOKEN_TTL_HOURS: '2' });
    try {
      const claims = claimsOf(await t.adminToken());
      expect(claims.exp - claims.iat).toBe(2 * 3600);
    } finally {
      await t.close();
    }
  });

  it('generates a secret once in the data directory when JWT_SECRET is unset, and reuses it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-secret-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      const file = path.join(dataDir, 'jwt-secret');
      expect(existsSync(file)).toBe(false);
      const first = resolveSecret(config);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(readFileSync(file, 'utf8').trim()).toBe(first);
      expect(statSync(file).mode & 0o077).toBe(0);
      expect(resolveSecret(config)).toBe(first);
      // A token signed before a restart is still valid after it.
      const before = createTokenService(first, 12).sign({
        id: 1,
        name: 'A',
        worker_id: 'abc',
        role: 'user',
        nave: null,
        arco_sumergido_id: null,
        arco_sumergido_name: null,
        token_version: 0,
      });
      expect(createTokenService(resolveSecret(loadConfig({ DATA_DIR: dataDir })), 12).verify(before)).toMatchObject({ id: 1 });
      // JWT_SECRET wins over the file.
      expect(resolveSecret(loadConfig({ DATA_DIR: dataDir, JWT_SECRET }))).toBe(JWT_SECRET);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('verified-token memory of the token service', () => {
  const input = {
    id: 7,
    name: 'Memoria',
    worker_id: 'mem7',
    role: 'user' as const,
    nave: null,
    arco_sumergido_id: null,
    arco_sumergido_name: null,
    token_version: 0,
  };

  it('still refuses a remembered token once it expires, and any text one character apart', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const service = createTokenService(JWT_SECRET, 1);
      const token = service.sign(input);
      expect(service.verify(token)).toMatchObject({ id: 7 });
      expect(service.verify(token)).toMatchObject({ id: 7 });
      // The signature's first character (all six of its bits count) changed.
      const sig = token.lastIndexOf('.') + 1;
      const other = token[sig] === 'A' ? 'B' : 'A';
      expect(service.verify(`${token.slice(0, sig)}${other}${token.slice(sig + 1)}`)).toBeNull();
      expect(service.verify(`${token} `)).toBeNull();
      vi.setSystemTime(Date.now() + 3_600_000 + 1_000);
      expect(service.verify(token)).toBeNull();
      // Not remembered as valid either.
      expect(service.verify(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
