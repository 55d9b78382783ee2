/**
 * Database restarts (docs/decisions/029-database-outages.md): two real server processes on a
 * PostgreSQL cluster of this test's own, under read, write and event-stream load, while the cluster
 * is stopped (fast, then immediate) and started again. No process exits; every answer meanwhile is a
 * 2xx or the Spanish 503 with Retry-After; service returns by itself; events cross the instances
 * again; every acknowledged write is in the database afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@portal/contract/common';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestInit, ServerProcess, serverEnv } from './crash/server-process';
import { JWT_SECRET, pgUnavailable, TEST_DB } from './helper';
import { startCluster, type TestCluster } from './pg-cluster';
import { SseClient } from './sse-client';

const ADMIN = { worker_id: 'outageadmin', password: 'outage-password' };
const PASSWORD = 'secreto123';
/** The promise is 5 s after the database is back; the assertion leaves room for a loaded machine. */
const BACK_WITHIN_MS = 30_000;
const OUTAGE_MS = 3_000;

interface Answer {
  what: string;
  status: number;
  message?: string;
  retryAfter: string | null;
}

describe.skipIf(pgUnavailable || TEST_DB !== 'postgres')('PostgreSQL restarts under load (two server processes)', () => {
  let cluster: TestCluster;
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  let token = '';
  const answers: Answer[] = [];
  /** Posts the servers acknowledged with a 2xx: id -> content. */
  const acknowledged = new Map<number, string>();
  const streams: SseClient[] = [];
  let serial = 0;

  beforeAll(async () => {
    cluster = await startCluster();
    for (const name of ['a', 'b']) {
      const dir = mkdtempSync(path.join(tmpdir(), `portal-outage-${name}-`));
      dirs.push(dir);
      const server = new ServerProcess({ ...serverEnv(dir, ADMIN), DATABASE_URL: cluster.url, JWT_SECRET, LOG_LEVEL: 'error' });
      // One after the other: the first migrates the database.
      await server.start();
      servers.push(server);
    }
    const [a] = servers;
    const admin = await json<{ accessToken: string }>(a, 'POST', '/api/admin/login', { json: ADMIN });
    const arco = await json<{ id: number }>(a, 'POST', '/api/admin/arcos-sumergidos', {
      token: admin.accessToken,
      json: { name: 'Arco Reinicio', nave: 'Nave 1' },
    });
    const worker_id = `reinicio${process.pid}`;
    await json(a, 'POST', '/api/auth/register', { json: { worker_id, name: 'Trabajadora Reinicio', password: PASSWORD, role: 'user' } });
    const login = await json<{ accessToken: string }>(a, 'POST', '/api/auth/login', {
      json: { worker_id, password: PASSWORD, nave: 'Nave 1', arco_sumergido_id: arco.id },
    });
    token = login.accessToken;
  }, 120_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    for (const s of servers) await s.stop();
    cluster?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function json<T = unknown>(server: ServerProcess, method: string, url: string, input: Parameters<typeof requestInit>[0] = {}) {
    const { headers, body } = requestInit(input);
    const res = await fetch(`${server.baseUrl}${url}`, { method, headers, body });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }

  /** One request under load; its answer is kept for the checks. */
  async function request(server: ServerProcess, method: string, url: string, input: Parameters<typeof requestInit>[0] = {}) {
    const { headers, body } = requestInit(input);
    const what = `${method} ${url}`;
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${server.baseUrl}${url}`, { method, headers, body, signal: AbortSignal.timeout(60_000) });
      text = await res.text();
    } catch (error) {
      answers.push({ what, status: 0, message: (error as Error).message, retryAfter: null });
      return undefined;
    }
    let parsed: { message?: string } | undefined;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    answers.push({ what, status: res.status, message: parsed?.message, retryAfter: res.headers.get('retry-after') });
    return res.ok ? parsed : undefined;
  }

  /** Readers and writers on both instances until `stop` says so; a pause after a 503, as Retry-After asks. */
  async function load(stop: () => boolean): Promise<void> {
    const worker = async (server: ServerProcess, kind: 'read' | 'write' | 'health') => {
      while (!stop()) {
        if (kind === 'write') {
          const content = `Publicación durante el reinicio ${serial++}`;
          const created = (await request(server, 'POST', '/api/wall/posts', { token, form: { content } })) as
            | { post: { id: number } }
            | undefined;
          if (created) acknowledged.set(created.post.id, content);
        } else if (kind === 'read') {
          await request(server, 'GET', '/api/wall/posts', { token });
        } else {
          await request(server, 'GET', '/api/health');
        }
        await new Promise((r) => setTimeout(r, answers.at(-1)?.status === 503 ? 200 : 20));
      }
    };
    await Promise.all(servers.flatMap((s) => [worker(s, 'write'), worker(s, 'read'), worker(s, 'health')]));
  }

  /** Both instances LISTEN again (pg_stat_activity), and answer health and a read with a 2xx. */
  async function serving(): Promise<boolean> {
    const client = new pg.Client({ connectionString: cluster.url });
    try {
      await client.connect();
      const { rows } = await client.query("select count(*)::int as n from pg_stat_activity where query like 'listen %'");
      if (rows[0].n < servers.length) return false;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
    for (const server of servers) {
      const health = await fetch(`${server.baseUrl}/api/health`).catch(() => null);
      if (health?.status !== 200) return false;
      const read = await fetch(`${server.baseUrl}/api/wall/posts`, requestInit({ token })).catch(() => null);
      if (read?.status !== 200) return false;
    }
    return true;
  }

  /** A post made on one instance reaches a stream on the other, both ways. */
  async function eventsCross() {
    for (const [from, to] of [
      [servers[0], servers[1]],
      [servers[1], servers[0]],
    ]) {
      const stream = await SseClient.open(to.baseUrl, token);
      streams.push(stream);
      expect(stream.response.status).toBe(200);
      await stream.next('ready');
      const content = `Cruza instancias ${serial++}`;
      const created = await json<{ post: { id: number } }>(from, 'POST', '/api/wall/posts', { token, form: { content } });
      acknowledged.set(created.post.id, content);
      await stream.next('post.created', (data: { post: { id: number } }) => data.post.id === created.post.id);
    }
  }

  it.each(['fast', 'immediate'] as const)(
    'survives a %s shutdown of PostgreSQL',
    async (mode) => {
      await eventsCross();
      // Streams open across the restart: they stay open, or end so their clients reconnect (as the web client does).
      const open = servers.map(() => null as SseClient | null);
      for (const [i, server] of servers.entries()) {
        const stream = await SseClient.open(server.baseUrl, token);
        streams.push(stream);
        open[i] = stream;
      }
      const from = answers.length;
      let done = false;
      const running = load(() => done);
      await new Promise((r) => setTimeout(r, 500));

      cluster.stop(mode);
      await new Promise((r) => setTimeout(r, OUTAGE_MS));
      cluster.start();
      const back = Date.now();
      let measured = -1;
      while (Date.now() - back < BACK_WITHIN_MS) {
        if (await serving()) {
          measured = Date.now() - back;
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      console.info(
        `[pg-outage] ${mode} shutdown: both instances listening and serving again ${measured} ms after PostgreSQL accepted connections`,
      );
      await new Promise((r) => setTimeout(r, 500));
      done = true;
      await running;

      for (const server of servers) expect(server.running, server.log).toBe(true);
      expect(measured).toBeGreaterThanOrEqual(0);
      const during = answers.slice(from);
      const refused = during.filter((a) => a.status === 503);
      // The load did meet the outage, and was answered as promised.
      expect(refused.length).toBeGreaterThan(0);
      const wrong = during.filter((a) => !(a.status >= 200 && a.status < 300) && a.status !== 503);
      expect(wrong).toEqual([]);
      for (const a of refused) {
        expect(a.retryAfter, a.what).toMatch(/^\d+$/);
        if (a.what === 'GET /api/health') expect(a.message).toBe(messages.databaseUnavailable);
        else expect(a.message, a.what).toBe(messages.databaseUnavailable);
      }
      expect(during.filter((a) => a.status >= 200 && a.status < 300 && a.what.startsWith('POST')).length).toBeGreaterThan(0);

      // The streams open across the restart stayed open or were ended for their clients to reconnect.
      for (const stream of open) expect(stream?.response.status).toBe(200);
      await eventsCross();

      // Nothing acknowledged is lost.
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ id: number; content: string }>('select id, content from wall_posts where id = any($1)', [
          [...acknowledged.keys()],
        ]);
        const stored = new Map(rows.map((r) => [Number(r.id), r.content]));
        for (const [id, content] of acknowledged) expect(stored.get(id), `post ${id}`).toBe(content);
      } finally {
        await client.end();
      }
    },
    180_000,
  );
});
