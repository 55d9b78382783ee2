import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { pgUnavailable, useTestApp, type Worker } from '../helper';

// docs/decisions/028-connection-fairness.md. Second and third source addresses are other loopback
// addresses (Linux answers the whole 127.0.0.0/8). Nothing here is timed against a limit: the
// requests under attack must answer, and their times are printed for the report.

const PATIENCE_MS = 15_000;
const STREAMS_PER_USER = 3;
const PENDING_HEADS = 16;

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One request on its own connection from `localAddress`. */
function requestFrom(port: number, localAddress: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method,
        path,
        agent: false,
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, ms: Math.round(performance.now() - started) }));
      },
    );
    req.setTimeout(PATIENCE_MS, () => req.destroy(new Error(`${path} did not answer within ${PATIENCE_MS} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

interface Stream {
  /** Resolves once `event: ready` arrived; rejects when the server refused or closed first. */
  ready: Promise<void>;
  /** Resolves when the stream's connection ends. */
  closed: Promise<void>;
  isClosed: () => boolean;
  destroy: () => void;
}

/** GET /api/events on its own connection. */
function openStream(port: number, token: string): Stream {
  let closedFlag = false;
  let markClosed = () => {};
  const closed = new Promise<void>((resolve) => {
    markClosed = () => {
      closedFlag = true;
      resolve();
    };
  });
  let req!: http.ClientRequest;
  const ready = new Promise<void>((resolve, reject) => {
    req = http.get({ host: '127.0.0.1', port, path: '/api/events', agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
        if (text.includes('event: ready')) resolve();
      });
      res.on('close', () => {
        markClosed();
        reject(new Error(`stream closed before ready (${res.statusCode})`));
      });
    });
    req.on('error', (error) => {
      markClosed();
      reject(error);
    });
  });
  ready.catch(() => {});
  return { ready, closed, isClosed: () => closedFlag, destroy: () => req.destroy() };
}

describe.skipIf(pgUnavailable)('connection fairness on a real socket', () => {
  const t = useTestApp({ EVENT_STREAMS_PER_USER: String(STREAMS_PER_USER), PENDING_HEADS_PER_ADDRESS: String(PENDING_HEADS) });
  let port: number;
  let attacker: Worker;
  let other: Worker;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    const station = await t.createArco('Arco Justo', 'Nave 1');
    attacker = await t.createWorker(station);
    other = await t.createWorker(station);
  });

  const loginOther = () =>
    requestFrom(port, '127.0.0.3', 'POST', '/api/auth/login', {
      worker_id: other.worker_id,
      password: other.password,
      nave: other.station.nave,
      arco_sumergido_id: other.station.id,
    });

  it("closes an account's oldest stream when it opens one beyond the cap, and keeps the others", async () => {
    const streams: Stream[] = [];
    for (let i = 0; i <= STREAMS_PER_USER; i++) {
      const stream = openStream(port, attacker.token);
      await stream.ready;
      streams.push(stream);
    }
    await streams[0].closed;
    expect(streams.slice(1).map((s) => s.isClosed())).toEqual([false, false, false]);
    // Another account's stream is not touched by this one's cap.
    const others = openStream(port, other.token);
    await others.ready;
    expect(streams[1].isClosed()).toBe(false);
    for (const s of [...streams, others]) s.destroy();
  });

  it('one account opening 1,000 streams leaves health and another worker’s login answering', async () => {
    const streams = Array.from({ length: 1000 }, () => openStream(port, attacker.token));
    await Promise.allSettled(streams.map((s) => s.ready));
    const health = await requestFrom(port, '127.0.0.2', 'GET', '/api/health');
    const login = await loginOther();
    const sameAddressHealth = await requestFrom(port, '127.0.0.1', 'GET', '/api/health');
    console.log(
      `1,000 streams of one account: health ${health.ms} ms, another address's login ${login.ms} ms, health from the attacker's address ${sameAddressHealth.ms} ms`,
    );
    expect(health.status).toBe(200);
    expect(login.status).toBe(200);
    expect(sameAddressHealth.status).toBe(200);
    await vi.waitFor(() => expect(streams.filter((s) => !s.isClosed()).length).toBeLessThanOrEqual(STREAMS_PER_USER), {
      timeout: PATIENCE_MS,
    });
    for (const s of streams) s.destroy();
  });

  it('1,000 half-sent requests from one address leave health and another address’s login answering', async () => {
    let closedByServer = 0;
    const sockets = await Promise.all(
      Array.from(
        { length: 1000 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' });
            socket.on('error', () => {});
            socket.on('close', () => closedByServer++);
            // The head never ends: no blank line.
            socket.on('connect', () => socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1\r\n', () => resolve(socket)));
            socket.on('close', () => resolve(socket));
          }),
      ),
    );
    const health = await requestFrom(port, '127.0.0.2', 'GET', '/api/health');
    const login = await loginOther();
    const sameAddressHealth = await requestFrom(port, '127.0.0.1', 'GET', '/api/health');
    console.log(
      `1,000 half-sent requests: health ${health.ms} ms, another address's login ${login.ms} ms, health from the attacker's address ${sameAddressHealth.ms} ms; ${closedByServer} half-sent connections closed by the server`,
    );
    expect(health.status).toBe(200);
    expect(login.status).toBe(200);
    expect(sameAddressHealth.status).toBe(200);
    // The server keeps at most PENDING_HEADS of them (one more may be closing as the next arrives).
    await vi.waitFor(() => expect(closedByServer).toBeGreaterThanOrEqual(1000 - PENDING_HEADS - 1), { timeout: PATIENCE_MS });
    for (const s of sockets) s.destroy();
  });
});
