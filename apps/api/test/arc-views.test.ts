import { arcoMessages } from '@portal/contract/arcos';
import { type PlantaArco, plantaResponse } from '@portal/contract/planta';
import type { Sample } from '@portal/contract/telemetry';
import {
  arcInRunning,
  type TimelineResponse,
  timelineMessages,
  timelineResponse,
  withRunning,
  workedSpans,
} from '@portal/contract/timeline';
import { describe, expect, it } from 'vitest';
import { expectBadRequests, fakeClock, pgUnavailable, useSeed, useTestApp } from './helper';
import { approvedProcedure, circular, ok, trace } from './welds-helpers';

// Weld telemetry on two screens (docs/decisions/090-arc-on-board-and-timeline.md): the plant board's
// arc burning now, and the timeline's arc-on stretches inside 'En marcha', from a fixed data set on
// Friday 2026-11-27 (the default Mañana, 05:00–13:00 UTC) whatever day and hour the suite runs.

const at = (time: string) => Date.parse(`2026-11-27T${time}Z`);
const iso = (time: string) => new Date(at(time)).toISOString();
const on = { arc: true, i: 500, u: 30, wf: 2, v: 45, temp: null };
const off = { arc: false, i: 0, u: 0, wf: 0, v: 0, temp: null };

/** 10 Hz samples over [from, to), each as `value(t)`. */
function samples(from: number, to: number, value: (t: number) => Omit<Sample, 't'>): Sample[] {
  const list: Sample[] = [];
  for (let t = from; t < to; t += 100) list.push({ t, ...value(t) });
  return list;
}

describe.skipIf(pgUnavailable)('the arc on the plant board and the timeline', () => {
  // The machines report once at 07:00, not silent for the morning read here ('Sin señal' would cover 'En marcha').
  const t = useTestApp({ MACHINE_SILENCE_SECONDS: '86400' });
  const seed = useSeed(t, {
    arcos: { a: 'Arco Soldando', b: 'Arco Apagado', c: 'Arco Sin Telemetría' },
    workers: { w: ['a', 'Soldador Arco'] },
  });
  const keys = new Map<number, string>();
  let circularName = '';
  let runId = 0;

  const send = async (arcoId: number, body: Sample[]) =>
    ok(
      await t.app.inject({
        method: 'POST',
        url: `/api/telemetry/arcos/${arcoId}/samples`,
        headers: { 'x-device-key': keys.get(arcoId) ?? '' },
        payload: body,
      }),
    );
  const board = async (): Promise<Map<number, PlantaArco>> => {
    const naves = plantaResponse.parse(await ok(await t.send(seed.admin, 'GET', '/api/admin/planta?by=shift')));
    return new Map(naves.flatMap((n) => n.arcos).map((a) => [a.id, a]));
  };
  const timeline = async (token: string, query: string): Promise<TimelineResponse> =>
    timelineResponse.parse(await ok(await t.send(token, 'GET', `/api/timeline?${query}`)));
  const arcOf = (body: TimelineResponse, id: number) => body.arcos.find((a) => a.id === id)?.arc;

  it('sends a fixed data set: a pass at Arco Soldando with two arc-on stretches, an arc off at Arco Apagado', async () => {
    for (const arco of [seed.a, seed.b]) {
      keys.set(arco.id, (await ok(await t.send(seed.admin, 'POST', `/api/admin/arcos-sumergidos/${arco.id}/machine/key`), 201)).key);
    }
    // The arcos stand since before that Friday (an arco runs only from its creation, decision 056).
    await t.db
      .updateTable('arcos_sumergidos')
      .set({ created_at: '2026-11-01T00:00:00.000Z' })
      .where('id', 'in', [seed.a.id, seed.b.id, seed.c.id])
      .execute();
    fakeClock(at('07:00:00'));
    for (const arco of [seed.a, seed.b]) {
      const state = await t.app.inject({
        method: 'POST',
        url: `/api/machines/${arco.id}/state`,
        headers: { 'x-device-key': keys.get(arco.id) ?? '', 'content-type': 'text/plain' },
        payload: 'running',
      });
      expect(state.statusCode, state.body).toBe(200);
    }
    const procedure = await approvedProcedure(t, seed.admin, 'WPS-ARC', '2026-01-01');
    fakeClock(at('08:00:00'));
    const tramo = await circular(t, seed.w, '2026-11-27');
    await trace(t, seed.admin, tramo, procedure, [seed.w.id]);
    const started = await ok(await t.send(seed.w.token, 'POST', '/api/telemetry/runs', { tramo_id: tramo, pass_type: 'raiz' }), 201);
    runId = started.run.id;
    circularName = (await ok(await t.send(seed.admin, 'GET', `/api/tramos/${tramo}`))).id_circular;

    // Arco Soldando: the arc on 08:00:00–08:02:30 and 08:04:00–08:05:00, off between; the device sends it at 08:05:02.
    fakeClock(at('08:05:02'));
    const burning = (s: number) => (s < at('08:02:30') || s >= at('08:04:00') ? on : off);
    expect(await send(seed.a.id, samples(at('08:00:00'), at('08:05:00'), burning))).toMatchObject({ stored: 3000, refused: 0 });
    // Arco Apagado: its device says the arc is off, two seconds before the board is read.
    expect(await send(seed.b.id, [{ t: at('08:05:00'), ...off }])).toMatchObject({ stored: 1 });
  });

  it('shows on the board which arcos burn now, with the pass and its current, voltage and speed', async () => {
    fakeClock(at('08:05:02'));
    const arcos = await board();
    expect(arcos.get(seed.a.id)?.weld).toEqual({
      arc: true,
      at: '2026-11-27T08:04:59.900Z',
      current: 500,
      voltage: 30,
      speed: 45,
      run: { id: runId, circular: circularName, pass_type: 'raiz' },
    });
    expect(arcos.get(seed.b.id)?.weld).toEqual({ arc: false, at: '2026-11-27T08:05:00.000Z', current: 0, voltage: 0, speed: 0, run: null });
    // An arco without telemetry answers as it always did.
    expect(arcos.get(seed.c.id)).not.toHaveProperty('weld');
  });

  it('leaves the arc out once the latest sample is 10 s old: a silent device says nothing of the arc', async () => {
    fakeClock(at('08:05:09.899'));
    let arcos = await board();
    expect(arcos.get(seed.a.id)?.weld?.arc).toBe(true);
    fakeClock(at('08:05:09.900'));
    arcos = await board();
    expect(arcos.get(seed.a.id)).not.toHaveProperty('weld');
    expect(arcos.get(seed.b.id)?.weld?.arc).toBe(false);
    fakeClock(at('08:05:10.000'));
    expect((await board()).get(seed.b.id)).not.toHaveProperty('weld');
  });

  it('draws the arc-on stretches by minute, for the admin and the nave’s workers, and opens each with its arc time', async () => {
    fakeClock(at('08:30:00'));
    const range = `from=${iso('07:00:00')}&to=${iso('09:00:00')}`;
    const body = await timeline(seed.admin, `nave=Nave%201&${range}`);
    // 08:00, 08:01 and 08:02 have arc time, 08:03 none, 08:04 some.
    expect(arcOf(body, seed.a.id)).toEqual([
      [at('08:00:00'), at('08:03:00')],
      [at('08:04:00'), at('08:05:00')],
    ]);
    // Arcos whose arc never burned in the range carry nothing more than before.
    expect(body.arcos.find((a) => a.id === seed.b.id)).not.toHaveProperty('arc');
    expect(body.arcos.find((a) => a.id === seed.c.id)).not.toHaveProperty('arc');
    expect(arcOf(await timeline(seed.w.token, range), seed.a.id)).toEqual(arcOf(body, seed.a.id));
    // A range from 08:01 keeps the minutes inside it.
    const later = await timeline(seed.admin, `nave=Nave%201&from=${iso('08:01:00')}&to=${iso('09:00:00')}`);
    expect(arcOf(later, seed.a.id)?.[0]).toEqual([at('08:01:00'), at('08:03:00')]);
    // Drawn inside 'En marcha': with no parada, each stretch whole.
    const a = body.arcos.find((x) => x.id === seed.a.id)!;
    expect(arcInRunning(a.arc ?? [], withRunning(a.bars, workedSpans(body)))).toEqual(a.arc?.map((s) => [s[0], s[1], s]));

    // Opened: by hand, 60 s + 60 s + 30 s of arc in the first stretch, 60 s in the second.
    const arcTime = async (token: string, arco: number, from: string, to: string) =>
      t.send(token, 'GET', `/api/timeline/arc?arco_sumergido_id=${arco}&from=${iso(from)}&to=${iso(to)}`);
    expect(await ok(await arcTime(seed.admin, seed.a.id, '08:00:00', '08:03:00'))).toEqual({
      arco_sumergido_id: seed.a.id,
      from: iso('08:00:00'),
      to: iso('08:03:00'),
      arc_ms: 150_000,
    });
    expect((await ok(await arcTime(seed.w.token, seed.a.id, '08:04:00', '08:05:00'))).arc_ms).toBe(60_000);
    expect((await ok(await arcTime(seed.admin, seed.c.id, '08:00:00', '08:05:00'))).arc_ms).toBe(0);
  });

  it('refuses the arc time of another nave’s arco to a worker, an unknown arco and a bad range', async () => {
    fakeClock(at('08:30:00'));
    const elsewhere = await t.createArco('Arco Otra Nave', 'Nave 2');
    const other = await t.send(
      seed.w.token,
      'GET',
      `/api/timeline/arc?arco_sumergido_id=${elsewhere.id}&from=${iso('08:00:00')}&to=${iso('09:00:00')}`,
    );
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: timelineMessages.otherNave });
    const unknown = await t.send(
      seed.admin,
      'GET',
      `/api/timeline/arc?arco_sumergido_id=999999&from=${iso('08:00:00')}&to=${iso('09:00:00')}`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: arcoMessages.notFound });
    await expectBadRequests(
      (q) => t.send(seed.admin, 'GET', `/api/timeline/arc?${q}`),
      [
        [`arco_sumergido_id=${seed.a.id}&from=${iso('09:00:00')}&to=${iso('08:00:00')}`, timelineMessages.rangeOrder],
        [`arco_sumergido_id=${seed.a.id}&from=${iso('08:00:00')}&to=2026-12-27T08:00:00Z`, timelineMessages.rangeTooLong],
      ],
    );
  });

  it('draws a stretch in two where a parada was recorded inside it, both parts opening the whole stretch', async () => {
    fakeClock(at('08:30:00'));
    const motivo = await t.db.selectFrom('motivos').select('id').where('planned', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    const stop = await t.send(seed.w.token, 'POST', '/api/paradas-kaiser/manual', {
      start_time: iso('08:01:30'),
      end_time: iso('08:02:00'),
      description: 'Cambio de fundente',
      motivo_id: motivo.id,
    });
    expect(stop.statusCode, stop.body).toBe(201);
    const body = await timeline(seed.admin, `nave=Nave%201&from=${iso('07:00:00')}&to=${iso('09:00:00')}`);
    const a = body.arcos.find((x) => x.id === seed.a.id)!;
    const first: [number, number] = [at('08:00:00'), at('08:03:00')];
    const second: [number, number] = [at('08:04:00'), at('08:05:00')];
    expect(a.arc).toEqual([first, second]);
    expect(arcInRunning(a.arc ?? [], withRunning(a.bars, workedSpans(body)))).toEqual([
      [at('08:00:00'), at('08:01:30'), first],
      [at('08:02:00'), at('08:03:00'), first],
      [at('08:04:00'), at('08:05:00'), second],
    ]);
  });

  it('follows a late sample that gives a minute arc time (the triggers that keep telemetry_arc_hours)', async () => {
    // 08:03 had no arc; one burning sample arrives late between two of its stored ones, and joins the stretches.
    fakeClock(at('08:40:00'));
    expect(await send(seed.a.id, [{ t: at('08:03:30.050'), ...on }])).toMatchObject({ stored: 1 });
    const body = await timeline(seed.admin, `nave=Nave%201&from=${iso('07:00:00')}&to=${iso('09:00:00')}`);
    expect(arcOf(body, seed.a.id)).toEqual([[at('08:00:00'), at('08:05:00')]]);
    const opened = await ok(
      await t.send(seed.admin, 'GET', `/api/timeline/arc?arco_sumergido_id=${seed.a.id}&from=${iso('08:00:00')}&to=${iso('08:05:00')}`),
    );
    // By hand (decision 081, by second): 08:03:30 holds 11 samples, 1 burning: 1000 ÷ 11 = 90.9, 91 ms in its minute.
    expect(opened.arc_ms).toBe(150_000 + 91 + 60_000);
  });
});
