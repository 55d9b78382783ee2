import type { Sample } from '@portal/contract/telemetry';
import { describe, expect, it, vi } from 'vitest';
import type { BusEvent } from '../src/lib/event-bus';
import { countSamples, reduceOldSamples } from '../src/modules/telemetry/service';
import { fakeClock, pgUnavailable, useSeed, useTestApp } from './helper';
import { approvedProcedure, circular, inspect, inspection, ok, trace } from './welds-helpers';

// Weld telemetry (docs/decisions/079-weld-telemetry.md, 080, 081): samples in through the device path,
// bound to the pass by device time, judged against the procedure, and the figures of a fixed data set
// against a hand calculation.

/** 10 Hz samples for seconds [from, to) after t0, each from `at(second)`. */
function samples(t0: number, from: number, to: number, at: (second: number) => Omit<Sample, 't'>): Sample[] {
  const list: Sample[] = [];
  for (let k = from * 10; k < to * 10; k++) list.push({ t: t0 + k * 100, ...at(Math.floor(k / 10)) });
  return list;
}
const burning = (i: number, u: number, wf: number, v: number) => ({ arc: true, i, u, wf, v, temp: null });
const off = { arc: false, i: 0, u: 0, wf: 0, v: 0, temp: null };

describe.skipIf(pgUnavailable)('weld telemetry', () => {
  const t = useTestApp({ TELEMETRY_EXCURSION_SECONDS: '5' });
  const seed = useSeed(t, { arcos: { a: 'Arco Telemetría' }, workers: { w: ['a', 'Soldador Uno'], q: ['a', 'Calidad Uno'] } });
  let key = '';
  let procedure = 0;
  const send = (body: unknown, deviceKey = key) =>
    t.app.inject({
      method: 'POST',
      url: `/api/telemetry/arcos/${seed.a.id}/samples`,
      headers: { 'x-device-key': deviceKey },
      payload: body as object,
    });

  it('takes samples only with the arco device key, in JSON or the compact form, and a repeat is stored once', async () => {
    key = (await ok(await t.send(seed.admin, 'POST', `/api/admin/arcos-sumergidos/${seed.a.id}/machine/key`), 201)).key;
    procedure = await approvedProcedure(t, seed.admin, 'WPS-TEL', '2026-01-01');
    await ok(await t.send(seed.admin, 'PUT', `/api/admin/users/${seed.q.id}/weld-roles`, { calidad: ['Nave 1'] }));
    // Every sample of this file on Friday 2026-11-27, whatever day the suite runs.
    fakeClock(Date.parse('2026-11-27T07:00:00.000Z'));
    const now = Date.now();
    expect((await send([{ t: now, arc: 0, i: 0, u: 0, wf: 0, v: 0 }], 'pk_wrong')).statusCode).toBe(401);
    const bad = await send({ t: now, arc: 1, i: 'mucho' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Las muestras no son válidas');
    const told: BusEvent[] = [];
    const stop = t.app.ctx.events.subscribe({ deliver: (e) => told.push(e), reset: () => {} });
    const first = await ok(await send({ samples: [{ t: now - 2000, arc: 0, i: 0, u: 0, wf: 0, v: 0 }] }));
    expect(first).toMatchObject({ stored: 1, repeated: 0, refused: 0 });
    // The arco's first samples go out live at once (then at most once a second): the tablet and the plant board.
    await vi.waitFor(() =>
      expect(told.find((e) => e.type === 'weld.live')).toMatchObject({
        payload: { arco_sumergido_id: seed.a.id, arc: false, at: new Date(now - 2000).toISOString(), current: 0 },
        audience: { arco: seed.a.id },
      }),
    );
    stop();
    const compact = await t.app.inject({
      method: 'POST',
      url: `/api/telemetry/arcos/${seed.a.id}/samples`,
      headers: { 'x-device-key': key, 'content-type': 'text/plain' },
      payload: `${now - 2000},0,0,0,0,0\n${now - 1900},0,0,0,0,0,20\n${now + 3_600_000},0,0,0,0,0`,
    });
    // The first line repeats the JSON sample; the last is an hour ahead of the server: refused.
    expect(await ok(compact)).toMatchObject({ stored: 1, repeated: 1, refused: 1 });
  });

  it('summarises a pass as the hand calculation does, late samples taken by device time, and the OEE of its shift', async () => {
    // Friday 2026-11-27, the default Mañana 06:00–14:00 Madrid (05:00–13:00 UTC), no breaks.
    const clock = fakeClock(Date.parse('2026-11-27T08:00:00.000Z'));
    const tramo = await circular(t, seed.w, '2026-11-27');
    await trace(t, seed.admin, tramo, procedure, [seed.w.id]);
    const t0 = Date.now();
    const started = await ok(await t.send(seed.w.token, 'POST', '/api/telemetry/runs', { tramo_id: tramo, pass_type: 'raiz' }), 201);
    expect(started.run).toMatchObject({ state: 'abierta', tramo_id: tramo, pass_type: 'raiz', efficiency_factor: 1 });
    // 60 s at 10 Hz: arc on for 50 s at 500 A, 30 V, 2.0 m/min wire, 45 cm/min; off for the last 10 s.
    const fixed = (s: number) => (s < 50 ? burning(500, 30, 2.0, 45) : off);
    const all = samples(t0, 0, 60, fixed);
    // Seconds 40–49 reach the portal only after the pass ended (a device that buffered them).
    const late = all.filter((s) => s.t >= t0 + 40_000 && s.t < t0 + 50_000);
    clock.travel(60_000);
    await ok(await send(all.filter((s) => !late.includes(s))));
    const ended = (await ok(await t.send(seed.w.token, 'POST', '/api/telemetry/runs/current/end'))).run;
    expect(ended.arc_seconds).toBe(40);
    expect(await ok(await send(late))).toMatchObject({ stored: 100, repeated: 0 });
    // Sent again: nothing changes.
    expect(await ok(await send(late))).toMatchObject({ stored: 0, repeated: 100 });
    const run = await ok(await t.send(seed.w.token, 'GET', `/api/telemetry/runs/${ended.id}`));
    // By hand: arc time 50 s (500 arc-on samples at 10 Hz).
    expect(run.arc_seconds).toBe(50);
    expect(run.samples).toBe(600);
    expect(run.current).toEqual({ mean: 500, min: 500, max: 500 });
    // Q = k × U × I × 60 / (1000 × v) = 1.0 × 30 × 500 × 60 / (1000 × 450 mm/min) = 2.0 kJ/mm.
    expect(run.heat_input_kj_mm).toBe(2);
    // Length: 450 mm/min × 50 s = 375 mm; wire: 2.0 m/min × 50 s = 1.6667 m × 0.0987 kg/m = 0.1645 kg, 0.165 in grams.
    expect(run.length_mm).toBe(375);
    expect(run.deposited_kg).toBe(0.165);
    expect(run.excursions).toEqual([]);
    const seconds = (await ok(await t.send(seed.w.token, 'GET', `/api/telemetry/runs/${ended.id}/seconds`))).seconds;
    expect(seconds).toHaveLength(60);
    expect(seconds[0]).toMatchObject({ arc_share: 1, current: 500, voltage: 30, speed: 45 });

    // A 30-minute machine stop 09:00–09:30 in the same shift, reported over the device path.
    clock.travel(2 * 3600_000);
    for (const [state, at] of [
      ['stopped', '2026-11-27T09:00:00.000Z'],
      ['running', '2026-11-27T09:30:00.000Z'],
    ])
      await ok(
        await t.app.inject({
          method: 'POST',
          url: `/api/machines/${seed.a.id}/state`,
          headers: { 'x-device-key': key },
          payload: { state, at },
        }),
      );
    await inspect(t, seed.admin, tramo, inspection({ inspected_on: '2026-11-27' }));
    // After the shift's end (a running shift counts until now).
    clock.travel(4 * 3600_000);

    const figures = await ok(await t.send(seed.admin, 'GET', '/api/telemetry/figures?from=2026-11-27&to=2026-11-27'));
    const row = figures.arcos.find(
      (r: { arco_sumergido_id: number; shift: string }) => r.arco_sumergido_id === seed.a.id && r.shift === 'Mañana',
    );
    // By hand: planned 8 h = 28,800 s; stops 1,800 s; run 27,000 s; arc 50 s.
    const planned = 8 * 3600;
    const run_ = planned - 1800;
    const nominal = (375 / ((400 + 550) / 2)) * 60; // 375 mm at the raíz range's mid, 475 mm/min: 47.37 s
    expect(row).toMatchObject({ planned_seconds: planned, stop_seconds: 1800, run_seconds: run_, arc_seconds: 50, length_m: 0.375 });
    expect(row.arc_on_share).toBeCloseTo(50 / planned, 4);
    expect(row.deposited_kg).toBe(0.165);
    expect(row.nominal_seconds).toBeCloseTo(nominal, 1);
    expect(row.availability).toBeCloseTo(27000 / 28800, 4);
    expect(row.performance).toBeCloseTo(nominal / run_, 4);
    expect(row).toMatchObject({ inspected_seams: 1, first_pass_seams: 1, quality: 1 });
    expect(row.oee).toBeCloseTo((27000 / 28800) * (nominal / run_) * 1, 4);
    const operator = figures.operators.find((o: { operator_id: number }) => o.operator_id === seed.w.id);
    expect(operator).toMatchObject({ shift: 'Mañana', arc_seconds: 50, planned_seconds: planned });
  });

  it('marks the circular out of procedure for an excursion longer than the set time, tells Calidad, and holds acceptance until decided', async () => {
    const clock = fakeClock(Date.parse('2026-11-27T11:00:00.000Z'));
    const tramo = await circular(t, seed.w, '2026-11-27');
    await trace(t, seed.admin, tramo, procedure, [seed.w.id]);
    const told: BusEvent[] = [];
    const stop = t.app.ctx.events.subscribe({ deliver: (e) => told.push(e), reset: () => {} });
    try {
      const t0 = Date.now();
      await ok(await t.send(seed.w.token, 'POST', '/api/telemetry/runs', { tramo_id: tramo, pass_type: 'relleno' }), 201);
      // Relleno: 550–700 A. 620 A, with 750 A for 3 s (seconds 5–7: shorter than the set 5 s) …
      const current = (s: number) => ((s >= 5 && s < 8) || (s >= 15 && s < 22) ? 750 : 620);
      const at = (s: number) => burning(current(s), 32, 2.2, 50);
      clock.travel(13_000);
      await ok(await send(samples(t0, 0, 13, at)));
      expect((await ok(await t.send(seed.q.token, 'GET', `/api/telemetry/seams/${tramo}`))).judgement).toBe('conforme');
      expect(told.filter((e) => e.type === 'weld.deviation')).toHaveLength(0);
      // … then for 7 s (seconds 15–21), longer than 5 s: marked while welding.
      clock.travel(17_000);
      await ok(await send(samples(t0, 13, 30, at)));
      await vi.waitFor(() => expect(told.some((e) => e.type === 'weld.deviation')).toBe(true));
      const deviation = told.find((e) => e.type === 'weld.deviation');
      expect(deviation?.payload).toMatchObject({ tramo_id: tramo, parameter: 'current' });
      expect(deviation?.audience).toMatchObject({ users: [seed.q.id], arco: seed.a.id });
      const ended = (await ok(await t.send(seed.w.token, 'POST', '/api/telemetry/runs/current/end'))).run;
      // Where: 15 s at 50 cm/min (500 mm/min) = 125 mm from the pass's start.
      expect(ended.excursions).toEqual([
        {
          parameter: 'current',
          side: 'max',
          limit: 700,
          extreme: 750,
          started_at: new Date(t0 + 15_000).toISOString(),
          seconds: 7,
          position_mm: 125,
        },
      ]);
    } finally {
      stop();
    }
    // Inspected without defects, it is still not 'aceptada' until Calidad decides.
    expect((await inspect(t, seed.admin, tramo, inspection({ inspected_on: '2026-11-27' }))).state).toBe('pendiente');
    expect(
      (await t.send(seed.w.token, 'POST', `/api/telemetry/seams/${tramo}/decision`, { decision: 'aceptar', reason: 'x' })).statusCode,
    ).toBe(403);
    const bad = await t.send(seed.q.token, 'POST', `/api/telemetry/seams/${tramo}/decision`, { decision: 'aceptar', reason: ' ' });
    expect(bad.json()).toEqual({ message: 'Escribe el motivo de la decisión.' });
    const decided = await ok(
      await t.send(seed.q.token, 'POST', `/api/telemetry/seams/${tramo}/decision`, {
        decision: 'aceptar',
        reason: 'Pico sin efecto: UT conforme.',
      }),
    );
    expect(decided.seam).toMatchObject({ judgement: 'fuera_de_procedimiento', decision: 'aceptar', decided_by: 'Calidad Uno' });
    expect((await ok(await t.send(seed.admin, 'GET', `/api/welds/seams/${tramo}`))).state).toBe('aceptada');
  });

  it('opens a pass from the arc pending the operator, who confirms it by starting', async () => {
    fakeClock(Date.parse('2026-11-27T12:00:00.000Z'));
    const tramo = await circular(t, seed.w, '2026-11-27');
    await trace(t, seed.admin, tramo, procedure, [seed.w.id]);
    const t0 = Date.now() - 5000;
    await ok(await send(samples(t0, 0, 5, () => burning(500, 30, 2, 45))));
    const pending = (await ok(await t.send(seed.w.token, 'GET', '/api/telemetry/runs/current'))).run;
    expect(pending).toMatchObject({
      state: 'pendiente',
      origin: 'senal',
      tramo_id: null,
      started_at: new Date(t0).toISOString(),
      arc_seconds: 5,
    });
    const confirmed = (await ok(await t.send(seed.w.token, 'POST', '/api/telemetry/runs', { tramo_id: tramo, pass_type: 'raiz' }), 201))
      .run;
    expect(confirmed).toMatchObject({ id: pending.id, state: 'abierta', tramo_id: tramo, arc_seconds: 5 });
    expect((await t.send(seed.w.token, 'POST', '/api/telemetry/runs', { tramo_id: tramo, pass_type: 'raiz' })).json()).toEqual({
      message: 'Ya hay una soldadura en curso en este arco.',
    });
    await ok(await t.send(seed.w.token, 'POST', '/api/telemetry/runs/current/end'));
  });

  it('reduces raw samples after the days kept: the seconds of passes and the minutes stay, and the figures do not move', async () => {
    // After the day's last shift (the Noche into the 28th): no shift of the day still running.
    fakeClock(Date.parse('2026-11-28T12:00:00.000Z'));
    const figures = async () => (await ok(await t.send(seed.admin, 'GET', '/api/telemetry/figures?from=2026-11-27&to=2026-11-27'))).arcos;
    const before = await figures();
    const passSeconds = async () =>
      Number(
        (
          await t.db
            .selectFrom('telemetry_seconds')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('run_id', 'is not', null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const kept = await passSeconds();
    expect(kept).toBeGreaterThan(0);
    // 31 days after the data set, with TELEMETRY_RAW_DAYS at its default 30.
    const reduced = await reduceOldSamples(t.app.ctx, Date.parse('2026-11-27T12:00:00.000Z') + 31 * 86_400_000);
    expect(reduced.samples).toBeGreaterThan(0);
    expect(await countSamples(t.app.ctx)).toBe(0);
    expect(await passSeconds()).toBe(kept);
    expect(
      Number(
        (
          await t.db
            .selectFrom('telemetry_seconds')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('run_id', 'is', null)
            .where('second', '<', Date.parse('2026-11-28T00:00:00.000Z') / 1000)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
    expect(await figures()).toEqual(before);
  });
});
