import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, overrideSessionEnd, setSessionEndHandler } from './api';
import { TOKEN_KEY } from './token';

// A refused session (401/403) calls one handler: the router's (leave for /login) unless a screen that
// ends sessions its own way is shown (the station terminal), whichever registered last.

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = `${b64url({ alg: 'HS256' })}.${b64url({ id: 7, name: 'Ana', role: 'user', exp: 4_102_444_800 })}.sig`;

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, token);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'Token inválido o expirado.' }), {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const refused = () => api('/api/auth/me').catch(() => undefined);

describe('who handles a refused session', () => {
  it("a screen's own handler wins over a router handler registered after it, until the screen goes", async () => {
    const router = vi.fn();
    const terminal = vi.fn();
    const restore = overrideSessionEnd(terminal);
    // The router's passive effect runs after the screen's layout effect (same commit) or again later.
    setSessionEndHandler(router);
    await refused();
    expect(terminal).toHaveBeenCalledTimes(1);
    expect(router).not.toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();

    restore();
    localStorage.setItem(TOKEN_KEY, token);
    await refused();
    expect(router).toHaveBeenCalledTimes(1);
    expect(terminal).toHaveBeenCalledTimes(1);
  });

  it('taking back one screen handler leaves the others in place', async () => {
    const router = vi.fn();
    const first = vi.fn();
    const second = vi.fn();
    setSessionEndHandler(router);
    const restoreFirst = overrideSessionEnd(first);
    const restoreSecond = overrideSessionEnd(second);
    restoreFirst();
    await refused();
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    restoreSecond();
    await refused();
    expect(router).toHaveBeenCalledTimes(1);
  });
});
