import { factoryToday } from '@portal/contract/time';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { scanNow } from '../src/modules/andon/scheduler';
import { ANDON_LATE_START_WAIT_MS, settleBackground } from '../src/modules/andon/service';
import { fakeClock, pgUnavailable, type TestApp, useSeed, useTestApp } from './helper';

// The escalation judges a stop by its recorded times (docs/decisions/057-andon-by-recorded-times.md):
// a stop sent from a phone's offline queue after its end opens no call, and a call opened after its
// stop's end is left out of the figures. Date is faked (helper's fakeClock), the andon's clock with it.

const MINUTE = 60_000;

async function scan(app: App) {
  await scanNow(app.ctx);
  await settleBackground(app.ctx);
}

const callsOf = (t: TestApp, paradaId: number) =>
  t.db.selectFrom('andon_calls').select(['level', 'created_at']).where('parada_id', '=', paradaId).orderBy('id').execute();

describe.skipIf(pgUnavailable)('andon: stops sent late', () => {
  const t = useTestApp();
  const seed = useSeed(t, {
    arcos: { uno: ['Arco Tarde 1', 'Nave 2'], dos: ['Arco Tarde 2', 'Nave 2'] },
    workers: { ana: ['uno', 'Ana Cola'], beto: ['dos', 'Beto Cola'] },
  });
  const iso = (ms: number) => new Date(ms).toISOString();

  it('opens no call for a 12-second stop sent from the queue ten minutes after its end', async () => {
    const clock = fakeClock();
    const tapped = Date.now();
    // Offline for ten minutes: the start and the end wait in the queue, then go one after the other.
    clock.travel(10 * MINUTE);
    const start = await t.send(seed.ana.token, 'POST', '/api/paradas-kaiser/start', { client_time: iso(tapped) });
    expect(start.statusCode, start.body).toBe(201);
    const id = start.json().stopId as number;
    // The pass the start's event asks for runs before the end arrives.
    await scan(t.app);
    const end = await t.send(seed.ana.token, 'PUT', `/api/paradas-kaiser/end/${id}`, { client_time: iso(tapped + 12_000) });
    expect(end.statusCode, end.body).toBe(200);
    await scan(t.app);
    clock.travel(ANDON_LATE_START_WAIT_MS + MINUTE);
    await scan(t.app);
    expect(await callsOf(t, id)).toEqual([]);
  });

  it('calls for a stop sent late that is still running once its end had time to follow', async () => {
    const clock = fakeClock();
    const tapped = Date.now();
    clock.travel(20 * MINUTE);
    const start = await t.send(seed.beto.token, 'POST', '/api/paradas-kaiser/start', { client_time: iso(tapped) });
    expect(start.statusCode, start.body).toBe(201);
    const id = start.json().stopId as number;
    await scan(t.app);
    expect(await callsOf(t, id)).toEqual([]);
    clock.travel(ANDON_LATE_START_WAIT_MS);
    const at = new Date().toISOString();
    await scan(t.app);
    // Both levels were due (5 and 15 minutes): called now, once each.
    expect(await callsOf(t, id)).toEqual([
      { level: 'supervisor', created_at: at },
      { level: 'maintenance', created_at: at },
    ]);
    clock.travel(1000);
    const end = await t.send(seed.beto.token, 'PUT', `/api/paradas-kaiser/end/${id}`, {});
    expect(end.statusCode, end.body).toBe(200);
  });

  it("leaves a call opened after its stop's recorded end out of 'Paradas con aviso'", async () => {
    const clock = fakeClock();
    const tapped = Date.now();
    const start = await t.send(seed.ana.token, 'POST', '/api/paradas-kaiser/start', {});
    expect(start.statusCode, start.body).toBe(201);
    const id = start.json().stopId as number;
    // The end was tapped at 2 minutes, offline, and arrives after the supervisor was called at 6.
    clock.travel(6 * MINUTE);
    await scan(t.app);
    expect((await callsOf(t, id)).map((c) => c.level)).toEqual(['supervisor']);
    const end = await t.send(seed.ana.token, 'PUT', `/api/paradas-kaiser/end/${id}`, { client_time: iso(tapped + 2 * MINUTE) });
    expect(end.statusCode, end.body).toBe(200);
    await scan(t.app);
    const month = factoryToday(t.app.ctx.tz).slice(0, 7);
    const res = await t.send(seed.admin, 'GET', `/api/admin/downtime?month=${month}&nave=${encodeURIComponent('Nave 2')}`);
    expect(res.statusCode, res.body).toBe(200);
    // Only the stop still running when it was called (the test before) counts.
    expect(res.json().andon.arcos.map((a: { arco_name: string; paradas: number }) => [a.arco_name, a.paradas])).toEqual([
      ['Arco Tarde 2', 1],
    ]);
  });
});
