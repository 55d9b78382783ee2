import { type APIRequestContext, request as requestContext } from '@playwright/test';
import { ADMIN, expect, openDevice, Seed, signIn, test, unique, type Worker } from '../fixtures';
import { startPortal } from '../portal-process';

// The tabs of one browser share one live event stream (docs/decisions/046-one-event-stream-per-browser.md).
// A portal of its own, so that /metrics' stream count is this test's alone.

const METRICS_TOKEN = 'e2e-metrics-token';

async function streamsOnServer(api: APIRequestContext): Promise<number> {
  const res = await api.get('/metrics', { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status()).toBe(200);
  const line = (await res.text()).split('\n').find((l) => l.startsWith('portal_event_stream_clients '));
  return Number(line?.split(' ')[1]);
}

async function post(api: APIRequestContext, worker: Worker, content: string) {
  const res = await api.post('/api/wall/posts', {
    multipart: { content, wall_name: 'Main' },
    headers: { Authorization: `Bearer ${worker.token}` },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('two tabs share one stream, both get live events, and closing the leader hands the stream over', async ({ browser }) => {
  const server = await startPortal('e2e-tabs', {
    ADMIN_WORKER_ID: ADMIN.worker_id,
    ADMIN_PASSWORD: ADMIN.password,
    METRICS_TOKEN,
    BACKUP_HOUR: 'off',
  });
  const api = await requestContext.newContext({ baseURL: server.baseURL });
  const { context, page: first } = await openDevice(browser, server.baseURL);
  try {
    const seed = new Seed(api);
    const station = await seed.station('Nave 1', unique('Arco Pestañas '));
    const ana = await seed.worker(station, 'Ana Pestañas');
    const beto = await seed.worker(station, 'Beto Pestañas');

    // The first tab opens the stream …
    const streaming = first.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
    await signIn(first, ana.token, '/dashboard');
    await streaming;
    await expect(first.getByText('No hay publicaciones en este muro todavía.')).toBeVisible();
    await expect.poll(() => streamsOnServer(api)).toBe(1);

    // … a second tab of the same browser opens none of its own.
    const second = await context.newPage();
    const secondStreams: string[] = [];
    second.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/events') secondStreams.push(r.url());
    });
    await second.goto('/dashboard');
    await expect(second.getByText('No hay publicaciones en este muro todavía.')).toBeVisible();
    await second.evaluate(() => Object.assign(window, { __sameDocument: true }));

    // A colleague's post reaches both tabs live, over the one stream.
    const text = unique('Aviso compartido ');
    await post(api, beto, text);
    await expect(first.getByTestId('post').filter({ hasText: text })).toBeVisible();
    await expect(second.getByTestId('post').filter({ hasText: text })).toBeVisible();
    expect(await second.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(secondStreams).toEqual([]);
    expect(await streamsOnServer(api)).toBe(1);

    // The leader tab closes: the second takes the stream over.
    const takeover = second.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
    await first.close();
    await takeover;
    await expect.poll(() => streamsOnServer(api)).toBe(1);
    const after = unique('Aviso tras el relevo ');
    await post(api, beto, after);
    await expect(second.getByTestId('post').filter({ hasText: after })).toBeVisible();
    expect(await second.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(secondStreams).toHaveLength(1);
  } finally {
    await context.close();
    await api.dispose();
    server.stop();
  }
});
