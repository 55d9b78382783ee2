import { machineMessages } from '@portal/contract/machines';
import { describe, expect, it } from 'vitest';
import type { Log } from '../../src/lib/log';
import { serializeError } from '../../src/lib/log-error';
import { LogSummary } from '../../src/lib/log-summary';
import { handleMqttMessage } from '../../src/modules/machines/service';
import { pgUnavailable, useTestApp } from '../helper';

// docs/decisions/028-connection-fairness.md: wrong device keys limited per arco and address, refusals
// summarised in the log (one line per interval) and in /metrics.

const METRICS_TOKEN = 'metrics-token-0123456789';
const MAX_WRONG = 5;

/** A log that keeps its lines. */
function recordingLog(): Log & { lines: { detail: object; message?: string }[] } {
  const lines: { detail: object; message?: string }[] = [];
  const keep = (detail: object, message?: string) => void lines.push({ detail, message });
  return { lines, info: keep, warn: keep, error: keep };
}

describe.skipIf(pgUnavailable)('refused device keys and MQTT messages', () => {
  const t = useTestApp({ DEVICE_KEY_MAX_FAILURES: String(MAX_WRONG), METRICS_TOKEN });

  const report = (arcoId: number, key: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/machines/${arcoId}/state`,
      remoteAddress,
      headers: { 'x-device-key': key, 'content-type': 'text/plain' },
      payload: 'running',
    });

  const metric = async (name: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const line = res.body.split('\n').find((l) => l.startsWith(`${name} `));
    return Number(line?.split(' ')[1]);
  };

  it('limits wrong device keys per arco and address like logins, and counts them in /metrics', async () => {
    const admin = await t.adminToken();
    const arco = await t.createArco();
    const other = await t.createArco();
    const key = (await t.send(admin, 'POST', `/api/admin/arcos-sumergidos/${arco.id}/machine/key`)).json().key as string;
    const otherKey = (await t.send(admin, 'POST', `/api/admin/arcos-sumergidos/${other.id}/machine/key`)).json().key as string;
    const before = await metric('portal_device_key_refusals_total');

    for (let i = 0; i < MAX_WRONG; i++) expect((await report(arco.id, `${key}x`, '10.0.0.7')).statusCode).toBe(401);
    const limited = await report(arco.id, `${key}x`, '10.0.0.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Limited before the key is looked at, the right one included, from that address for that arco only.
    expect((await report(arco.id, key, '10.0.0.7')).statusCode).toBe(429);
    expect((await report(arco.id, key, '10.0.0.8')).statusCode).toBe(200);
    expect((await report(other.id, otherKey, '10.0.0.7')).statusCode).toBe(200);
    expect((await report(other.id, 'pk_nada', '10.0.0.7')).json()).toEqual({ message: machineMessages.keyInvalid });

    expect((await metric('portal_device_key_refusals_total')) - before).toBe(MAX_WRONG + 2 + 1);
  });

  it('summarises refused MQTT messages per topic, one log line per interval', async () => {
    const log = recordingLog();
    const summary = new LogSummary(log, 'machine signals refused (per topic)', 60_000);
    t.app.ctx.machines.refusals.mqtt = summary;
    const before = await metric('portal_mqtt_messages_refused_total');
    for (let i = 0; i < 1000; i++) await handleMqttMessage(t.app.ctx, 'planta/ruido', Buffer.from('no es un estado'));
    for (let i = 0; i < 10; i++) await handleMqttMessage(t.app.ctx, 'planta/sin-arco', Buffer.from('running'));
    // The first refusal is written at once; the other 1,009 wait for the minute's summary (written
    // here by close(), as at shutdown, so the test does not wait a minute).
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0].detail).toMatchObject({ counts: { 'not a state on planta/ruido': 1 } });
    expect((await metric('portal_mqtt_messages_refused_total')) - before).toBe(1010);
    summary.close();
    expect(log.lines).toHaveLength(2);
    expect(log.lines[1].detail).toEqual({
      counts: { 'not a state on planta/ruido': 999, 'no arco bound to planta/sin-arco': 10 },
      intervalSeconds: 60,
    });
  });
});

describe('errors in the log', () => {
  it('are written as type, message and code, never the client or query a database error carries', () => {
    const error = Object.assign(new Error('relation "paradas" does not exist'), {
      code: '42P01',
      client: { connectionParameters: { password: 'secreta' }, queryQueue: [] },
      query: 'select * from paradas where worker = $1',
      parameters: ['w1'],
    });
    const cause = Object.assign(new Error('outer'), { cause: error });
    const logged = serializeError(cause);
    expect(logged).toMatchObject({ type: 'Error', message: 'outer', cause: { message: error.message, code: '42P01' } });
    const text = JSON.stringify(logged);
    for (const secret of ['secreta', 'connectionParameters', 'select * from', 'w1"']) expect(text).not.toContain(secret);
  });
});
