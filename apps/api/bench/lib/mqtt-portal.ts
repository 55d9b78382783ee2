import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import { type App, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { device, startBroker, type TestBroker } from '../../test/mosquitto';
import { benchAdminToken, listenForBench, machineArcos } from './app';
import { readStream } from './event-stream';
import { throwawaySchema } from './pg-schema';

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
  const arcos = await machineArcos(app, options.arcos, (i) => options.topic(i + 1));
  const token = await benchAdminToken(app);
  const { base } = await listenForBench(app);
  const devices = await Promise.all(Array.from({ length: options.publishers ?? 4 }, () => device(broker.url)));
  const controller = new AbortController();
  return {
    app,
    sqliteFile: config.sqliteFile,
    broker,
    arcos,
    devices,
    readEvents: (onEvent) => readStream(base, token, onEvent, controller.signal),
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

/** The p-th percentile of sorted values. */
export const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;
export const ms = (v: number) => `${v.toFixed(1)} ms`;
