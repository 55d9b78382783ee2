import { randomUUID } from 'node:crypto';
import type { App } from '../../src/app-type';
import type { Log } from '../../src/lib/log';
import { LogSummary } from '../../src/lib/log-summary';

// The outside probe's floods (docs/decisions/028-connection-fairness.md), shared by
// test/security/probe-numbers.test.ts (smaller counts) and bench/probe.ts (the probe's 5,000).

/** A log that keeps its lines. */
export function recordingLog(): Log & { lines: { detail: object; message?: string }[] } {
  const lines: { detail: object; message?: string }[] = [];
  const keep = (detail: object, message?: string) => void lines.push({ detail, message });
  return { lines, info: keep, warn: keep, error: keep };
}

export interface WrongKeysRun {
  statuses: Record<number, number>;
  /** What the log's summary lines counted, by cause, across every line written. */
  logged: Record<string, number>;
  logLines: number;
  ms: number;
}

/**
 * `count` reports with a wrong device key for one arco from one address, in sequence, with the device
 * refusals' log summary replaced by one on a recording log (closed at the end, as at shutdown).
 */
export async function wrongDeviceKeys(app: App, arcoId: number, count: number, address = '10.9.9.9'): Promise<WrongKeysRun> {
  const log = recordingLog();
  const previous = app.ctx.machines.refusals.deviceKeys;
  const summary = new LogSummary(log, 'device keys refused (per arco and address)', 60_000);
  app.ctx.machines.refusals.deviceKeys = summary;
  const statuses: Record<number, number> = {};
  const started = performance.now();
  try {
    for (let i = 0; i < count; i++) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/machines/${arcoId}/state`,
        remoteAddress: address,
        headers: { 'x-device-key': `pk_probe_${i}`, 'content-type': 'text/plain' },
        payload: 'stopped',
      });
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
    }
  } finally {
    summary.close();
    app.ctx.machines.refusals.deviceKeys = previous;
  }
  const logged: Record<string, number> = {};
  for (const line of log.lines) {
    for (const [cause, n] of Object.entries((line.detail as { counts: Record<string, number> }).counts))
      logged[cause] = (logged[cause] ?? 0) + n;
  }
  return { statuses, logged, logLines: log.lines.length, ms: performance.now() - started };
}

/**
 * `count` idempotent writes of one account, each with a new Idempotency-Key: the end of a parada that
 * does not exist, whose 404 is stored like any answer. Answers the statuses and the time taken.
 */
export async function storedAnswers(app: App, token: string, count: number): Promise<{ statuses: Record<number, number>; ms: number }> {
  const statuses: Record<number, number> = {};
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/paradas-kaiser/end/999999999',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
      payload: '{}',
    });
    statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
  }
  return { statuses, ms: performance.now() - started };
}
