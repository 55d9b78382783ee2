/**
 * Weld telemetry over a real Mosquitto (docs/decisions/079-weld-telemetry.md): samples published on
 * `<arco topic>/telemetry` by the simulator are stored, a repeated message changes nothing, and on
 * PostgreSQL a database outage loses none: the messages stay unacknowledged on the broker until the
 * database is back (decision 029's rule), then every sample is stored with its device time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sawSamples } from '../bench/simulate-arco';
import { type App, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { refreshTopics, setTopic } from '../src/modules/machines/service';
import { countSamples } from '../src/modules/telemetry/service';
import { freshSchema, pgUnavailable, TEST_DB, testEnv } from './helper';
import { device, startBroker, type TestBroker } from './mosquitto';
import { startCluster, type TestCluster } from './pg-cluster';

async function bootApp(dataDir: string, brokerUrl: string, databaseUrl: string | undefined, name: string): Promise<App> {
  const app = await buildApp({
    config: loadConfig({
      ...testEnv(dataDir),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      MQTT_URL: brokerUrl,
      MQTT_CLIENT_ID: `portal-${name}-${process.pid}`,
    }),
  });
  await app.ready();
  return app;
}

async function boundArco(app: App, name: string): Promise<{ id: number; topic: string }> {
  const nave = await app.ctx.db.selectFrom('naves').select('id').where('name', '=', 'Nave 1').executeTakeFirstOrThrow();
  const { id } = await app.ctx.db
    .insertInto('arcos_sumergidos')
    .values({ name, nave_id: nave.id, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const topic = `planta/${name.replace(/\W/g, '')}-${process.pid}`;
  await setTopic(app.ctx, null, id, topic);
  await vi.waitFor(() => expect(app.ctx.machines.mqtt?.connected).toBe(true), { timeout: 20_000 });
  await refreshTopics(app.ctx);
  return { id, topic };
}

describe.skipIf(pgUnavailable)('weld telemetry over MQTT (a real Mosquitto)', () => {
  let broker: TestBroker;
  let dataDir: string;
  let app: App;
  let publisher: MqttClient;
  let schema: { url: string; drop: () => Promise<void> } | null = null;

  beforeAll(async () => {
    broker = await startBroker();
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-telemetry-mqtt-'));
    // The suite's own PostgreSQL schema when on PostgreSQL (testEnv alone is SQLite).
    schema = TEST_DB === 'postgres' ? await freshSchema() : null;
    app = await bootApp(dataDir, broker.url, schema?.url, 'telemetry');
    publisher = await device(broker.url);
  }, 60_000);

  afterAll(async () => {
    await publisher?.endAsync(true);
    await app?.close();
    await broker?.close();
    await schema?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores the simulator’s batches and the compact form, a repeated message once', async () => {
    const arco = await boundArco(app, 'Arco MQTT');
    const t0 = Date.now() - 10_000;
    for (let s = 0; s < 5; s++) {
      await publisher.publishAsync(`${arco.topic}/telemetry`, JSON.stringify(sawSamples(1, t0 + s * 1000, 10)), { qos: 1 });
    }
    // The last batch again (a device that did not see its PUBACK), and one sample in the compact form.
    await publisher.publishAsync(`${arco.topic}/telemetry`, JSON.stringify(sawSamples(1, t0 + 4000, 10)), { qos: 1 });
    await publisher.publishAsync(`${arco.topic}/telemetry`, `${t0 + 5000},1,610,31.5,2.1,55,160`, { qos: 1 });
    await vi.waitFor(async () => expect(await countSamples(app.ctx, [arco.id])).toBe(51), { timeout: 20_000, interval: 100 });
    const row = await app.ctx.db
      .selectFrom('telemetry_samples')
      .selectAll()
      .where('t', '=', t0 + 5000)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ arco_sumergido_id: arco.id, arc: 1, i: 610, u: 31.5, wf: 2.1, v: 55, temp: 160 });
    // Arc on from the first sample: a pass opened by the signal, pending the operator.
    const run = await app.ctx.db
      .selectFrom('telemetry_runs')
      .selectAll()
      .where('arco_sumergido_id', '=', arco.id)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ state: 'pendiente', origin: 'senal' });
  }, 60_000);
});

describe.skipIf(pgUnavailable || TEST_DB !== 'postgres')('weld telemetry across a PostgreSQL outage (a real Mosquitto)', () => {
  let cluster: TestCluster;
  let broker: TestBroker;
  let dataDir: string;
  let app: App;
  let publisher: MqttClient;

  beforeAll(async () => {
    cluster = await startCluster();
    broker = await startBroker();
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-telemetry-outage-'));
    app = await bootApp(dataDir, broker.url, cluster.url, 'telemetry-outage');
    publisher = await device(broker.url);
  }, 60_000);

  afterAll(async () => {
    await publisher?.endAsync(true);
    await app?.close();
    await broker?.close();
    cluster?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores every sample published while the database was away, with its device time', async () => {
    const arco = await boundArco(app, 'Arco Corte Telemetría');
    const t0 = Date.now();
    let published = 0;
    const publish = async (s: number) => {
      const batch = sawSamples(2, t0 + s * 1000, 10);
      await publisher.publishAsync(`${arco.topic}/telemetry`, JSON.stringify(batch), { qos: 1 });
      published += batch.length;
    };
    await publish(0);
    await vi.waitFor(async () => expect(await countSamples(app.ctx, [arco.id])).toBe(10), { timeout: 20_000, interval: 100 });
    cluster.stop('fast');
    // Ten seconds of samples published while PostgreSQL is down (their device times are the seconds 1–10).
    for (let s = 1; s <= 10; s++) await publish(s);
    await new Promise((r) => setTimeout(r, 2000));
    cluster.start();
    const back = Date.now();
    await vi.waitFor(async () => expect(await countSamples(app.ctx, [arco.id])).toBe(published), { timeout: 30_000, interval: 100 });
    const times = await app.ctx.db
      .selectFrom('telemetry_samples')
      .select('t')
      .where('arco_sumergido_id', '=', arco.id)
      .orderBy('t')
      .execute();
    expect(times.map((r) => r.t)).toEqual(Array.from({ length: 110 }, (_, k) => t0 + k * 100));
    console.info(
      `[telemetry-outage] ${published - 10} samples published during the outage, all stored ${Date.now() - back} ms after PostgreSQL started`,
    );
  }, 120_000);
});
