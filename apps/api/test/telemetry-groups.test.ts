import type { Sample } from '@portal/contract/telemetry';
import { describe, expect, it } from 'vitest';
import { ingest } from '../src/modules/telemetry/service';
import { pgUnavailable, useSeed, useTestApp } from './helper';
import { ok } from './welds-helpers';

// Weld telemetry written in groups (docs/decisions/088-telemetry-ingest-in-groups.md): requests that
// arrive together are written in one transaction, and give the same rows as the same requests written
// one after another, each answered with what it stored itself.

/** 10 Hz samples for seconds [from, to) after t0; the arc burns from second 3 on, its current rising. */
function samples(t0: number, from: number, to: number): Sample[] {
  const list: Sample[] = [];
  for (let k = from * 10; k < to * 10; k++) {
    const arc = k >= 30;
    list.push(
      arc
        ? { t: t0 + k * 100, arc, i: 500 + k, u: 30 + (k % 7) / 10, wf: 2, v: 45 + (k % 3), temp: 150 + k }
        : { t: t0 + k * 100, arc, i: 0, u: 0, wf: 0, v: 0, temp: null },
    );
  }
  return list;
}

describe.skipIf(pgUnavailable)('weld telemetry written in groups', () => {
  const t = useTestApp();
  const seed = useSeed(t, { arcos: { one: 'Arco Uno a Uno', group: 'Arco En Grupo' } });

  it('writes requests that arrive together as one after another would, each answered with what it stored', async () => {
    const key = (await ok(await t.send(seed.admin, 'POST', `/api/admin/arcos-sumergidos/${seed.one.id}/machine/key`), 201)).key as string;
    const send = (body: Sample[]) =>
      t.app.inject({
        method: 'POST',
        url: `/api/telemetry/arcos/${seed.one.id}/samples`,
        headers: { 'x-device-key': key },
        payload: body,
      });
    // Not on a second's edge: each batch of one second touches two seconds, as a device's would.
    const t0 = Math.floor((Date.now() - 120_000) / 60_000) * 60_000 + 350;
    const batches = [
      ...Array.from({ length: 20 }, (_, s) => samples(t0, s + 3, s + 4)),
      // A device's retry of a batch, a batch overlapping two others, and seconds 0–2 arriving late.
      samples(t0, 7, 8),
      samples(t0, 10.5, 11.5),
      samples(t0, 0, 3),
    ];

    const oneByOne = [];
    for (const batch of batches) oneByOne.push(await ok(await send(batch)));
    // All handed in at once (what the device path does after the key): the writer lets the event loop
    // run once before it takes a group (docs/decisions/108-telemetry-bursts-on-sqlite.md), so they are
    // written together in one transaction.
    const together = await Promise.all(batches.map((batch) => ingest(t.app.ctx, seed.group.id, batch)));

    const sum = (list: { stored: number; repeated: number }[]) =>
      list.reduce((a, r) => ({ stored: a.stored + r.stored, repeated: a.repeated + r.repeated }), { stored: 0, repeated: 0 });
    expect(sum(oneByOne)).toEqual({ stored: 230, repeated: 20 });
    expect(sum(together)).toEqual({ stored: 230, repeated: 20 });
    // However they were grouped, a request's stored and repeated samples add up to what it sent.
    expect(together.map((r) => r.stored + r.repeated)).toEqual(batches.map((b) => b.length));

    const db = t.app.ctx.db;
    const seconds = async (arcoId: number) =>
      (await db.selectFrom('telemetry_seconds').selectAll().where('arco_sumergido_id', '=', arcoId).orderBy('second').execute()).map(
        ({ arco_sumergido_id, run_id, ...row }) => ({ ...row, in_run: run_id !== null }),
      );
    const minutes = async (arcoId: number) =>
      (await db.selectFrom('telemetry_minutes').selectAll().where('arco_sumergido_id', '=', arcoId).orderBy('minute').execute()).map(
        ({ arco_sumergido_id, ...row }) => row,
      );
    const runs = (arcoId: number) =>
      db
        .selectFrom('telemetry_runs')
        .select(['state', 'origin', 'started_ms', 'ended_ms'])
        .where('arco_sumergido_id', '=', arcoId)
        .orderBy('started_ms')
        .execute();
    const expected = await seconds(seed.one.id);
    // 23 seconds of samples, each batch touching two: 24 seconds; the arc from second 3 opens one pass.
    expect(expected).toHaveLength(24);
    expect(await runs(seed.one.id)).toEqual([{ state: 'pendiente', origin: 'senal', started_ms: t0 + 3000, ended_ms: null }]);
    expect(expected.filter((r) => r.in_run)).toHaveLength(21);
    expect(await seconds(seed.group.id)).toEqual(expected);
    expect(await minutes(seed.group.id)).toEqual(await minutes(seed.one.id));
    expect(await runs(seed.group.id)).toEqual(await runs(seed.one.id));
  });
});
