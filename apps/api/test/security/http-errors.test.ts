import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { messages } from '@portal/contract/common';
import { beforeAll, describe, expect, it } from 'vitest';
import { pgUnavailable, useTestApp } from '../helper';

/** The status and JSON body of a raw HTTP exchange: some refusals happen in Node's parser, which inject bypasses. */
export function rawExchange(port: number, request: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => {});
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString();
      const [head, ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      if (!status) reject(new Error(`no HTTP answer: ${text.slice(0, 200)}`));
      else resolve({ status, body: JSON.parse(rest.join('\r\n\r\n')) });
    });
    // Not end(): a half-closed socket may be dropped before a slower answer; `Connection: close` ends it.
    socket.write(request);
  });
}

describe.skipIf(pgUnavailable)('client errors through the real HTTP server', () => {
  const t = useTestApp();
  let port: number;
  let token: string;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    token = await t.adminToken();
  });

  const send = (head: string, body = '') => rawExchange(port, `${head}\r\nHost: localhost\r\nConnection: close\r\n\r\n${body}`);

  it('answers a 100 KB Authorization header with a Spanish 431', async () => {
    const res = await send(`GET /api/health HTTP/1.1\r\nAuthorization: Bearer ${'a'.repeat(100_000)}`);
    expect(res).toEqual({ status: 431, body: { message: messages.headersTooLarge } });
  });

  it('answers a request line too long for the parser with a Spanish 414', async () => {
    const res = await send(`GET /api/tramos/search?id_tramo=${'a'.repeat(20_000)} HTTP/1.1`);
    expect(res).toEqual({ status: 414, body: { message: messages.urlTooLong } });
  });

  it('answers a method the parser does not know (TRACK) with a Spanish 400', async () => {
    expect(await send('TRACK /api/health HTTP/1.1')).toEqual({ status: 400, body: { message: messages.malformedRequest } });
  });

  it('answers a Content-Length that is not a number with a Spanish 400', async () => {
    const res = await send('POST /api/auth/login HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: abc', '{}');
    expect(res).toEqual({ status: 400, body: { message: messages.malformedRequest } });
  });

  it('answers a content type no route reads with a Spanish 415', async () => {
    const res = await send('POST /api/auth/login HTTP/1.1\r\nContent-Type: ;;;\r\nContent-Length: 2', '{}');
    expect(res).toEqual({ status: 415, body: { message: messages.unsupportedMedia } });
  });

  it('answers a body over the limit with a Spanish 413 before reading it', async () => {
    const res = await send('POST /api/auth/login HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2000000', '{}');
    expect(res).toEqual({ status: 413, body: { message: messages.bodyTooLarge } });
  });

  it('answers a repeated query parameter with its own Spanish text', async () => {
    const res = await send(`GET /api/tramos/search?id_tramo=a&id_tramo=b HTTP/1.1\r\nAuthorization: Bearer ${token}`);
    expect(res).toEqual({ status: 400, body: { message: messages.repeatedParameter } });
  });

  it('answers a JSON number out of range (1e400) with its own Spanish text', async () => {
    const station = await t.createArco('Arco Rango', 'Nave 1');
    const worker = await t.createWorker(station);
    const body = '{"description":"x","arco_sumergido_id":1e400}';
    const res = await send(
      `POST /api/paradas-kaiser/start HTTP/1.1\r\nAuthorization: Bearer ${worker.token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}`,
      body,
    );
    expect(res).toEqual({ status: 400, body: { message: messages.numberOutOfRange } });
  });

  it('still answers a well-formed request after all of these', async () => {
    expect(await send('GET /api/health HTTP/1.1')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
});
