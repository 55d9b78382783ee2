import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import { expect, vi } from 'vitest';
import { type App, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { refreshTopics, setTopic } from '../src/modules/machines/service';
import { freshSchema, TEST_DB, testEnv } from './helper';
import { device, startBroker, type TestBroker } from './mosquitto';
import { startCluster, type TestCluster } from './pg-cluster';

/** The portal on a real Mosquitto, a device publishing to it, and the database it runs on. */
export interface MqttPortal {
  app: App;
  broker: TestBroker;
  publisher: MqttClient;
  /** A PostgreSQL cluster of the test's own, which it may stop and start (`database: 'own cluster'`). */
  cluster: TestCluster | null;
  close(): Promise<void>;
}

/**
 * Starts a Mosquitto and the portal subscribed to it under a client id of `name`, on the suite's
 * engine (SQLite, or a fresh schema of the suite's PostgreSQL), or on a PostgreSQL cluster of its own
 * that the test stops and starts (an outage).
 */
export async function startMqttPortal(name: string, database: 'suite' | 'own cluster'): Promise<MqttPortal> {
  const cluster = database === 'own cluster' ? await startCluster() : null;
  const schema = database === 'suite' && TEST_DB === 'postgres' ? await freshSchema() : null;
  const broker = await startBroker();
  const dataDir = mkdtempSync(path.join(tmpdir(), `portal-${name}-`));
  const databaseUrl = cluster?.url ?? schema?.url;
  const app = await buildApp({
    config: loadConfig({
      ...testEnv(dataDir),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      MQTT_URL: broker.url,
      MQTT_CLIENT_ID: `portal-${name}-${process.pid}`,
    }),
  });
  await app.ready();
  const publisher = await device(broker.url);
  return {
    app,
    broker,
    publisher,
    cluster,
    async close() {
      await publisher.endAsync(true);
      await app.close();
      await broker.close();
      await schema?.drop();
      cluster?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new arco of Nave 1 bound to `topic`, once the portal is connected and subscribed to it. */
export async function boundArco(app: App, name: string, topic: string): Promise<{ id: number; topic: string }> {
  const nave = await app.ctx.db.selectFrom('naves').select('id').where('name', '=', 'Nave 1').executeTakeFirstOrThrow();
  const { id } = await app.ctx.db
    .insertInto('arcos_sumergidos')
    .values({ name, nave_id: nave.id, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setTopic(app.ctx, null, id, topic);
  await vi.waitFor(() => expect(app.ctx.machines.mqtt?.connected).toBe(true), { timeout: 20_000 });
  await refreshTopics(app.ctx);
  return { id, topic };
}
