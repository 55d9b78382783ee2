import { afterEach, describe, expect, it } from 'vitest';
import { decodeToken, getToken, isExpired, readSession, removeToken, setToken } from './token';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const forge = (claims: Record<string, unknown>) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.signature`;
const nowSec = () => Math.floor(Date.now() / 1000);

afterEach(() => localStorage.clear());

describe('token decoding', () => {
  it('decodes the claims of a JWT, including non-ASCII names', () => {
    const claims = decodeToken(forge({ id: 7, name: 'José Núñez', worker_id: 'w123', role: 'user', exp: nowSec() + 60 }));
    expect(claims).toMatchObject({ id: 7, name: 'José Núñez', worker_id: 'w123', role: 'user' });
  });

  it('returns null for anything undecodable', () => {
    expect(decodeToken(null)).toBeNull();
    expect(decodeToken('garbage')).toBeNull();
    expect(decodeToken('a.%%%.c')).toBeNull();
    expect(decodeToken(`x.${b64url('just a string')}.y`)).toBeNull();
  });

  it('compares expiry in seconds', () => {
    const now = 1_700_000_000_500;
    expect(isExpired({ exp: 1_700_000_000 } as never, now)).toBe(false);
    expect(isExpired({ exp: 1_699_999_999 } as never, now)).toBe(true);
    expect(isExpired({} as never, now)).toBe(true);
  });
});

describe('session state', () => {
  it('tells apart no token, an undecodable one, an expired one and a valid one', () => {
    expect(readSession().status).toBe('none');
    setToken('not-a-jwt');
    expect(readSession().status).toBe('invalid');
    setToken(forge({ id: 1, exp: nowSec() - 10 }));
    expect(readSession().status).toBe('expired');
    setToken(forge({ id: 1, name: 'Ana', exp: nowSec() + 3600 }));
    const session = readSession();
    expect(session.status).toBe('ok');
    removeToken();
    expect(getToken()).toBeNull();
  });

  it('keeps the token under the key "token"', () => {
    setToken('abc');
    expect(localStorage.getItem('token')).toBe('abc');
  });
});
