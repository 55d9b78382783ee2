import { createHmac, randomBytes } from 'node:crypto';
import { messages } from '@portal/contract/common';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { JWT_SECRET, pgUnavailable, useSeed, useTestApp } from '../helper';

/**
 * 1,000 hostile session tokens (seeded fast-check, so a failure replays): changed bytes in each part,
 * truncation, alg none, other algorithms, another secret, expired and not-yet-valid tokens, claims
 * changed without re-signing, missing or mistyped claims, tokens of deleted accounts or of an old
 * password, and malformed Authorization headers. Each goes to a user route and an admin route and
 * must get 401 with a Spanish JSON message: never 200, 403 or 500.
 */
const RUNS = 1000;
const SEED = 20261121;

type Claims = Record<string, unknown>;
const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string): Claims => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
const HASH = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' } as const;

/** A token built by hand, so that headers and claims the signer would refuse can be made. */
function craft(header: Claims, claims: Claims, secret: string = JWT_SECRET, hash: string = 'sha256'): string {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac(hash, secret).update(input).digest('base64url')}`;
}

interface Sample {
  kind: string;
  /** The full Authorization header value, or null for none. */
  header: string | null;
}

interface Bases {
  worker: string;
  admin: string;
  deleted: string;
  oldPassword: string;
}

function arbitraries(bases: Bases): fc.Arbitrary<Sample> {
  const base = fc.constantFrom(bases.worker, bases.admin);
  const now = () => Math.floor(Date.now() / 1000);
  const signedClaims = (token: string, change: (c: Claims) => Claims) => craft({ alg: 'HS256', typ: 'JWT' }, change(claimsOf(token)));
  const asBearer = (kind: string) => (token: string) => ({ kind, header: `Bearer ${token}` });

  const flipByte = fc
    .tuple(base, fc.integer({ min: 0, max: 2 }), fc.nat(), fc.integer({ min: 1, max: 255 }))
    .map(([token, part, at, mask]) => {
      const parts = token.split('.');
      const bytes = Buffer.from(parts[part], 'base64url');
      bytes[at % bytes.length] ^= mask;
      parts[part] = bytes.toString('base64url');
      return { kind: `flip-byte-${['header', 'payload', 'signature'][part]}`, header: `Bearer ${parts.join('.')}` };
    });
  const truncate = fc.tuple(base, fc.nat()).map(([token, n]) => asBearer('truncated')(token.slice(0, n % token.length)));
  const junk = fc
    .tuple(base, fc.nat(), fc.string({ minLength: 1, maxLength: 4, unit: fc.constantFrom(...'AZaz09-_.=+/'.split('')) }))
    .map(([token, at, extra]) => asBearer('inserted')(token.slice(0, at % token.length) + extra + token.slice(at % token.length)));
  const algNone = fc
    .tuple(base, fc.constantFrom('none', 'None', 'NONE', 'nOnE'), fc.constantFrom('', 'keep', 'junk'), fc.boolean())
    .map(([token, alg, sig, elevate]) => {
      const claims = claimsOf(token);
      const body = `${b64({ alg, typ: 'JWT' })}.${b64(elevate ? { ...claims, role: 'admin' } : claims)}`;
      const signature = sig === '' ? '' : sig === 'keep' ? token.split('.')[2] : b64('firma');
      return asBearer(`alg-none${sig ? `-${sig}` : ''}`)(`${body}.${signature}`);
    });
  // The right secret under another algorithm, or an asymmetric name over an HMAC (algorithm confusion).
  const otherAlg = fc
    .tuple(base, fc.constantFrom('HS384', 'HS512', 'RS256', 'ES256', 'PS256', 'EdDSA', 'hs256', 'HS256 '))
    .map(([token, alg]) =>
      asBearer(`alg-${alg.trim()}`)(craft({ alg, typ: 'JWT' }, claimsOf(token), JWT_SECRET, HASH[alg as keyof typeof HASH] ?? 'sha256')),
    );
  const otherSecret = fc
    .tuple(base, fc.string({ minLength: 1, maxLength: 64 }))
    .filter(([, secret]) => secret !== JWT_SECRET)
    .map(([token, secret]) => asBearer('other-secret')(craft({ alg: 'HS256', typ: 'JWT' }, claimsOf(token), secret)));
  const expired = fc
    .tuple(base, fc.integer({ min: 1, max: 10_000_000 }))
    .map(([token, ago]) => asBearer('expired')(signedClaims(token, (c) => ({ ...c, iat: now() - ago - 43_200, exp: now() - ago }))));
  const notYet = fc
    .tuple(base, fc.integer({ min: 5, max: 10_000_000 }))
    .map(([token, later]) => asBearer('not-yet-valid')(signedClaims(token, (c) => ({ ...c, nbf: now() + later }))));
  // Claims changed, the original signature kept.
  const unsigned = fc
    .tuple(
      fc.constant(bases.worker),
      fc.constantFrom<[string, unknown]>(['role', 'admin'], ['id', 1], ['tv', 1], ['exp', 4_102_444_800], ['arco_sumergido_id', 999]),
    )
    .map(([token, [claim, value]]) => {
      const [header, , signature] = token.split('.');
      return asBearer(`changed-${claim}`)(`${header}.${b64({ ...claimsOf(token), [claim]: value })}.${signature}`);
    });
  const missing = fc
    .tuple(base, fc.subarray(['id', 'tv', 'exp', 'worker_id'], { minLength: 1 }))
    .map(([token, drop]) =>
      asBearer(`missing-${drop.join('+')}`)(
        signedClaims(token, (c) => Object.fromEntries(Object.entries(c).filter(([k]) => !drop.includes(k)))),
      ),
    );
  const mistyped = fc
    .tuple(
      base,
      fc.constantFrom('id', 'tv', 'exp', 'worker_id'),
      fc.constantFrom<(v: unknown) => unknown>(
        (v) => String(v),
        (v) => (typeof v === 'number' ? v + 0.5 : 1.5),
        () => null,
        (v) => [v],
        (v) => ({ value: v }),
        () => true,
        () => -1,
        () => 99_999_999,
        () => 'NaN',
      ),
    )
    .filter(([token, claim, change]) => {
      // Only real changes: -1 as exp is "expired", a different number still is a wrong value. The
      // worker_id claim is display data (the account is read by id), so only its type matters.
      const value = claimsOf(token)[claim];
      if (claim === 'worker_id' && typeof change(value) === 'string') return false;
      // A fractional exp still in the future is a valid NumericDate (RFC 7519), not a mistake.
      const changed = change(value);
      if (claim === 'exp' && typeof changed === 'number' && changed > Date.now() / 1000) return false;
      return JSON.stringify(change(value)) !== JSON.stringify(value);
    })
    .map(([token, claim, change]) => asBearer(`mistyped-${claim}`)(signedClaims(token, (c) => ({ ...c, [claim]: change(c[claim]) }))));
  const revoked = fc
    .constantFrom<[string, string]>(['deleted-user', bases.deleted], ['old-password', bases.oldPassword])
    .map(([kind, token]) => asBearer(kind)(token));
  // A valid token framed in a way that is not one bearer token.
  const framing = fc
    .tuple(
      base,
      fc.nat(),
      fc.constantFrom('two', 'comma', 'space-inside', 'no-scheme', 'token-scheme', 'basic', 'quoted', 'empty', 'scheme-only'),
    )
    .map(([token, at, how]) => {
      const cut = 1 + (at % (token.length - 1));
      const header = {
        two: `Bearer ${token} ${token}`,
        comma: `Bearer ${token}, Bearer ${token}`,
        'space-inside': `Bearer ${token.slice(0, cut)} ${token.slice(cut)}`,
        'no-scheme': token,
        'token-scheme': `Token ${token}`,
        basic: `Basic ${token}`,
        quoted: `Bearer "${token}"`,
        empty: '',
        'scheme-only': 'Bearer ',
      }[how]!;
      return { kind: `framing-${how}`, header };
    });

  return fc.oneof(flipByte, truncate, junk, algNone, otherAlg, otherSecret, expired, notYet, unsigned, missing, mistyped, revoked, framing);
}

describe.skipIf(pgUnavailable)('hostile session tokens', () => {
  const t = useTestApp();
  const seed = useSeed(t, {
    arcos: { station: ['Arco Fichas', 'Nave 1'] },
    workers: { worker: ['station', 'Ficha Válida'] },
  });
  let bases: Bases;

  beforeAll(async () => {
    const gone = await t.createWorker(seed.station, 'Ficha Borrada');
    const del = await t.send(seed.admin, 'DELETE', `/api/admin/users/${gone.id}`);
    expect(del.statusCode).toBe(200);
    const changer = await t.createWorker(seed.station, 'Ficha Antigua');
    const change = await t.send(changer.token, 'PUT', '/api/users/me/password', {
      currentPassword: changer.password,
      newPassword: 'clave-nueva-1',
    });
    expect(change.statusCode).toBe(200);
    bases = { worker: seed.worker.token, admin: seed.admin, deleted: gone.token, oldPassword: changer.token };
  });

  const userRoute = { method: 'GET', url: '/api/paradas-kaiser/active' } as const;
  const adminRoute = { method: 'GET', url: '/api/admin/users' } as const;
  const call = (route: { method: 'GET'; url: string }, header: string | null) =>
    t.app.inject({ ...route, headers: header === null ? {} : { authorization: header } });

  it('the untouched tokens open their routes (so every refusal below is about the change)', async () => {
    expect((await call(userRoute, `Bearer ${bases.worker}`)).statusCode).toBe(200);
    expect((await call(adminRoute, `Bearer ${bases.worker}`)).statusCode).toBe(403);
    expect((await call(userRoute, `Bearer ${bases.admin}`)).statusCode).toBe(200);
    expect((await call(adminRoute, `Bearer ${bases.admin}`)).statusCode).toBe(200);
    // Forms the standards allow: the scheme is case-insensitive (RFC 7235) and spaces around are trimmed.
    for (const header of [`bearer ${bases.admin}`, `BEARER ${bases.admin}`, `Bearer   ${bases.admin}  `]) {
      expect((await call(adminRoute, header)).statusCode, header.slice(0, 8)).toBe(200);
    }
  });

  it(`refuses ${RUNS} mutated tokens with 401 and a Spanish message on a user route and an admin route`, async () => {
    const kinds = new Map<string, number>();
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(arbitraries(bases), async (sample) => {
        expect(sample.header).not.toBe(`Bearer ${bases.worker}`);
        expect(sample.header).not.toBe(`Bearer ${bases.admin}`);
        for (const route of [userRoute, adminRoute]) {
          const res = await call(route, sample.header);
          expect(res.statusCode, `${sample.kind} on ${route.url}`).toBe(401);
          expect(res.headers['content-type']).toMatch(/application\/json/);
          expect([messages.invalidToken, messages.unauthenticated]).toContain(res.json().message);
          refused++;
        }
        kinds.set(sample.kind.replace(/-.*$/, ''), (kinds.get(sample.kind.replace(/-.*$/, '')) ?? 0) + 1);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    console.log(`tokens: ${RUNS} mutated tokens, ${refused} calls refused with 401; by kind: ${JSON.stringify(Object.fromEntries(kinds))}`);
    expect(refused).toBe(RUNS * 2);
    // Every family of mutation was exercised.
    for (const kind of [
      'flip',
      'truncated',
      'inserted',
      'alg',
      'other',
      'expired',
      'not',
      'changed',
      'missing',
      'mistyped',
      'deleted',
      'old',
      'framing',
    ]) {
      expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(0);
    }
  });

  it('a token that verifies but names nobody, or a huge header, is 401 too', async () => {
    const claims = claimsOf(bases.worker);
    for (const id of [0, -5, 2_147_483_648, Number.MAX_SAFE_INTEGER]) {
      const res = await call(userRoute, `Bearer ${craft({ alg: 'HS256', typ: 'JWT' }, { ...claims, id })}`);
      expect(res.statusCode, String(id)).toBe(401);
    }
    const huge = await call(userRoute, `Bearer ${randomBytes(6000).toString('base64url')}.${b64(claims)}.x`);
    expect(huge.statusCode).toBe(401);
  });
});
