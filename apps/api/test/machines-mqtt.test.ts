import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { applySignal, refreshTopics, setTopic } from '../src/modules/machines/service';
import { upsertAdmin } from '../src/modules/users/bootstrap';
import { ADMIN, adminToken, freshSchema, pgUnavailable, TEST_DB, type TestApp, testEnv } from './helper';
import { device, gate, startBroker, type TestBroker, type TestGate } from './mosquitto';
import { connect, listen } from './sse-client';

const HOUR = 3600_000;
const WAIT = { timeout: 20_000, interval: 25 };
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const signal = (state: 'running' | 'stopped', at: string) => JSON.stringify({ state, at });

/**
 * One database that several portal processes share, as a restarted or a second instance would: a
 * SQLite file in a temporary folder, or a fresh PostgreSQL schema.
 */
async function sharedDatabase() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-mqtt-'));
  const pg = TEST_DB === 'postgres' ? await freshSchema() : null;
  return {
    env: { ...testEnv(dataDir), ...(pg ? { DATABASE_URL: pg.url } : {}) },
    async drop() {
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let seq = 0;

describe.skipIf(pgUnavailable)('machine signals over MQTT (a real Mosquitto)', () => {
  let broker: TestBroker;
  let db: Awaited<ReturnType<typeof sharedDatabase>>;
  const apps: App[] = [];
  const devices: MqttClient[] = [];
  const gates: TestGate[] = [];

  beforeAll(async () => {
    broker = await startBroker();
    db = await sharedDatabase();
  });
  afterEach(async () => {
    for (const d of devices.splice(0)) await d.endAsync(true);
    for (const a of apps.splice(0)) await a.close();
    for (const g of gates.splice(0)) await g.close();
  });
  afterAll(async () => {
    await broker?.close();
    await db?.drop();
  });

  /** A portal process on the shared database, subscribed to the bound topics once it returns. */
  async function portal(clientId: string, env: Record<string, string> = {}): Promise<App> {
    const app = await buildApp({ config: loadConfig({ ...db.env, MQTT_URL: broker.url, MQTT_CLIENT_ID: clientId, ...env }) });
    apps.push(app);
    await app.ready();
    await subscribed(app);
    return app;
  }

  async function subscribed(app: App) {
    await vi.waitFor(() => expect(app.ctx.machines.mqtt?.connected).toBe(true), WAIT);
    // Awaits the subscriptions of the bound topics (each sync follows the one before).
    await refreshTopics(app.ctx);
  }

  async function stop(app: App) {
    apps.splice(apps.indexOf(app), 1);
    await app.close();
  }

  async function boundArco(app: App): Promise<{ id: number; topic: string }> {
    const nave = await app.ctx.db.selectFrom('naves').select('id').where('name', '=', 'Nave 1').executeTakeFirstOrThrow();
    const { id } = await app.ctx.db
      .insertInto('arcos_sumergidos')
      .values({ name: `Arco MQTT ${process.pid}-${seq++}`, nave_id: nave.id, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const topic = `planta/test-${process.pid}-${seq++}/estado`;
    await setTopic(app.ctx, null, id, topic);
    return { id, topic };
  }

  async function publisher(): Promise<MqttClient> {
    const d = await device(broker.url);
    devices.push(d);
    return d;
  }

  /** A bound arco whose machine stopped an hour ago: its parada is open. */
  async function midParada(app: App) {
    const arco = await boundArco(app);
    await subscribed(app);
    const d = await publisher();
    const t0 = ago(HOUR);
    await d.publishAsync(arco.topic, signal('stopped', t0), { qos: 1 });
    await vi.waitFor(async () => expect(await paradasAt(app, arco.id)).toHaveLength(1), WAIT);
    return { arco, t0 };
  }

  const handled = (app: App) => app.ctx.machines.mqtt?.status().messages ?? 0;
  const paradasAt = (app: App, arcoId: number) =>
    app.ctx.db.selectFrom('paradas_kaiser').selectAll().where('arco_sumergido_id', '=', arcoId).orderBy('start_time').execute();

  it('stopped then running gives one parada with the device times; duplicates and late messages change nothing', async () => {
    const app = await portal(`portal-a-${seq++}`);
    const arco = await boundArco(app);
    await subscribed(app);
    const d = await publisher();
    const t0 = ago(2 * HOUR);
    const t1 = ago(HOUR);
    const before = handled(app);
    await d.publishAsync(arco.topic, signal('stopped', t0), { qos: 1 });
    await d.publishAsync(arco.topic, signal('stopped', t0), { qos: 1 });
    await d.publishAsync(arco.topic, '0', { qos: 1 });
    await d.publishAsync(arco.topic, signal('running', t1), { qos: 1 });
    await d.publishAsync(arco.topic, signal('stopped', ago(1.5 * HOUR)), { qos: 1 });
    await d.publishAsync(arco.topic, signal('running', ago(1.2 * HOUR)), { qos: 1 });
    await d.publishAsync(arco.topic, 'no es un estado', { qos: 1 });
    await d.publishAsync(arco.topic, signal('running', t1), { qos: 1 });
    await vi.waitFor(() => expect(handled(app) - before).toBe(8), WAIT);
    const rows = await paradasAt(app, arco.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'machine', user_id: null, start_time: t0, end_time: t1, duration_minutes: 60 });
  });

  it('a published stop reaches the live event stream of admins with its source', async () => {
    const app = await portal(`portal-sse-${seq++}`);
    const arco = await boundArco(app);
    await subscribed(app);
    await upsertAdmin(app.ctx.db, ADMIN.worker_id, ADMIN.password, 'Admin Principal');
    const token = await adminToken({ app } as TestApp);
    const stream = await connect(await listen(app), token);
    const d = await publisher();
    await d.publishAsync(arco.topic, 'stopped', { qos: 1 });
    const started = await stream.next(
      'parada.started',
      (e: { parada: { arco_sumergido_id: number } }) => e.parada.arco_sumergido_id === arco.id,
    );
    expect(started.data).toMatchObject({ parada: { source: 'machine', user_id: null, end_time: null } });
    await d.publishAsync(arco.topic, 'running', { qos: 1 });
    const ended = await stream.next(
      'parada.ended',
      (e: { parada: { arco_sumergido_id: number } }) => e.parada.arco_sumergido_id === arco.id,
    );
    expect((ended.data as { parada: { end_time: string } }).parada.end_time).not.toBeNull();
    stream.close();
  });

  it('loses no transition when the broker restarts in the middle of a parada', async () => {
    const app = await portal(`portal-b-${seq++}`);
    const { arco, t0 } = await midParada(app);

    await broker.stop();
    await vi.waitFor(() => expect(app.ctx.machines.mqtt?.connected).toBe(false), WAIT);
    await broker.start();
    // Here the device reports once the portal is back; the next test publishes before it is.
    await subscribed(app);
    const d2 = await publisher();
    const t1 = ago(HOUR / 2);
    await d2.publishAsync(arco.topic, signal('running', t1), { qos: 1 });
    await vi.waitFor(async () => expect((await paradasAt(app, arco.id))[0]?.end_time).toBe(t1), WAIT);
    expect(await paradasAt(app, arco.id)).toMatchObject([{ start_time: t0, end_time: t1 }]);
    const status = app.ctx.machines.mqtt!.status();
    expect(status.connected).toBe(true);
    expect(status.reconnects).toBeGreaterThan(0);
  });

  it('loses no transition published while the portal restarts', async () => {
    const clientId = `portal-c-${seq++}`;
    const first = await portal(clientId);
    const arco = await boundArco(first);
    await subscribed(first);
    await stop(first);

    const d = await publisher();
    const t0 = ago(3 * HOUR);
    const t1 = ago(2 * HOUR);
    const t2 = ago(HOUR);
    await d.publishAsync(arco.topic, signal('stopped', t0), { qos: 1 });
    await d.publishAsync(arco.topic, signal('running', t1), { qos: 1 });
    await d.publishAsync(arco.topic, signal('stopped', t2), { qos: 1 });

    const second = await portal(clientId);
    await vi.waitFor(() => expect(handled(second)).toBe(3), WAIT);
    expect(await paradasAt(second, arco.id)).toMatchObject([
      { start_time: t0, end_time: t1, source: 'machine' },
      { start_time: t2, end_time: null, source: 'machine' },
    ]);
  });

  it('records a transition published after the broker restarts, before the portal has reconnected', async () => {
    const g = await gate(broker.port);
    gates.push(g);
    const app = await portal(`portal-e-${seq++}`, { MQTT_URL: g.url });
    const { arco, t0 } = await midParada(app);

    await broker.stop();
    // The portal may not reconnect until the device has published to the restarted broker.
    g.hold();
    await vi.waitFor(() => expect(app.ctx.machines.mqtt?.connected).toBe(false), WAIT);
    await broker.start();
    const d2 = await publisher();
    const t1 = ago(HOUR / 2);
    await d2.publishAsync(arco.topic, signal('running', t1), { qos: 1 });
    expect(app.ctx.machines.mqtt?.connected).toBe(false);
    g.release();
    // The broker restored the portal's session with its plain subscription and queued the message.
    await vi.waitFor(async () => expect((await paradasAt(app, arco.id))[0]?.end_time).toBe(t1), WAIT);
    expect(await paradasAt(app, arco.id)).toMatchObject([{ start_time: t0, end_time: t1 }]);
    expect(app.ctx.machines.mqtt?.status().reconnects).toBeGreaterThan(0);
  });

  it.runIf(TEST_DB === 'postgres')(
    'two instances on PostgreSQL with plain subscriptions both receive each message and apply it once',
    async () => {
      const a = await portal(`portal-f1-${seq++}`);
      const b = await portal(`portal-f2-${seq++}`);
      const arcos = [];
      for (let i = 0; i < 12; i++) arcos.push(await boundArco(a));
      await subscribed(a);
      await subscribed(b);
      const ids = new Set(arcos.map((arco) => arco.id));
      const published: { type: string; id: number }[] = [];
      for (const app of [a, b]) {
        const publish = app.ctx.events.publish.bind(app.ctx.events);
        vi.spyOn(app.ctx.events, 'publish').mockImplementation(async (type, payload, audience) => {
          const parada = (payload as { parada?: { id: number; arco_sumergido_id: number } }).parada;
          if (parada && ids.has(parada.arco_sumergido_id)) published.push({ type, id: parada.id });
          return publish(type, payload, audience);
        });
      }
      const d = await publisher();
      const [beforeA, beforeB] = [handled(a), handled(b)];
      // Half the devices send their time, half do not (each instance then takes its own arrival time).
      const t0 = ago(2 * HOUR);
      const t1 = ago(HOUR);
      const timed = (i: number) => i % 2 === 0;
      for (const [i, arco] of arcos.entries()) await d.publishAsync(arco.topic, timed(i) ? signal('stopped', t0) : 'stopped', { qos: 1 });
      await vi.waitFor(() => expect([handled(a) - beforeA, handled(b) - beforeB]).toEqual([arcos.length, arcos.length]), WAIT);
      for (const arco of arcos) expect(await paradasAt(a, arco.id)).toHaveLength(1);
      for (const [i, arco] of arcos.entries()) await d.publishAsync(arco.topic, timed(i) ? signal('running', t1) : 'running', { qos: 1 });
      await vi.waitFor(() => expect([handled(a) - beforeA, handled(b) - beforeB]).toEqual([2 * arcos.length, 2 * arcos.length]), WAIT);
      for (const [i, arco] of arcos.entries()) {
        const rows = await paradasAt(b, arco.id);
        expect(rows).toHaveLength(1);
        expect(rows[0].end_time).not.toBeNull();
        if (timed(i)) expect(rows[0]).toMatchObject({ start_time: t0, end_time: t1 });
      }
      // Every parada opened once and closed once, whichever instance applied it.
      expect(published.filter((e) => e.type === 'parada.started')).toHaveLength(arcos.length);
      expect(published.filter((e) => e.type === 'parada.ended')).toHaveLength(arcos.length);
      expect(new Set(published.map((e) => `${e.type}-${e.id}`)).size).toBe(2 * arcos.length);
    },
  );

  it.runIf(TEST_DB === 'postgres')('two instances on PostgreSQL consume each message once and open one parada per stop', async () => {
    // Shared subscriptions, for brokers that restore them after a restart.
    const a = await portal(`portal-d1-${seq++}`, { MQTT_SHARED_SUBSCRIPTION: 'true' });
    const b = await portal(`portal-d2-${seq++}`, { MQTT_SHARED_SUBSCRIPTION: 'true' });
    const arcos = [];
    for (let i = 0; i < 12; i++) arcos.push(await boundArco(a));
    await subscribed(a);
    await subscribed(b);
    const d = await publisher();
    const before = handled(a) + handled(b);
    const t0 = ago(2 * HOUR);
    for (const arco of arcos) await d.publishAsync(arco.topic, signal('stopped', t0), { qos: 1 });
    await vi.waitFor(() => expect(handled(a) + handled(b) - before).toBe(arcos.length), WAIT);
    for (const arco of arcos) expect(await paradasAt(a, arco.id)).toHaveLength(1);

    const t1 = ago(HOUR);
    for (const arco of arcos) await d.publishAsync(arco.topic, signal('running', t1), { qos: 1 });
    await vi.waitFor(() => expect(handled(a) + handled(b) - before).toBe(2 * arcos.length), WAIT);
    for (const arco of arcos) expect(await paradasAt(a, arco.id)).toMatchObject([{ start_time: t0, end_time: t1 }]);
    // Shared subscription: Mosquitto hands each topic's messages to the group's members in turn, none to both.
    expect(handled(a)).toBeGreaterThan(0);
    expect(handled(b)).toBeGreaterThan(0);
    // The same stop reported to both instances at once (HTTP and MQTT, or a redelivery) opens one parada.
    const arco = arcos[0];
    const t2 = ago(HOUR / 2);
    const both = await Promise.all([a, b, a, b].map((app) => applySignal(app.ctx, arco.id, { state: 'stopped', at: t2 })));
    expect(both.filter((r) => r.cover?.opened !== undefined)).toHaveLength(1);
    expect(await paradasAt(b, arco.id)).toMatchObject([{ end_time: t1 }, { start_time: t2, end_time: null }]);
  });
});
