import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { pgUnavailable, secondInstance, TEST_DB, type TestArco, useSeed, useTestApp, WORKER_PASSWORD } from './helper';
import { closeClients, connect, listen } from './sse-client';

/**
 * A stream ends as soon as its session stops holding, not at the next heartbeat (25 s): the users
 * service publishes `session.ended` for the user after its commit, and every instance ends that
 * user's streams. The wait for the end is bounded by the test's timeout only; the time it took is
 * printed, never asserted.
 */
describe.skipIf(pgUnavailable)('streams end with their session', () => {
  const t = useTestApp();
  const seed = useSeed(t, { arcos: { station: 'Arco Sesiones' } });
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = await listen(t.app);
  });
  afterEach(closeClients);

  it("ends a deleted user's stream at once, and no other", async () => {
    const w = await t.createWorker(seed.station);
    const other = await t.createWorker(seed.station);
    const client = await connect(baseUrl, w.token);
    const bystander = await connect(baseUrl, other.token);
    const started = performance.now();
    expect((await t.send(seed.admin, 'DELETE', `/api/admin/users/${w.id}`)).statusCode).toBe(200);
    await client.ended();
    console.info(`deleted user's stream ended after ${(performance.now() - started).toFixed(0)} ms`);
    expect(bystander.closed).toBe(false);
    // The heartbeat did not do it: it runs every 25 s in this suite.
    expect(client.heartbeats).toBe(0);
  });

  it('ends the stream when the user changes their password, and the new token streams again', async () => {
    const w = await t.createWorker(seed.station);
    const client = await connect(baseUrl, w.token);
    const res = await t.send(w.token, 'PUT', '/api/users/me/password', { currentPassword: WORKER_PASSWORD, newPassword: 'otra-clave-123' });
    expect(res.statusCode).toBe(200);
    await client.ended();
    await connect(baseUrl, res.json().newToken);
  });

  it('ends the stream when an admin resets the password', async () => {
    const w = await t.createWorker(seed.station);
    const client = await connect(baseUrl, w.token);
    expect((await t.send(seed.admin, 'PUT', `/api/admin/users/${w.id}/password`, { password: 'nueva-clave-1' })).statusCode).toBe(200);
    await client.ended();
  });

  it('ends the stream of a demoted administrator, and not of a promoted worker', async () => {
    const w = await t.createWorker(seed.station);
    expect((await t.send(seed.admin, 'PUT', `/api/admin/users/${w.id}/role`, { role: 'admin' })).statusCode).toBe(200);
    const client = await connect(baseUrl, w.token);
    expect((await t.send(seed.admin, 'PUT', `/api/admin/users/${w.id}/role`, { role: 'admin' })).statusCode).toBe(200);
    expect((await t.send(seed.admin, 'PUT', `/api/admin/users/${w.id}/role`, { role: 'user' })).statusCode).toBe(200);
    await client.ended();
    const again = await connect(baseUrl, w.token);
    // Promotion widens nothing the stream may not learn at its next heartbeat: it stays open.
    expect((await t.send(seed.admin, 'PUT', `/api/admin/users/${w.id}/role`, { role: 'admin' })).statusCode).toBe(200);
    await t.send(seed.admin, 'GET', '/api/admin/users');
    expect(again.closed).toBe(false);
  });
});

describe.skipIf(pgUnavailable || TEST_DB !== 'postgres')('streams end with their session on every instance', () => {
  const t = useTestApp();
  let second: App;
  let urlB: string;
  let station: TestArco;

  beforeAll(async () => {
    second = await secondInstance(t);
    urlB = await listen(second);
    station = await t.createArco('Arco Sesiones Compartido');
  });
  afterEach(closeClients);
  afterAll(async () => {
    await second?.close();
  });

  it("ends a deleted user's stream on the other instance at once (the time is printed)", async () => {
    const w = await t.createWorker(station);
    const onB = await connect(urlB, w.token);
    const started = performance.now();
    // Deleted through instance A; the stream is held by instance B.
    expect((await t.send(await t.adminToken(), 'DELETE', `/api/admin/users/${w.id}`)).statusCode).toBe(200);
    await onB.ended();
    const ms = performance.now() - started;
    console.info(`deleted user's stream on the other instance ended after ${ms.toFixed(0)} ms`);
    expect(onB.heartbeats).toBe(0);
  });
});
