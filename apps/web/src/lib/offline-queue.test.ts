import { offlineMessages } from '@portal/contract/offline-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionEndHandler } from './api';
import { coveredByDraft, dismiss, flushQueue, manualParadaDraft, queueSnapshot, submit, submitTapped } from './offline-queue';
import { connection } from './online';
import { noteServerDate, resetServerClock, serverOffset } from './server-clock';
import { TOKEN_KEY } from './token';

// jsdom has no IndexedDB: the queue then lives in memory, which is enough to check its order, keys
// and dependencies; the browser test (e2e/tests/offline.spec.ts) covers reloads and closed tabs.

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenOf = (id: number, name: string) => `${b64url({ alg: 'HS256' })}.${b64url({ id, name, role: 'user', exp: 4_102_444_800 })}.sig`;
const token = tokenOf(7, 'Ana');

let online = true;
const calls: { url: string; key: string | null; body: unknown; auth: string | null }[] = [];
let answer: (url: string) => Response = () => new Response('{}', { status: 200 });

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, token);
  online = true;
  calls.length = 0;
  // The browser always says it is online here: the queue must learn otherwise from its requests.
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => true);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (!online) throw new TypeError('Failed to fetch');
      const headers = init.headers as Record<string, string>;
      calls.push({
        url,
        key: headers['Idempotency-Key'] ?? null,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        auth: headers.Authorization ?? null,
      });
      return answer(url);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });

describe('offline queue', () => {
  it('sends at once when online, with an idempotency key and the tapped time', async () => {
    answer = () => json({ stopId: 5, start_time: 'x', message: 'Parada iniciada!' }, 201);
    const out = await submitTapped<{ stopId: number }>({
      kind: 'parada-start',
      method: 'POST',
      path: '/api/paradas-kaiser/start',
      json: {},
    });
    expect(out).toEqual({ queued: false, data: { stopId: 5, start_time: 'x', message: 'Parada iniciada!' } });
    expect(calls).toHaveLength(1);
    expect(calls[0].key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Date.parse((calls[0].body as { client_time: string }).client_time)).not.toBeNaN();
  });

  it('offline it queues; on reconnecting it sends in order, and an end waits for its queued start’s id', async () => {
    online = false;
    const start = await submit({ kind: 'parada-start', method: 'POST', path: '/api/paradas-kaiser/start', json: {}, tappedAt: 1 });
    expect(start.queued).toBe(true);
    const end = await submit({
      kind: 'parada-end',
      method: 'PUT',
      path: '/api/paradas-kaiser/end/:ref',
      after: { key: (start as { key: string }).key, field: 'stopId' },
      json: {},
      tappedAt: 2,
    });
    expect(end.queued).toBe(true);
    expect(calls).toHaveLength(0);

    online = true;
    answer = (url) => (url.endsWith('/start') ? json({ stopId: 42 }, 201) : json({ duration: 1, message: 'ok' }));
    await flushQueue();
    expect(calls.map((c) => c.url)).toEqual(['/api/paradas-kaiser/start', '/api/paradas-kaiser/end/42']);
    expect(calls[0].key).toBe((start as { key: string }).key);
  });

  it('a chain of three offline writes: the second names an item of the first’s answer (a dotted path), the third the second’s', async () => {
    online = false;
    const inspection = await submit({
      kind: 'weld-inspection',
      method: 'POST',
      path: '/api/welds/seams/7/inspections',
      json: {},
      tappedAt: 1,
    });
    const inspectionKey = (inspection as { key: string }).key;
    const repair = await submit({
      kind: 'weld-repair',
      method: 'POST',
      path: '/api/welds/defects/:ref/repair',
      after: { key: inspectionKey, field: 'defect_ids.1' },
      json: {},
      tappedAt: 2,
    });
    await submit({
      kind: 'weld-reinspection',
      method: 'POST',
      path: '/api/welds/repairs/:ref/reinspection',
      after: { key: (repair as { key: string }).key, field: 'repair_id' },
      json: {},
      tappedAt: 3,
    });
    expect(calls).toHaveLength(0);

    online = true;
    answer = (url) => (url.endsWith('/inspections') ? json({ defect_ids: [30, 31] }, 201) : json({ repair_id: 8 }, 201));
    await flushQueue();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/welds/seams/7/inspections',
      '/api/welds/defects/31/repair',
      '/api/welds/repairs/8/reinspection',
    ]);
    expect(queueSnapshot().items.filter((i) => i.kind.startsWith('weld-'))).toEqual([]);
  });

  it('a write refused after reconnecting stays in the queue as failed, with the server’s message', async () => {
    online = false;
    await submit({ kind: 'parada-end', method: 'PUT', path: '/api/paradas-kaiser/end/9', json: {}, tappedAt: 1 });
    online = true;
    answer = () => json({ message: 'La parada ya ha finalizado.' }, 409);
    await flushQueue();
    const { items } = queueSnapshot();
    const failed = items.find((i) => i.path === '/api/paradas-kaiser/end/9');
    expect(failed).toMatchObject({ state: 'failed', error: 'La parada ya ha finalizado.' });
    await dismiss(failed!.key);
    expect(queueSnapshot().items.some((i) => i.key === failed!.key)).toBe(false);
  });

  it('a refusal of a write tapped now is thrown to the screen and not kept', async () => {
    answer = () => json({ message: 'Ya tienes una parada activa.' }, 409);
    await expect(
      submit({ kind: 'parada-start', method: 'POST', path: '/api/paradas-kaiser/start', json: {}, tappedAt: 1 }),
    ).rejects.toMatchObject({
      status: 409,
      serverMessage: 'Ya tienes una parada activa.',
    });
    answer = () => json({});
    calls.length = 0;
    await flushQueue();
    expect(calls).toHaveLength(0);
  });
});

describe('offline queue at its edges', () => {
  afterEach(async () => {
    // Leave nobody's writes behind for the next test.
    for (const item of queueSnapshot().items) await dismiss(item.key);
    connection.reportAnswer(200);
  });

  it('a 503 is taken like no connection: the write waits in its place and goes once the server answers', async () => {
    answer = () => json({ message: 'El servicio no está disponible.' }, 503);
    const out = await submit({ kind: 'post', method: 'POST', path: '/api/wall/posts', json: { content: 'a' }, tappedAt: 1 });
    expect(out.queued).toBe(true);
    expect(connection.isReachable()).toBe(false);
    // Known unreachable: the next write waits without a request that would fail.
    calls.length = 0;
    await submit({ kind: 'post', method: 'POST', path: '/api/wall/posts', json: { content: 'b' }, tappedAt: 2 });
    expect(calls).toHaveLength(0);
    expect(queueSnapshot().items.map((i) => i.state)).toEqual(['pending', 'pending']);

    answer = () => json({ id: 1 }, 201);
    await flushQueue();
    expect(calls.map((c) => (c.body as { content: string }).content)).toEqual(['a', 'b']);
    expect(queueSnapshot().items).toHaveLength(0);
    expect(connection.isReachable()).toBe(true);
  });

  it('a refused session keeps the writes, asks to sign in again, and sends them after', async () => {
    const ended = vi.fn();
    setSessionEndHandler(ended);
    online = false;
    await submit({ kind: 'parada-end', method: 'PUT', path: '/api/paradas-kaiser/end/3', json: {}, tappedAt: 1 });
    online = true;
    answer = () => json({ message: 'Token inválido o expirado.' }, 401);
    await flushQueue();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(queueSnapshot().items).toMatchObject([{ path: '/api/paradas-kaiser/end/3', state: 'pending', userId: 7 }]);

    const renewed = tokenOf(7, 'Ana');
    localStorage.setItem(TOKEN_KEY, `${renewed}2`);
    answer = () => json({ duration: 1, message: 'ok' });
    calls.length = 0;
    await flushQueue();
    expect(calls).toMatchObject([{ url: '/api/paradas-kaiser/end/3', auth: `Bearer ${renewed}2` }]);
    expect(queueSnapshot().items).toHaveLength(0);
  });

  it('on a shared phone, the first worker’s writes wait for them and never go with the second’s token', async () => {
    online = false;
    await submit({ kind: 'post', method: 'POST', path: '/api/wall/posts', json: { content: 'de Ana' }, tappedAt: 1 });
    expect(queueSnapshot().items).toMatchObject([{ userId: 7, userName: 'Ana', state: 'pending' }]);

    localStorage.setItem(TOKEN_KEY, tokenOf(8, 'Beto'));
    online = true;
    // As the connection's probe would find (lib/online.ts).
    connection.reportAnswer(200);
    answer = () => json({ id: 2 }, 201);
    await flushQueue();
    await submit({ kind: 'post', method: 'POST', path: '/api/wall/posts', json: { content: 'de Beto' }, tappedAt: 2 });
    expect(calls.map((c) => [(c.body as { content: string }).content, c.auth])).toEqual([['de Beto', `Bearer ${tokenOf(8, 'Beto')}`]]);
    expect(queueSnapshot().items).toMatchObject([{ userId: 7, state: 'pending' }]);

    localStorage.setItem(TOKEN_KEY, token);
    await flushQueue();
    expect(calls.map((c) => [(c.body as { content: string }).content, c.auth])).toEqual([
      ['de Beto', `Bearer ${tokenOf(8, 'Beto')}`],
      ['de Ana', `Bearer ${token}`],
    ]);
    expect(queueSnapshot().items).toHaveLength(0);
  });

  it('a start refused as too old becomes a manual parada draft with its queued end; other refusals do not', async () => {
    online = false;
    const start = await submit({ kind: 'parada-start', method: 'POST', path: '/api/paradas-kaiser/start', json: {}, tappedAt: 1_000 });
    await submit({
      kind: 'parada-end',
      method: 'PUT',
      path: '/api/paradas-kaiser/end/:ref',
      after: { key: (start as { key: string }).key, field: 'stopId' },
      json: { description: 'Rotura', motivo_id: 4 },
      tappedAt: 61_000,
    });
    await submit({ kind: 'post', method: 'POST', path: '/api/wall/posts', json: { content: 'x' }, tappedAt: 2_000 });
    online = true;
    answer = (url) =>
      url.endsWith('/start')
        ? json({ message: offlineMessages.clientTimeTooOld(12) }, 400)
        : json({ message: 'La publicación no puede estar vacía.' }, 400);
    await flushQueue();
    const [s, e, p] = queueSnapshot().items;
    expect([s.state, e.state, p.state]).toEqual(['failed', 'failed', 'failed']);
    expect(manualParadaDraft(s)).toEqual({
      start_time: new Date(1_000).toISOString(),
      end_time: new Date(61_000).toISOString(),
      description: 'Rotura',
      motivo_id: 4,
      keys: [s.key, e.key],
    });
    expect(coveredByDraft(e)).toBe(true);
    expect(manualParadaDraft(p)).toBeNull();
    expect(coveredByDraft(p)).toBe(false);
  });

  it('a write left hanging is abandoned, kept, once the connection is found gone', async () => {
    let release: (() => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((resolve, reject) => {
            release = () => resolve(json({ id: 3 }, 201));
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const out = submit({ kind: 'post', method: 'POST', path: '/api/wall/posts', json: { content: 'c' }, tappedAt: 1 });
    await vi.waitFor(() => expect(release).toBeDefined());
    // What a probe left unanswered reports (lib/online.ts).
    connection.reportNoAnswer();
    expect(await out).toMatchObject({ queued: true });
    expect(queueSnapshot().items).toMatchObject([{ state: 'pending' }]);
  });
});

describe('server clock', () => {
  afterEach(resetServerClock);

  it('narrows the offset from the whole-second Date headers of several answers', () => {
    const phone = 1_000_000_000_000;
    // The server runs 90.4 s ahead of the phone.
    const server = (at: number) => new Date(Math.floor((at + 90_400) / 1000) * 1000).toUTCString();
    noteServerDate(server(phone), phone - 50, phone + 50);
    expect(Math.abs(serverOffset() - 90_400)).toBeLessThan(600);
    noteServerDate(server(phone + 700), phone + 650, phone + 750);
    noteServerDate(server(phone + 1_550), phone + 1_500, phone + 1_600);
    expect(Math.abs(serverOffset() - 90_400)).toBeLessThan(150);
  });
});
