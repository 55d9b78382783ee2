import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { andonMessages } from '@portal/contract/andon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { checkOutboundUrl, isPrivateAddress, type OutboundUrlError } from '../src/lib/outbound-url';
import { settleBackground } from '../src/modules/andon/service';
import { buildTestApp, pgUnavailable, type TestApp, type TestArco, type Worker } from './helper';

// Push endpoints are checked by what is actually dialled (docs/decisions/061-outbound-urls.md): tricks
// that make the two URL parsers disagree, userinfo, NUL, IPv6 and numeric IPv4 forms answer 400, and a
// subscription stored before the rule is never dialled.

const keys = () => ({ p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') });

/** A plain TCP listener that counts the connections it receives (a TLS client's first bytes included). */
async function listener(host: string, port: number): Promise<{ server: Server; connections: Socket[]; port: number }> {
  const connections: Socket[] = [];
  const server = createServer((socket) => {
    connections.push(socket);
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return { server, connections, port: typeof address === 'object' && address ? address.port : port };
}
const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('the outbound URL rule', () => {
  const rules = { protocols: ['https:'], allowedHosts: ['fcm.googleapis.com'], allowPrivate: false } as const;
  const reason = (url: string, r: Parameters<typeof checkOutboundUrl>[1] = rules) => {
    try {
      checkOutboundUrl(url, r);
      return 'ok';
    } catch (error) {
      return (error as OutboundUrlError).reason;
    }
  };

  it('reads each trick as refused, for the reason the parsers or the grammar give', () => {
    expect(reason('https://fcm.googleapis.com/fcm/send/abc:def-123')).toBe('ok');
    expect(reason('https://fcm.googleapis.com:443/fcm/send/x')).toBe('ok');
    for (const c of [';', "'", '"', '`', '{', '}']) expect(reason(`https://127.0.0.7${c}.fcm.googleapis.com/fcm/send/x`), c).not.toBe('ok');
    expect(reason('https://127.0.0.7;.fcm.googleapis.com/x')).toBe('host');
    expect(reason('https://fcm.googleapis.com/fcm/send/x%00y')).toBe('syntax');
    expect(reason('https://fcm.googleapis.com\\@127.0.0.7/x')).toBe('syntax');
    expect(reason('https://user@fcm.googleapis.com/x')).toBe('userinfo');
    expect(reason('https://fcm.googleapis.com@127.0.0.7/x')).toBe('userinfo');
    expect(reason('https://[::1]/x')).toBe('host');
    expect(reason('https://[::ffff:127.0.0.7]/x')).toBe('host');
    expect(reason('https://2130706433/x')).toBe('host');
    expect(reason('https://0177.0.0.1/x')).toBe('host');
    expect(reason('https://0x7f.0.0.1/x')).toBe('host');
    expect(reason('https://0x7f000001/x')).toBe('host');
    expect(reason('https://127.1/x')).toBe('host');
    expect(reason('http://fcm.googleapis.com/x')).toBe('protocol');
    expect(reason('https://intranet.fabrica.local/x')).toBe('not-allowed');
    const open = { protocols: ['https:'], allowPrivate: false } as const;
    expect(reason('https://127.0.0.7/x', open)).toBe('private');
    expect(reason('https://10.1.2.3/x', open)).toBe('private');
    expect(reason('https://169.254.169.254/x', open)).toBe('private');
    expect(reason('https://8.8.8.8/x', open)).toBe('ok');
    expect(reason('https://127.0.0.7/x', { ...open, allowPrivate: true })).toBe('ok');
  });

  it('knows the private ranges of both families', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a00:1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '142.250.0.1', '2607:f8b0::1', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
  });
});

describe.skipIf(pgUnavailable)('push endpoints', () => {
  let t: TestApp;
  let arco: TestArco;
  let ana: Worker;
  let sara: Worker;

  beforeAll(async () => {
    // localhost is allowed by name here, so only the connect-time check stands between it and 127.0.0.1.
    t = await buildTestApp({ PUSH_ALLOWED_HOSTS: 'fcm.googleapis.com,localhost' });
    arco = await t.createArco('Arco Salida');
    ana = await t.createWorker(arco, 'Ana Salida');
    const other = await t.createArco('Arco Avisos');
    sara = await t.createWorker(other, 'Sara Avisos');
    const admin = await t.adminToken();
    expect(
      (await t.send(admin, 'PUT', `/api/admin/users/${sara.id}/andon-roles`, { supervisor: ['Nave 1'], maintenance: [] })).statusCode,
    ).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const subscribe = (endpoint: string) => t.send(sara.token, 'POST', '/api/push/subscriptions', { endpoint, keys: keys() });
  const cord = async () => {
    const res = await t.send(ana.token, 'POST', '/api/andon/calls', { level: 'supervisor' });
    expect(res.statusCode, res.body).toBe(201);
    await settleBackground(t.app.ctx);
    const id = res.json().call.id as number;
    expect((await t.send(ana.token, 'POST', `/api/andon/calls/${id}/resolve`)).statusCode).toBe(200);
    await settleBackground(t.app.ctx);
  };
  /** Stores a subscription straight in the database, as one taken before the rule was. */
  const storeRaw = (endpoint: string) =>
    t.db
      .insertInto('push_subscriptions')
      .values({ user_id: sara.id, endpoint, ...keys(), created_at: new Date().toISOString() })
      .execute();
  const stored = async () => (await t.db.selectFrom('push_subscriptions').select('endpoint').execute()).map((r) => r.endpoint);

  it('answers 400 with a Spanish message to every trick, storing nothing', async () => {
    const unsafe = [
      ...[';', "'", '"', '`', '{', '}'].map((c) => `https://127.0.0.7${c}.fcm.googleapis.com/fcm/send/x`),
      'https://intranet.fabrica.local;.fcm.googleapis.com/x',
      'https://fcm.googleapis.com/fcm/send/x%00',
      'https://user@fcm.googleapis.com/fcm/send/x',
      'https://user:clave@fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com@127.0.0.7/x',
      'https://[::1]/fcm/send/x',
      'https://[::ffff:7f00:7]/x',
      'https://2130706433/x',
      'https://0x7f000001/x',
      'https://0177.0.0.1/x',
      'https://0x7f.0.0.1/x',
    ];
    for (const endpoint of unsafe) {
      const res = await subscribe(endpoint);
      expect(res.statusCode, endpoint).toBe(400);
      expect([andonMessages.endpointUnsafe, andonMessages.endpointInvalid], endpoint).toContain(res.json().message);
    }
    // The parser trick and the decimal address get the message of their own, not zod's.
    expect((await subscribe('https://127.0.0.7;.fcm.googleapis.com/fcm/send/x')).json()).toEqual({ message: andonMessages.endpointUnsafe });
    expect((await subscribe('https://2130706433/x')).json()).toEqual({ message: andonMessages.endpointUnsafe });
    expect((await subscribe('https://127.0.0.7/x')).json()).toEqual({ message: andonMessages.endpointNotAllowed });
    expect(await stored()).toEqual([]);
    expect((await subscribe('https://fcm.googleapis.com/fcm/send/abc')).statusCode).toBe(201);
    await t.db.deleteFrom('push_subscriptions').execute();
  });

  it('never dials a subscription stored before the rule, and forgets it', async () => {
    // A loopback address of its own on port 443, where the parser trick sends the push library.
    let trap: Awaited<ReturnType<typeof listener>> | undefined;
    let host = '';
    for (let i = 0; !trap && i < 20; i++) {
      host = `127.0.${1 + ((process.pid + i) % 200)}.${7 + i}`;
      trap = await listener(host, 443).catch(() => undefined);
    }
    if (!trap) throw new Error('no loopback address free on port 443');
    try {
      const endpoint = `https://${host};.fcm.googleapis.com/fcm/send/x`;
      // The trick is real: the push library alone, as the server used it, connects to the listener.
      await webpush
        .sendNotification({ endpoint, keys: keys() }, 'x', { timeout: 2000, vapidDetails: t.app.ctx.andon.push!.keys })
        .catch(() => undefined);
      expect(trap.connections.length).toBe(1);

      await storeRaw(endpoint);
      await cord();
      expect(trap.connections.length).toBe(1);
      expect(await stored()).toEqual([]);
    } finally {
      await closeServer(trap.server);
    }
  });

  it('refuses at connect time a name that resolves to a private address', async () => {
    const trap = await listener('127.0.0.1', 0);
    try {
      const endpoint = `https://localhost:${trap.port}/fcm/send/x`;
      // The name does lead to the listener when nothing checks the address.
      await webpush
        .sendNotification({ endpoint, keys: keys() }, 'x', { timeout: 2000, vapidDetails: t.app.ctx.andon.push!.keys })
        .catch(() => undefined);
      expect(trap.connections.length).toBe(1);
      expect((await subscribe(endpoint)).statusCode).toBe(201);
      await cord();
      expect(trap.connections.length).toBe(1);
      // Kept (a name may resolve elsewhere tomorrow) but never dialled while it resolves privately.
      expect(await stored()).toEqual([endpoint]);
    } finally {
      await closeServer(trap.server);
      await t.db.deleteFrom('push_subscriptions').execute();
    }
  });
});
