/**
 * Weld telemetry over a real Mosquitto (docs/decisions/079-weld-telemetry.md): samples published on
 * `<arco topic>/telemetry` by the simulator are stored, a repeated message changes nothing, and on
 * PostgreSQL a database outage loses none: the messages stay unacknowledged on the broker until the
 * database is back (decision 029's rule), then every sample is stored with its device time.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sawSamples } from '../bench/simulate-arco';
import { countSamples } from '../src/modules/telemetry/service';
import { pgUnavailable, TEST_DB } from './helper';
import { boundArco, type MqttPortal, startMqttPortal } from './mqtt-portal';

const topicOf = (name: string) => `planta/${name.replace(/\W/g, '')}-${process.pid}`;

describe.skipIf(pgUnavailable)('weld telemetry over MQTT (a real Mosquitto)', () => {
  let portal: MqttPortal;

  beforeAll(async () => {
    portal = await startMqttPortal('telemetry', 'suite');
  }, 60_000);

  afterAll(async () => {
    await portal?.close();
  });

  it('stores the simulator’s batches and the compact form, a repeated message once', async () => {
    const { app, publisher } = portal;
    const arco = await boundArco(app, 'Arco MQTT', topicOf('Arco MQTT'));
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
  let portal: MqttPortal;

  beforeAll(async () => {
    portal = await startMqttPortal('telemetry-outage', 'own cluster');
  }, 60_000);

  afterAll(async () => {
    await portal?.close();
  });

  it('stores every sample published while the database was away, with its device time', async () => {
    const { app, publisher } = portal;
    const cluster = portal.cluster!;
    const arco = await boundArco(app, 'Arco Corte Telemetría', topicOf('Arco Corte Telemetría'));
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
