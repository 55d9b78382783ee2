import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { messages } from '@portal/contract/common';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, pgUnavailable, useTestApp } from '../helper';

/** Low so the test stays short; the defaults (10 s plus the body at 32 KB/s) are in config.ts. */
const GRACE_MS = 300;

describe.skipIf(pgUnavailable)('request body deadline on a real socket', () => {
  const t = useTestApp({ BODY_TIMEOUT_MS: String(GRACE_MS), BODY_MIN_BYTES_PER_SECOND: '100000' });
  let port: number;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it('cuts a slow body within the configured time-out with a Spanish 408, and closes the connection', async () => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => {});
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{');
    // One byte every 50 ms: the whole body would take four minutes.
    const trickle = setInterval(() => socket.writable && socket.write(' '), 50);
    await closed;
    clearInterval(trickle);
    const [head, body] = Buffer.concat(chunks).toString().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(body)).toEqual({ message: messages.requestTimeout });
  });

  it('still reads a body that arrives in time, in pieces', async () => {
    const station = await t.createArco('Arco Paciente', 'Nave 1');
    const payload = JSON.stringify({ worker_id: 'nadie-aqui', password: 'incorrecta', nave: station.nave, arco_sumergido_id: station.id });
    const res = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (d) => chunks.push(d));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
      socket.write(
        `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${payload.length}\r\n\r\n`,
      );
      socket.write(payload.slice(0, 10));
      setTimeout(() => socket.write(payload.slice(10)), 20);
    });
    expect(res).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('leaves the live event stream open well past the body time-out', async () => {
    const station = await t.createArco('Arco Directo', 'Nave 1');
    const worker = await t.createWorker(station);
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/events`, { headers: bearer(worker.token), signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream closed before ${needle}; got ${text}`);
        text += value;
      }
    };
    await readUntil('event: ready');
    await sleep(3 * GRACE_MS);
    const created = await t.sendForm(worker.token, 'POST', '/api/wall/posts', { content: 'Sigue abierto' });
    expect(created.statusCode).toBe(201);
    await readUntil('event: post.created');
    controller.abort();
  });
});
