import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, createVerify, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { andonMessages, andonPushPayload } from '@portal/contract/andon';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PushSender } from '../src/lib/web-push';
import { settleBackground } from '../src/modules/andon/service';
import { setTopic } from '../src/modules/machines/service';
import { buildTestApp, pgUnavailable, type TestApp, type TestArco, type Worker } from './helper';
import { device, startBroker, type TestBroker } from './mosquitto';

// What leaves the portal when an arco calls (docs/decisions/043-andon.md): the retained MQTT message a
// stack light follows, seen by a real Mosquitto subscriber, and the Web Push request, received by a
// local HTTP endpoint standing in for a push service.

const WAIT = { timeout: 20_000, interval: 25 };

describe.skipIf(pgUnavailable)('andon signals: MQTT light and Web Push', () => {
  let broker: TestBroker;
  let t: TestApp;
  let arco: TestArco;
  let ana: Worker;
  let sara: Worker;
  let admin: string;
  const subscribers: MqttClient[] = [];

  beforeAll(async () => {
    broker = await startBroker();
    t = await buildTestApp({
      MQTT_URL: broker.url,
      MQTT_CLIENT_ID: `portal-andon-${process.pid}`,
      PUSH_ALLOWED_HOSTS: '127.0.0.1',
      OUTBOUND_ALLOW_PRIVATE: 'true',
    });
    await vi.waitFor(() => expect(t.app.ctx.machines.mqtt?.connected).toBe(true), WAIT);
    arco = await t.createArco('Arco Semáforo');
    ana = await t.createWorker(arco, 'Ana Semáforo');
    const other = await t.createArco('Arco Supervisión');
    sara = await t.createWorker(other, 'Sara Avisada');
    admin = await t.adminToken();
    expect(
      (await t.send(admin, 'PUT', `/api/admin/users/${sara.id}/andon-roles`, { supervisor: ['Nave 1'], maintenance: [] })).statusCode,
    ).toBe(200);
  });
  afterAll(async () => {
    for (const s of subscribers) await s.endAsync(true);
    await t?.close();
    await broker?.close();
  });

  /** A light on the arco's `<topic>/andon`, as a stack light's controller subscribes to it. */
  async function light(topic: string) {
    const client = await device(broker.url);
    subscribers.push(client);
    const seen: string[] = [];
    client.on('message', (_topic, payload, packet) => seen.push(`${payload.toString()}${packet.retain ? ' (retained)' : ''}`));
    await client.subscribeAsync(`${topic}/andon`, { qos: 1 });
    return seen;
  }

  const cord = async (level: 'supervisor' | 'maintenance') => {
    const res = await t.send(ana.token, 'POST', '/api/andon/calls', { level });
    expect(res.statusCode, res.body).toBe(201);
    await settleBackground(t.app.ctx);
    return res.json().call.id as number;
  };
  const close = async (id: number) => {
    expect((await t.send(ana.token, 'POST', `/api/andon/calls/${id}/resolve`)).statusCode).toBe(200);
    await settleBackground(t.app.ctx);
  };

  it("publishes the arco's light, retained, each time its highest open level changes", async () => {
    const topic = `planta/andon-${process.pid}/arco`;
    await setTopic(t.app.ctx, null, arco.id, topic);
    const seen = await light(topic);
    const supervisor = await cord('supervisor');
    await vi.waitFor(() => expect(seen).toEqual(['supervisor']), WAIT);
    const maintenance = await cord('maintenance');
    await vi.waitFor(() => expect(seen).toEqual(['supervisor', 'maintenance']), WAIT);
    await close(maintenance);
    await vi.waitFor(() => expect(seen).toEqual(['supervisor', 'maintenance', 'supervisor']), WAIT);
    await close(supervisor);
    await vi.waitFor(() => expect(seen).toEqual(['supervisor', 'maintenance', 'supervisor', 'none']), WAIT);
    // A light switched on later learns the state at once from the retained message.
    const late = await light(topic);
    await vi.waitFor(() => expect(late).toEqual(['none (retained)']), WAIT);
  });

  it('sends a VAPID-signed, aes128gcm-encrypted push with a TTL to the called user, and forgets a gone subscription', async () => {
    const received: { req: IncomingMessage; body: Buffer }[] = [];
    let answer = 201;
    // Push services are HTTPS: a self-signed certificate for 127.0.0.1, trusted by the portal's push sender alone.
    const dir = mkdtempSync(path.join(tmpdir(), 'push-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const tls = { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
    rmSync(dir, { recursive: true, force: true });
    const portalPush = t.app.ctx.andon.push!;
    t.app.ctx.andon.push = new PushSender(portalPush.keys, t.app.ctx.log, portalPush.rules, { ca: tls.cert });
    const server: Server = createServer(tls, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        received.push({ req, body: Buffer.concat(chunks) });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // The browser's side of a subscription: a P-256 key pair and a 16-byte auth secret.
      const browser = createECDH('prime256v1');
      browser.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `https://127.0.0.1:${port}/push/sara-telefono`;
      const key = (await t.send(sara.token, 'GET', '/api/push/public-key')).json().public_key as string;
      const sub = await t.send(sara.token, 'POST', '/api/push/subscriptions', {
        endpoint,
        keys: { p256dh: browser.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      });
      expect(sub.json()).toEqual({ message: andonMessages.subscribed });

      const id = await cord('supervisor');
      expect(received).toHaveLength(1);
      const { req, body } = received[0];
      expect(req.method).toBe('POST');
      expect(req.url).toBe('/push/sara-telefono');
      expect(req.headers['content-encoding']).toBe('aes128gcm');
      expect(req.headers.ttl).toBe('300');
      // Authorization: vapid t=<JWT signed ES256 by the portal's key>, k=<that public key>.
      const vapid = /^vapid t=([^,]+), k=(.+)$/.exec(String(req.headers.authorization));
      expect(vapid?.[2]).toBe(key);
      const [head, claims, signature] = vapid![1].split('.');
      expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
      expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({
        aud: `https://127.0.0.1:${port}`,
        sub: 'mailto:portal@localhost',
      });
      const raw = Buffer.from(key, 'base64url');
      const publicKey = createPublicKey({
        key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
        format: 'jwk',
      });
      const verified = createVerify('SHA256')
        .update(`${head}.${claims}`)
        .verify({ key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
      expect(verified).toBe(true);
      // The body is the RFC 8188 record the browser decrypts: salt, record size, the sender's key, then ciphertext.
      expect(body.readUInt8(20)).toBe(65);
      const plain = decrypt(body, browser, auth);
      const payload = andonPushPayload.parse(JSON.parse(plain));
      expect(payload).toMatchObject({ type: 'andon.called', title: 'Aviso: Arco Semáforo (Nave 1)', body: 'Supervisor', call: { id } });
      await close(id);

      // The push service says the subscription is gone: it is forgotten, and the call still stands.
      answer = 410;
      const next = await cord('supervisor');
      expect(received).toHaveLength(2);
      expect(await t.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', endpoint).execute()).toEqual([]);
      await close(next);
    } finally {
      t.app.ctx.andon.push = portalPush;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('makes the call even when no push service can be reached, and sends to push services only', async () => {
    const elsewhere = await t.send(sara.token, 'POST', '/api/push/subscriptions', {
      endpoint: 'https://intranet.fabrica.local/admin',
      keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    });
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([400, { message: andonMessages.endpointNotAllowed }]);
    const plain = await t.send(sara.token, 'POST', '/api/push/subscriptions', {
      endpoint: 'http://127.0.0.1/x',
      keys: { p256dh: 'a', auth: 'b' },
    });
    expect([plain.statusCode, plain.json()]).toEqual([400, { message: andonMessages.endpointInvalid }]);
    const sub = await t.send(sara.token, 'POST', '/api/push/subscriptions', {
      endpoint: 'https://127.0.0.1:9/push/inalcanzable',
      keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    });
    expect(sub.statusCode).toBe(201);
    const id = await cord('maintenance');
    expect(
      await t.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', 'https://127.0.0.1:9/push/inalcanzable').execute(),
    ).toHaveLength(1);
    await close(id);
    const gone = await t.send(sara.token, 'DELETE', '/api/push/subscriptions', { endpoint: 'https://127.0.0.1:9/push/inalcanzable' });
    expect(gone.json()).toEqual({ message: andonMessages.unsubscribed });
    expect(await t.countRows('push_subscriptions')).toBe(0);
  });
});

/**
 * Decrypts an aes128gcm Web Push message (RFC 8291 on RFC 8188) as the browser does: the shared
 * secret of its key and the sender's, the auth secret, then one AES-128-GCM record.
 */
function decrypt(body: Buffer, browser: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const keyLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + keyLength);
  const ciphertext = body.subarray(21 + keyLength);
  const shared = browser.computeSecret(senderKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), browser.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
}
