import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { MqttClient } from 'mqtt';
import { type App, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { refreshTopics } from '../../src/modules/machines/service';
import { upsertAdmin } from '../../src/modules/users/bootstrap';
import { device, startBroker, type TestBroker } from '../../test/mosquitto';
import { throwawaySchema } from './pg-schema';

const ADMIN = { worker_id: 'bench-admin', password: 'bench-password' };

/** The machine and telemetry benchmarks' set-up: a real Mosquitto, the portal on it, bound arcos and an admin's event stream. */
export interface MqttPortal {
  app: App;
  /** The SQLite file (on SQLite). */
  sqliteFile: string;
  broker: TestBroker;
  arcos: { id: number; topic: string }[];
  /** Devices publishing with QoS 1, `publishers` of them. */
  devices: MqttClient[];
  /** The administrator's event stream over HTTP: each event with its arrival time (performance.now()). */
  readEvents(onEvent: (type: string, data: unknown, at: number) => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a real Mosquitto (as the tests do) and the real app on a temporary SQLite file, or on a fresh
 * schema of the PostgreSQL at `databaseUrl`, binds `arcos` arcos to the topics `topic(n)` (n from 1),
 * signs an administrator in and listens on loopback.
 */
export async function startMqttPortal(options: {
  name: string;
  arcos: number;
  topic: (n: number) => string;
  databaseUrl?: string;
  publishers?: number;
  env?: Record<string, string>;
}): Promise<MqttPortal> {
  const broker = await startBroker();
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-${options.name}-`));
  const pgSchema = options.databaseUrl ? await throwawaySchema(options.databaseUrl, 'bench') : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'warn',
    MQTT_URL: broker.url,
    MQTT_CLIENT_ID: `portal-bench-${options.name}`,
    ...(pgSchema ? { DATABASE_URL: pgSchema.url } : {}),
    ...options.env,
  });
  const app = await buildApp({ config });
  await app.ready();
  const db = app.ctx.db;
  const nave = await db.selectFrom('naves').select('id').orderBy('id').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const arcos: MqttPortal['arcos'] = [];
  await db.transaction().execute(async (trx) => {
    for (let n = 1; n <= options.arcos; n++) {
      const { id } = await trx
        .insertInto('arcos_sumergidos')
        .values({ name: `Arco ${n}`, nave_id: nave.id, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const topic = options.topic(n);
      await trx
        .insertInto('machine_bindings')
        .values({ arco_sumergido_id: id, topic, key_hash: null, key_created_at: null, created_at: now, updated_at: now })
        .execute();
      arcos.push({ id, topic });
    }
  });
  while (!app.ctx.machines.mqtt?.connected) await new Promise((r) => setTimeout(r, 20));
  await refreshTopics(app.ctx);
  await upsertAdmin(db, ADMIN.worker_id, ADMIN.password, 'Bench Admin');
  const token = (await app.inject({ method: 'POST', url: '/api/admin/login', payload: ADMIN })).json().accessToken as string;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const devices = await Promise.all(Array.from({ length: options.publishers ?? 4 }, () => device(broker.url)));
  const controller = new AbortController();
  return {
    app,
    sqliteFile: config.sqliteFile,
    broker,
    arcos,
    devices,
    readEvents: (onEvent) => readStream(`http://127.0.0.1:${port}`, token, onEvent, controller.signal),
    async close() {
      controller.abort();
      for (const d of devices) await d.endAsync(true);
      await app.close();
      await broker.close();
      await pgSchema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Reads the event stream as the web client does, handing each event to `onEvent` with its arrival
 * time; when the server ends it (the PostgreSQL listener came back after an outage: the clients
 * refetch), connects again, until `signal` aborts. Resolves once the first connection is open.
 */
async function readStream(baseUrl: string, token: string, onEvent: (type: string, data: unknown, at: number) => void, signal: AbortSignal) {
  const open = async () => {
    const response = await fetch(`${baseUrl}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal });
    if (!response.ok || !response.body) throw new Error(`event stream: ${response.status}`);
    return response.body.pipeThrough(new TextDecoderStream()).getReader();
  };
  let reader = await open();
  void (async () => {
    for (;;) {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            let type = '';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) type = line.slice(7);
              else if (line.startsWith('data: ')) data += line.slice(6);
            }
            if (type && data) onEvent(type, JSON.parse(data), performance.now());
          }
        }
      } catch {
        // Aborted at the end, or cut: connected again below.
      }
      for (;;) {
        if (signal.aborted) return;
        try {
          reader = await open();
          break;
        } catch {
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    }
  })();
}

/** The p-th percentile of sorted values. */
export const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;
export const ms = (v: number) => `${v.toFixed(1)} ms`;
