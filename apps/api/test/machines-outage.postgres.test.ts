/**
 * Machine signals are never lost to a database outage (docs/decisions/029-database-outages.md): a
 * real Mosquitto, the portal on a PostgreSQL cluster of this test's own, stopped for two minutes
 * while a device goes on publishing transitions. None is acknowledged before it is committed; once
 * the database is back they are all applied, in order, with the device's times. Meanwhile the HTTP
 * device path answers the Spanish 503 with Retry-After, so the device retries.
 */
import { messages } from '@portal/contract/common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKey } from '../src/modules/machines/service';
import { pgUnavailable, TEST_DB } from './helper';
import { boundArco, type MqttPortal, startMqttPortal } from './mqtt-portal';

const OUTAGE_MS = 120_000;
/** A transition every 10 s of the outage: six stops, each ended. */
const EVERY_MS = 10_000;

describe.skipIf(pgUnavailable || TEST_DB !== 'postgres')('machine signals across a 2-minute PostgreSQL outage (a real Mosquitto)', () => {
  let portal: MqttPortal;

  beforeAll(async () => {
    portal = await startMqttPortal('outage', 'own cluster');
  }, 60_000);

  afterAll(async () => {
    await portal?.close();
  });

  it('applies every transition published while the database was away, in order, with the device times', async () => {
    const { app, publisher } = portal;
    const cluster = portal.cluster!;
    const { id: arcoId, topic } = await boundArco(app, 'Arco Corte', `planta/corte-${process.pid}/estado`);
    const { key } = await createKey(app.ctx, null, arcoId);
    const report = (state: string) =>
      app.inject({ method: 'POST', url: `/api/machines/${arcoId}/state`, headers: { 'x-device-key': key }, payload: { state } });

    cluster.stop('fast');
    const started = Date.now();
    // The HTTP device path: a 503 the device retries, never a 500.
    const refused = await report('running');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toEqual({ message: messages.databaseUnavailable });

    const sent: { state: 'stopped' | 'running'; at: string }[] = [];
    for (let i = 0; Date.now() - started < OUTAGE_MS - EVERY_MS / 2; i++) {
      const signal = { state: i % 2 === 0 ? ('stopped' as const) : ('running' as const), at: new Date().toISOString() };
      await publisher.publishAsync(topic, JSON.stringify(signal), { qos: 1 });
      sent.push(signal);
      await new Promise((r) => setTimeout(r, EVERY_MS));
    }
    if (sent.length % 2 === 1) {
      const last = { state: 'running' as const, at: new Date().toISOString() };
      await publisher.publishAsync(topic, JSON.stringify(last), { qos: 1 });
      sent.push(last);
    }
    await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (Date.now() - started))));
    cluster.start();
    const back = Date.now();

    const expected: { start_time: string; end_time: string }[] = [];
    for (let i = 0; i < sent.length; i += 2) expected.push({ start_time: sent[i].at, end_time: sent[i + 1].at });
    await vi.waitFor(
      async () => {
        const rows = await app.ctx.db
          .selectFrom('paradas_kaiser')
          .select(['start_time', 'end_time', 'source'])
          .where('arco_sumergido_id', '=', arcoId)
          .orderBy('start_time')
          .execute();
        expect(rows).toEqual(expected.map((e) => ({ ...e, source: 'machine' })));
      },
      { timeout: 60_000, interval: 100 },
    );
    console.info(
      `[machines-outage] ${sent.length} transitions published during a ${Math.round((back - started) / 1000)} s outage, all applied ${Date.now() - back} ms after PostgreSQL accepted connections`,
    );
    const state = await app.ctx.db
      .selectFrom('machine_states')
      .selectAll()
      .where('arco_sumergido_id', '=', arcoId)
      .executeTakeFirstOrThrow();
    expect(state).toMatchObject({ state: 'running', state_at: sent.at(-1)?.at });
    // The device's retry goes through once the database is back.
    expect((await report('running')).statusCode).toBe(200);
  }, 300_000);
});
