import { describe, expect, it } from 'vitest';
import { fakeClock, pgUnavailable, useSeed, useTestApp } from './helper';

const START = '/api/paradas-kaiser/start';
const MANUAL = '/api/paradas-kaiser/manual';
const ARCO_ACTIVE = '/api/paradas-kaiser/active/arco';

/** A Kaiser stop is the station's: one running stop per arco, no overlapping stops at one arco. */
describe.skipIf(pgUnavailable)('one parada per arco', () => {
  const t = useTestApp();
  const seed = useSeed(t, { arcos: { elsewhere: ['Arco Lejano', 'Nave 2'] } });
  const fresh = useSeed(t, { arcos: { station: 'Arco Compartido' } }, { each: true });

  it('answers 409 at a busy station, naming who started the running stop and when (factory time)', async () => {
    const ana = await t.createWorker(fresh.station, 'Ana Soldadora');
    const beto = await t.createWorker(fresh.station, 'Beto Operario');
    fakeClock(Date.parse('2026-11-20T06:15:00.000Z')); // 07:15 in Madrid
    expect((await t.send(ana.token, 'POST', START, { description: 'Cambio de bobina' })).statusCode).toBe(201);
    const res = await t.send(beto.token, 'POST', START, {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Este arco ya tiene una parada activa, iniciada por Ana Soldadora el 20/11/2026 a las 07:15.',
    });
    // The starter's own second start keeps its own message.
    expect((await t.send(ana.token, 'POST', START, {})).json()).toEqual({ message: 'Ya tienes una parada activa.' });
    expect(await t.db.selectFrom('paradas_kaiser').select('id').where('arco_sumergido_id', '=', fresh.station.id).execute()).toHaveLength(
      1,
    );
  });

  it('lets exactly one of two concurrent starts by two workers at one station in', async () => {
    const workers = await Promise.all([t.createWorker(fresh.station), t.createWorker(fresh.station), t.createWorker(fresh.station)]);
    const results = await Promise.all(workers.map((w) => t.send(w.token, 'POST', START, {})));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toMatch(
        /^Este arco ya tiene una parada activa, iniciada por .+ el \d\d\/\d\d\/\d{4} a las \d\d:\d\d\.$/,
      );
    }
    const rows = await t.db.selectFrom('paradas_kaiser').select('id').where('arco_sumergido_id', '=', fresh.station.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('shows the running stop to a colleague, who ends it; the stop records who ended it', async () => {
    const ana = await t.createWorker(fresh.station, 'Ana Turno');
    const beto = await t.createWorker(fresh.station, 'Beto Turno');
    const { travel } = fakeClock();
    const { stopId } = (await t.send(ana.token, 'POST', START, { description: 'Atasco de fundente' })).json();
    expect((await t.send(beto.token, 'GET', ARCO_ACTIVE)).json()).toMatchObject({
      id: stopId,
      user_id: ana.id,
      user_name: 'Ana Turno',
      arco_sumergido_id: fresh.station.id,
      end_time: null,
      ended_by: null,
    });
    // Beto has no stop of his own.
    expect((await t.send(beto.token, 'GET', '/api/paradas-kaiser/active')).json()).toBeNull();

    travel(12 * 60_000);
    const end = await t.send(beto.token, 'PUT', `/api/paradas-kaiser/end/${stopId}`, {});
    expect(end.statusCode).toBe(200);
    expect(end.json()).toEqual({ duration: 12, message: 'Parada finalizada! Duración: 12 minutos.' });
    const stop = (await t.send(ana.token, 'GET', `/api/paradas-kaiser/${stopId}`)).json();
    expect(stop).toMatchObject({ user_id: ana.id, ended_by: beto.id, ended_by_name: 'Beto Turno', duration_minutes: 12 });
    expect((await t.send(beto.token, 'GET', ARCO_ACTIVE)).json()).toBeNull();
    // The station is free again.
    expect((await t.send(beto.token, 'POST', START, {})).statusCode).toBe(201);
  });

  it('records the owner as who ended it, and refuses a worker of another station (403)', async () => {
    const ana = await t.createWorker(fresh.station);
    const stranger = await t.createWorker(seed.elsewhere);
    const { stopId } = (await t.send(ana.token, 'POST', START, {})).json();
    expect((await t.send(stranger.token, 'GET', ARCO_ACTIVE)).json()).toBeNull();
    const denied = await t.send(stranger.token, 'PUT', `/api/paradas-kaiser/end/${stopId}`, {});
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: 'No tienes permiso para modificar esta parada.' });
    expect((await t.send(ana.token, 'PUT', `/api/paradas-kaiser/end/${stopId}`, {})).statusCode).toBe(200);
    expect((await t.send(ana.token, 'GET', `/api/paradas-kaiser/${stopId}`)).json().ended_by).toBe(ana.id);
  });

  it("refuses a manual stop or an edit that overlaps another worker's stop at the station", async () => {
    const ana = await t.createWorker(fresh.station);
    const beto = await t.createWorker(fresh.station);
    const manual = (token: string, start_time: string, end_time: string) => t.send(token, 'POST', MANUAL, { start_time, end_time });
    expect((await manual(ana.token, '2026-11-11T08:00:00.000Z', '2026-11-11T09:00:00.000Z')).statusCode).toBe(201);
    const clash = await manual(beto.token, '2026-11-11T08:30:00.000Z', '2026-11-11T09:30:00.000Z');
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ message: 'La parada se solapa con otra parada de este arco sumergido.' });
    // Touching ends are fine; the same times at another station too.
    const after = await manual(beto.token, '2026-11-11T09:00:00.000Z', '2026-11-11T09:20:00.000Z');
    expect(after.statusCode).toBe(201);
    const stranger = await t.createWorker(seed.elsewhere);
    expect((await manual(stranger.token, '2026-11-11T08:30:00.000Z', '2026-11-11T09:30:00.000Z')).statusCode).toBe(201);

    const edit = await t.send(beto.token, 'PUT', `/api/paradas-kaiser/${after.json().parada.id}`, {
      start_time: '2026-11-11T08:50:00.000Z',
      end_time: '2026-11-11T09:20:00.000Z',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ message: 'La parada se solapa con otra parada de este arco sumergido.' });
    // An admin moving a stop onto a busy station gets the same answer.
    const move = await t.send(seed.admin, 'PUT', `/api/paradas-kaiser/${after.json().parada.id}`, {
      start_time: '2026-11-11T08:40:00.000Z',
      end_time: '2026-11-11T09:10:00.000Z',
      arco_sumergido_id: seed.elsewhere.id,
    });
    expect(move.statusCode).toBe(409);
    const unchanged = (await t.send(beto.token, 'GET', `/api/paradas-kaiser/${after.json().parada.id}`)).json();
    expect(unchanged).toMatchObject({ start_time: '2026-11-11T09:00:00.000Z', arco_sumergido_id: fresh.station.id });
  });

  it('refuses a manual stop that reaches into the running stop of a colleague', async () => {
    const ana = await t.createWorker(fresh.station);
    const beto = await t.createWorker(fresh.station);
    const { stopId } = (await t.send(ana.token, 'POST', START, {})).json();
    const startedAt = Date.now() - 30 * 60_000;
    await t.db
      .updateTable('paradas_kaiser')
      .set({ start_time: new Date(startedAt).toISOString() })
      .where('id', '=', stopId)
      .execute();
    const res = await t.send(beto.token, 'POST', MANUAL, {
      start_time: new Date(startedAt - 10 * 60_000).toISOString(),
      end_time: new Date(startedAt + 5 * 60_000).toISOString(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'La parada se solapa con otra parada de este arco sumergido.' });
  });

  it('lets only one of two concurrent overlapping manual stops by two workers at one station in', async () => {
    const ana = await t.createWorker(fresh.station);
    const beto = await t.createWorker(fresh.station);
    const results = await Promise.all([
      t.send(ana.token, 'POST', MANUAL, { start_time: '2026-11-13T08:00:00.000Z', end_time: '2026-11-13T09:00:00.000Z' }),
      t.send(beto.token, 'POST', MANUAL, { start_time: '2026-11-13T08:30:00.000Z', end_time: '2026-11-13T09:30:00.000Z' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('counts the station once on the plant board: one running stop shown, its minutes once', async () => {
    const ana = await t.createWorker(fresh.station, 'Ana Tablero');
    const beto = await t.createWorker(fresh.station);
    const { stopId } = (await t.send(ana.token, 'POST', START, {})).json();
    expect((await t.send(beto.token, 'POST', START, {})).statusCode).toBe(409);
    const board = (await t.send(seed.admin, 'GET', '/api/admin/planta')).json() as {
      arcos: { id: number; active_stop: { id: number } | null }[];
    }[];
    const arco = board.flatMap((n) => n.arcos).find((a) => a.id === fresh.station.id);
    expect(arco).toMatchObject({ status: 'stopped', active_stop: { id: stopId, user_name: 'Ana Tablero' } });
  });
});
