import { describe, expect, it } from 'vitest';
import { fakeClock, pgUnavailable, useSeed, useTestApp, type Worker } from './helper';

const MANUAL = '/api/paradas-kaiser/manual';

describe.skipIf(pgUnavailable)('paradas Kaiser', () => {
  const t = useTestApp();
  const seed = useSeed(t, { arcos: { other: ['Arco Otro', 'Nave 2'] } });
  // A stop belongs to its station (one running stop, no overlaps per arco): each test gets its own.
  const fresh = useSeed(t, { arcos: { station: 'Arco Paradas' } }, { each: true });

  const manual = (w: Worker, start_time: string, end_time: string, extra: object = {}) =>
    t.send(w.token, 'POST', MANUAL, { start_time, end_time, description: 'Cambio de hilo', arco_sumergido_id: w.station.id, ...extra });

  /** Moves a stop's start into the past straight in the database, as if it had been running that long. */
  const backdate = (id: number, start: string) =>
    t.db
      .updateTable('paradas_kaiser')
      .set({ start_time: start, date: start.slice(0, 10) })
      .where('id', '=', id)
      .execute();

  describe('start, active and end', () => {
    it('starts a stop at the token station, ignoring a different body station, and reports it as active', async () => {
      const w = await t.createWorker(fresh.station);
      fakeClock();
      const res = await t.send(w.token, 'POST', '/api/paradas-kaiser/start', { description: 'Atasco', arco_sumergido_id: seed.other.id });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.message).toBe('Parada iniciada!');
      expect(Date.parse(body.start_time)).toBe(Date.now());

      const active = await t.send(w.token, 'GET', '/api/paradas-kaiser/active');
      expect(active.statusCode).toBe(200);
      expect(active.json()).toMatchObject({
        id: body.stopId,
        start_time: body.start_time,
        end_time: null,
        duration_minutes: null,
        description: 'Atasco',
        arco_sumergido_id: fresh.station.id,
        arco_sumergido_name: fresh.station.name,
        user_name: w.name,
      });
    });

    it('answers null when the caller has no active stop, even if another user has one', async () => {
      const w = await t.createWorker(fresh.station);
      const busy = await t.createWorker(fresh.station);
      const bodiless = await t.send(busy.token, 'POST', '/api/paradas-kaiser/start');
      expect(bodiless.statusCode).toBe(201);
      const res = await t.send(w.token, 'GET', '/api/paradas-kaiser/active');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBeNull();
    });

    it('refuses a second active stop', async () => {
      const w = await t.createWorker(fresh.station);
      expect((await t.send(w.token, 'POST', '/api/paradas-kaiser/start', {})).statusCode).toBe(201);
      const res = await t.send(w.token, 'POST', '/api/paradas-kaiser/start', {});
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Ya tienes una parada activa.' });
    });

    it('lets exactly one of two concurrent starts succeed', async () => {
      const w = await t.createWorker(fresh.station);
      const results = await Promise.all([
        t.send(w.token, 'POST', '/api/paradas-kaiser/start', { description: 'a' }),
        t.send(w.token, 'POST', '/api/paradas-kaiser/start', { description: 'b' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.statusCode === 409)?.json()).toEqual({ message: 'Ya tienes una parada activa.' });
      const rows = await t.db.selectFrom('paradas_kaiser').select('id').where('user_id', '=', w.id).execute();
      expect(rows).toHaveLength(1);
    });

    it("says '1 minuto' for a stop of one minute", async () => {
      const w = await t.createWorker(fresh.station);
      const { travel } = fakeClock();
      const { stopId } = (await t.send(w.token, 'POST', '/api/paradas-kaiser/start', { description: 'inicio' })).json();
      travel(70_000);
      const res = await t.send(w.token, 'PUT', `/api/paradas-kaiser/end/${stopId}`, { description: 'Cambio de hilo' });
      expect(res.json()).toEqual({ duration: 1, message: 'Parada finalizada! Duración: 1 minuto.' });
    });

    it('ends a stop with the server time and the duration rounded to whole minutes', async () => {
      const w = await t.createWorker(fresh.station);
      const { travel } = fakeClock();
      const { stopId } = (await t.send(w.token, 'POST', '/api/paradas-kaiser/start', { description: 'inicio' })).json();
      travel(620_000); // 10 min 20 s
      const res = await t.send(w.token, 'PUT', `/api/paradas-kaiser/end/${stopId}`, { description: 'Rotura de tobera' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ duration: 10, message: 'Parada finalizada! Duración: 10 minutos.' });

      const stop = (await t.send(w.token, 'GET', `/api/paradas-kaiser/${stopId}`)).json();
      expect(stop.duration_minutes).toBe(10);
      expect(stop.description).toBe('Rotura de tobera');
      expect(Date.parse(stop.end_time)).toBe(Date.now());
      expect((await t.send(w.token, 'GET', '/api/paradas-kaiser/active')).json()).toBeNull();

      const again = await t.send(w.token, 'PUT', `/api/paradas-kaiser/end/${stopId}`, {});
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'La parada ya ha finalizado.' });
    });

    it('rounds 29 s down and 31 s up, and keeps the description when none is sent', async () => {
      const w = await t.createWorker(fresh.station);
      const { travel } = fakeClock();
      const first = (await t.send(w.token, 'POST', '/api/paradas-kaiser/start', { description: 'se queda' })).json().stopId;
      travel(29_000);
      const down = await t.send(w.token, 'PUT', `/api/paradas-kaiser/end/${first}`);
      expect(down.statusCode).toBe(200);
      expect(down.json().duration).toBe(0);
      expect((await t.send(w.token, 'GET', `/api/paradas-kaiser/${first}`)).json().description).toBe('se queda');

      const second = (await t.send(w.token, 'POST', '/api/paradas-kaiser/start', {})).json().stopId;
      travel(95_000);
      expect((await t.send(w.token, 'PUT', `/api/paradas-kaiser/end/${second}`, {})).json().duration).toBe(2);
    });

    it('refuses a description over 500 characters on start and end', async () => {
      const w = await t.createWorker(fresh.station);
      const long = 'x'.repeat(501);
      const start = await t.send(w.token, 'POST', '/api/paradas-kaiser/start', { description: long });
      expect(start.statusCode).toBe(400);
      expect(start.json()).toEqual({ message: 'La descripción no puede exceder los 500 caracteres.' });
      const { stopId } = (await t.send(w.token, 'POST', '/api/paradas-kaiser/start', { description: 'x'.repeat(500) })).json();
      const end = await t.send(w.token, 'PUT', `/api/paradas-kaiser/end/${stopId}`, { description: long });
      expect(end.statusCode).toBe(400);
      expect(end.json()).toEqual({ message: 'La descripción no puede exceder los 500 caracteres.' });
    });

    it("does not let a user end another's stop (403) but lets an admin (200); an absent stop is 404", async () => {
      const owner = await t.createWorker(fresh.station);
      // Anyone at the stop's own station may end it (downtime-arco.test.ts): the intruder works elsewhere.
      const intruder = await t.createWorker(seed.other);
      const { stopId } = (await t.send(owner.token, 'POST', '/api/paradas-kaiser/start', {})).json();
      const denied = await t.send(intruder.token, 'PUT', `/api/paradas-kaiser/end/${stopId}`, {});
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ message: 'No tienes permiso para modificar esta parada.' });
      expect((await t.send(owner.token, 'GET', '/api/paradas-kaiser/active')).json().id).toBe(stopId);

      expect((await t.send(seed.admin, 'PUT', `/api/paradas-kaiser/end/${stopId}`, {})).statusCode).toBe(200);
      const missing = await t.send(owner.token, 'PUT', '/api/paradas-kaiser/end/999999', {});
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Parada Kaiser no encontrada.' });
    });

    it('needs a station: an admin session without one must name an existing station', async () => {
      const none = await t.send(seed.admin, 'POST', '/api/paradas-kaiser/start', {});
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ message: 'Tu sesión no tiene un arco sumergido. Inicia sesión seleccionando uno.' });
      const unknown = await t.send(seed.admin, 'POST', '/api/paradas-kaiser/start', { arco_sumergido_id: 999999 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ message: 'El arco sumergido seleccionado no existe.' });
      const ok = await t.send(seed.admin, 'POST', '/api/paradas-kaiser/start', { arco_sumergido_id: seed.other.id });
      expect(ok.statusCode).toBe(201);
      expect((await t.send(seed.admin, 'GET', '/api/paradas-kaiser/active')).json().arco_sumergido_name).toBe('Arco Otro');
      expect((await t.send(seed.admin, 'PUT', `/api/paradas-kaiser/end/${ok.json().stopId}`, {})).statusCode).toBe(200);
    });

    it('requires a session', async () => {
      for (const [method, url] of [
        ['GET', '/api/paradas-kaiser'],
        ['GET', '/api/paradas-kaiser/active'],
        ['POST', '/api/paradas-kaiser/start'],
        ['POST', MANUAL],
        ['PUT', '/api/paradas-kaiser/end/1'],
        ['PUT', '/api/paradas-kaiser/1'],
        ['DELETE', '/api/paradas-kaiser/1'],
      ] as const) {
        const res = await t.app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });
  });

  describe('manual stops', () => {
    it('registers a past stop at the token station with its factory date and duration', async () => {
      const w = await t.createWorker(fresh.station);
      const res = await manual(w, '2026-11-10T07:15:00.000Z', '2026-11-10T07:52:00.000Z', { arco_sumergido_id: seed.other.id });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe('Parada manual registrada con éxito!');
      expect(res.json().parada).toMatchObject({
        date: '2026-11-10',
        start_time: '2026-11-10T07:15:00.000Z',
        end_time: '2026-11-10T07:52:00.000Z',
        duration_minutes: 37,
        description: 'Cambio de hilo',
        arco_sumergido_id: fresh.station.id,
        arco_sumergido_name: fresh.station.name,
        user_id: w.id,
      });
    });

    it('stores instants sent with an offset as UTC and stores a blank description as none', async () => {
      const w = await t.createWorker(fresh.station);
      const res = await manual(w, '2026-11-12T08:00:00+01:00', '2026-11-12T08:45:30+01:00', { description: '   ' });
      expect(res.statusCode).toBe(201);
      expect(res.json().parada).toMatchObject({
        start_time: '2026-11-12T07:00:00.000Z',
        end_time: '2026-11-12T07:45:30.000Z',
        duration_minutes: 46,
        description: null,
      });
    });

    it('lasts 60 minutes from 01:30 to 03:30 on the last Sunday of March (clocks go forward)', async () => {
      const w = await t.createWorker(fresh.station);
      const res = await manual(w, '2026-03-29T01:30:00+01:00', '2026-03-29T03:30:00+02:00');
      expect(res.statusCode).toBe(201);
      expect(res.json().parada).toMatchObject({ date: '2026-03-29', duration_minutes: 60 });
    });

    it('lasts 180 minutes from 01:30 to 03:30 on the last Sunday of October (clocks go back)', async () => {
      const w = await t.createWorker(fresh.station);
      const res = await manual(w, '2026-10-25T01:30:00+02:00', '2026-10-25T03:30:00+01:00');
      expect(res.statusCode).toBe(201);
      // 23:30 UTC on the 24th is already the 25th at the factory.
      expect(res.json().parada).toMatchObject({ date: '2026-10-25', start_time: '2026-10-24T23:30:00.000Z', duration_minutes: 180 });
    });

    it('dates a stop by the factory day near midnight, not the UTC one', async () => {
      const w = await t.createWorker(fresh.station);
      const late = await manual(w, '2026-11-15T22:50:00.000Z', '2026-11-15T23:10:00.000Z');
      expect(late.json().parada.date).toBe('2026-11-15');
      const early = await manual(w, '2026-11-15T23:10:00.000Z', '2026-11-15T23:40:00.000Z');
      expect(early.json().parada.date).toBe('2026-11-16');
      const list = await t.send(w.token, 'GET', '/api/paradas-kaiser?startDate=2026-11-16&endDate=2026-11-16');
      expect(list.json().map((p: { id: number }) => p.id)).toEqual([early.json().parada.id]);
    });

    it('requires both times with its Spanish message', async () => {
      const w = await t.createWorker(fresh.station);
      for (const body of [
        { end_time: '2026-11-10T08:00:00.000Z' },
        { start_time: '2026-11-10T08:00:00.000Z' },
        { start_time: '', end_time: '2026-11-10T08:00:00.000Z' },
      ]) {
        const res = await t.send(w.token, 'POST', MANUAL, { description: '', ...body });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'La hora de inicio y fin son obligatorias.' });
      }
      const bad = await t.send(w.token, 'POST', MANUAL, { start_time: 'ayer', end_time: '2026-11-10T08:00:00.000Z' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'La hora no es válida.' });
    });

    it('requires the start before the end', async () => {
      const w = await t.createWorker(fresh.station);
      for (const [start, end] of [
        ['2026-11-10T09:00:00.000Z', '2026-11-10T08:00:00.000Z'],
        ['2026-11-10T09:00:00.000Z', '2026-11-10T09:00:00.000Z'],
        // Different offsets: 10:00+02:00 is 08:00 UTC, after 07:30 UTC.
        ['2026-11-10T10:00:00+02:00', '2026-11-10T07:30:00.000Z'],
      ]) {
        const res = await manual(w, start, end);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'La hora de inicio debe ser anterior a la hora de fin.' });
      }
    });

    it('refuses an end in the future', async () => {
      const w = await t.createWorker(fresh.station);
      const res = await manual(w, new Date(Date.now() - 3_600_000).toISOString(), new Date(Date.now() + 3_600_000).toISOString());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'La hora de fin no puede ser posterior a la hora actual.' });
      const rows = await t.db.selectFrom('paradas_kaiser').select('id').where('user_id', '=', w.id).execute();
      expect(rows).toHaveLength(0);
    });

    it('refuses a description over 500 characters', async () => {
      const w = await t.createWorker(fresh.station);
      const res = await manual(w, '2026-11-10T08:00:00.000Z', '2026-11-10T09:00:00.000Z', { description: 'é'.repeat(501) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'La descripción no puede exceder los 500 caracteres.' });
    });

    it("refuses an overlap with the user's own stops, allows touching ends and other users' times", async () => {
      const w = await t.createWorker(fresh.station);
      expect((await manual(w, '2026-11-11T08:00:00.000Z', '2026-11-11T09:00:00.000Z')).statusCode).toBe(201);
      for (const [start, end] of [
        ['2026-11-11T08:30:00.000Z', '2026-11-11T09:30:00.000Z'],
        ['2026-11-11T07:30:00.000Z', '2026-11-11T08:01:00.000Z'],
        ['2026-11-11T07:00:00.000Z', '2026-11-11T10:00:00.000Z'],
        ['2026-11-11T08:10:00.000Z', '2026-11-11T08:20:00.000Z'],
      ]) {
        const res = await manual(w, start, end);
        expect(res.statusCode, `${start}-${end}`).toBe(409);
        expect(res.json()).toEqual({ message: 'La parada se solapa con otra parada registrada.' });
      }
      expect((await manual(w, '2026-11-11T09:00:00.000Z', '2026-11-11T09:15:00.000Z')).statusCode).toBe(201);
      expect((await manual(w, '2026-11-11T07:30:00.000Z', '2026-11-11T08:00:00.000Z')).statusCode).toBe(201);
      // At another station: one arco's stops may not overlap (downtime-arco.test.ts).
      const someoneElse = await t.createWorker(seed.other);
      expect((await manual(someoneElse, '2026-11-11T08:30:00.000Z', '2026-11-11T09:30:00.000Z')).statusCode).toBe(201);
    });

    it('refuses a manual stop that reaches into a running stop', async () => {
      const w = await t.createWorker(fresh.station);
      const { stopId } = (await t.send(w.token, 'POST', '/api/paradas-kaiser/start', {})).json();
      const startedAt = Date.now() - 30 * 60_000;
      await backdate(stopId, new Date(startedAt).toISOString());
      const res = await manual(w, new Date(startedAt - 10 * 60_000).toISOString(), new Date(startedAt + 5 * 60_000).toISOString());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'La parada se solapa con otra parada registrada.' });
      const before = await manual(w, new Date(startedAt - 10 * 60_000).toISOString(), new Date(startedAt).toISOString());
      expect(before.statusCode).toBe(201);
    });

    it('lets only one of two concurrent overlapping manual stops in', async () => {
      const w = await t.createWorker(fresh.station);
      const results = await Promise.all([
        manual(w, '2026-11-13T08:00:00.000Z', '2026-11-13T09:00:00.000Z'),
        manual(w, '2026-11-13T08:30:00.000Z', '2026-11-13T09:30:00.000Z'),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    });
  });

  describe('history', () => {
    it('lists own stops only for a user and all for an admin, newest first, with names', async () => {
      const a = await t.createWorker(fresh.station, 'Ana Historia');
      const b = await t.createWorker(seed.other, 'Beto Historia');
      const a1 = (await manual(a, '2026-11-02T08:00:00.000Z', '2026-11-02T08:30:00.000Z')).json().parada.id;
      const a2 = (await manual(a, '2026-11-03T08:00:00.000Z', '2026-11-03T08:30:00.000Z')).json().parada.id;
      const a3 = (await manual(a, '2026-11-03T10:00:00.000Z', '2026-11-03T10:30:00.000Z')).json().parada.id;
      const b1 = (await manual(b, '2026-11-03T09:00:00.000Z', '2026-11-03T09:30:00.000Z')).json().parada.id;

      const mine = await t.send(a.token, 'GET', '/api/paradas-kaiser?startDate=2026-11-02&endDate=2026-11-07');
      expect(mine.statusCode).toBe(200);
      expect(mine.json().map((p: { id: number }) => p.id)).toEqual([a3, a2, a1]);
      expect(mine.json()[0]).toMatchObject({ user_name: 'Ana Historia', arco_sumergido_name: fresh.station.name, date: '2026-11-03' });

      const all = (await t.send(seed.admin, 'GET', '/api/paradas-kaiser?startDate=2026-11-02&endDate=2026-11-07')).json();
      const ids = all.map((p: { id: number }) => p.id);
      expect(ids).toEqual(expect.arrayContaining([a1, a2, a3, b1]));
      expect(all.find((p: { id: number }) => p.id === b1)).toMatchObject({ user_name: 'Beto Historia', arco_sumergido_name: 'Arco Otro' });

      const allNoQuery = (await t.send(seed.admin, 'GET', '/api/paradas-kaiser')).json().map((p: { id: number }) => p.id);
      expect(allNoQuery).toEqual(expect.arrayContaining([a1, b1]));
      const mineNoQuery = (await t.send(a.token, 'GET', '/api/paradas-kaiser')).json().map((p: { id: number }) => p.id);
      expect(mineNoQuery).toEqual([a3, a2, a1]);
    });

    it('filters by inclusive factory-local dates', async () => {
      const w = await t.createWorker(fresh.station);
      const d1 = (await manual(w, '2026-11-04T08:00:00.000Z', '2026-11-04T08:30:00.000Z')).json().parada.id;
      const d2 = (await manual(w, '2026-11-05T08:00:00.000Z', '2026-11-05T08:30:00.000Z')).json().parada.id;
      const d3 = (await manual(w, '2026-11-06T08:00:00.000Z', '2026-11-06T08:30:00.000Z')).json().parada.id;
      const ids = async (qs: string) => (await t.send(w.token, 'GET', `/api/paradas-kaiser?${qs}`)).json().map((p: { id: number }) => p.id);
      expect(await ids('startDate=2026-11-05&endDate=2026-11-05')).toEqual([d2]);
      expect(await ids('startDate=2026-11-04&endDate=2026-11-05')).toEqual([d2, d1]);
      expect(await ids('startDate=2026-11-05')).toEqual([d3, d2]);
      expect(await ids('endDate=2026-11-04')).toEqual([d1]);
      expect(await ids('startDate=2026-11-07&endDate=2026-11-08')).toEqual([]);
    });

    it('answers 400 for bad dates and a reversed range', async () => {
      const w = await t.createWorker(fresh.station);
      const bad = await t.send(w.token, 'GET', '/api/paradas-kaiser?startDate=05/11/2026');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'La fecha debe tener el formato AAAA-MM-DD.' });
      const reversed = await t.send(w.token, 'GET', '/api/paradas-kaiser?startDate=2026-11-06&endDate=2026-11-05');
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json()).toEqual({ message: 'La fecha de inicio no puede ser posterior a la fecha de fin.' });
    });

    it("does not let a user read another's stop (403), an admin may, an absent one is 404", async () => {
      const owner = await t.createWorker(fresh.station);
      const intruder = await t.createWorker(fresh.station);
      const id = (await manual(owner, '2026-11-09T08:00:00.000Z', '2026-11-09T08:30:00.000Z')).json().parada.id;
      expect((await t.send(intruder.token, 'GET', `/api/paradas-kaiser/${id}`)).statusCode).toBe(403);
      const list = (await t.send(intruder.token, 'GET', '/api/paradas-kaiser?startDate=2026-11-09&endDate=2026-11-09')).json();
      expect(list).toEqual([]);
      expect((await t.send(seed.admin, 'GET', `/api/paradas-kaiser/${id}`)).json().id).toBe(id);
      expect((await t.send(owner.token, 'GET', '/api/paradas-kaiser/999999')).statusCode).toBe(404);
      const invalid = await t.send(owner.token, 'GET', '/api/paradas-kaiser/abc');
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toEqual({ message: 'Identificador inválido.' });
    });

    it("keeps a deleted user's stops, shown as 'Usuario eliminado'", async () => {
      const gone = await t.createWorker(fresh.station);
      const id = (await manual(gone, '2026-11-08T08:00:00.000Z', '2026-11-08T08:30:00.000Z')).json().parada.id;
      await t.db.deleteFrom('users').where('id', '=', gone.id).execute();
      const stop = (await t.send(seed.admin, 'GET', `/api/paradas-kaiser/${id}`)).json();
      expect(stop).toMatchObject({ id, user_id: null, user_name: 'Usuario eliminado' });
    });
  });

  describe('edit and delete', () => {
    it('edits times, description and station, recomputing date and duration', async () => {
      const w = await t.createWorker(fresh.station);
      const id = (await manual(w, '2026-11-14T08:00:00.000Z', '2026-11-14T08:30:00.000Z')).json().parada.id;
      const res = await t.send(w.token, 'PUT', `/api/paradas-kaiser/${id}`, {
        start_time: '2026-11-14T23:20:00.000Z',
        end_time: '2026-11-15T00:05:00.000Z',
        description: 'Corregida',
        arco_sumergido_id: seed.other.id,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Parada Kaiser actualizada con éxito!');
      expect(res.json().parada).toMatchObject({
        id,
        date: '2026-11-15',
        duration_minutes: 45,
        description: 'Corregida',
        arco_sumergido_id: seed.other.id,
        arco_sumergido_name: 'Arco Otro',
      });
    });

    it('applies the time rules to edits and ignores the stop itself in the overlap check', async () => {
      const w = await t.createWorker(fresh.station);
      const first = (await manual(w, '2026-11-16T08:00:00.000Z', '2026-11-16T09:00:00.000Z')).json().parada.id;
      await manual(w, '2026-11-16T10:00:00.000Z', '2026-11-16T11:00:00.000Z');
      const edit = (start_time: string, end_time: string, extra: object = {}) =>
        t.send(w.token, 'PUT', `/api/paradas-kaiser/${first}`, { start_time, end_time, description: 'x', ...extra });

      expect((await edit('2026-11-16T08:15:00.000Z', '2026-11-16T09:15:00.000Z')).statusCode).toBe(200);
      const overlap = await edit('2026-11-16T08:15:00.000Z', '2026-11-16T10:15:00.000Z');
      expect(overlap.statusCode).toBe(409);
      expect(overlap.json()).toEqual({ message: 'La parada se solapa con otra parada registrada.' });
      expect((await edit('2026-11-16T09:00:00.000Z', '2026-11-16T08:00:00.000Z')).json()).toEqual({
        message: 'La hora de inicio debe ser anterior a la hora de fin.',
      });
      expect((await edit('', '2026-11-16T08:00:00.000Z')).json()).toEqual({ message: 'La hora de inicio y fin son obligatorias.' });
      expect((await edit('2026-11-16T08:00:00.000Z', new Date(Date.now() + 60_000).toISOString())).statusCode).toBe(400);
      expect((await edit('2026-11-16T08:00:00.000Z', '2026-11-16T08:30:00.000Z', { description: 'y'.repeat(501) })).statusCode).toBe(400);
      expect((await edit('2026-11-16T08:00:00.000Z', '2026-11-16T08:30:00.000Z', { arco_sumergido_id: 999999 })).json()).toEqual({
        message: 'El arco sumergido seleccionado no existe.',
      });
      // Nothing of the refused edits was written.
      const stored = (await t.send(w.token, 'GET', `/api/paradas-kaiser/${first}`)).json();
      expect(stored).toMatchObject({ start_time: '2026-11-16T08:15:00.000Z', end_time: '2026-11-16T09:15:00.000Z', duration_minutes: 60 });
    });

    it("does not let a user edit or delete another's stop (403); an admin may; absent stops are 404", async () => {
      const owner = await t.createWorker(fresh.station);
      const intruder = await t.createWorker(fresh.station);
      const id = (await manual(owner, '2026-11-17T08:00:00.000Z', '2026-11-17T08:30:00.000Z')).json().parada.id;
      const body = { start_time: '2026-11-17T07:00:00.000Z', end_time: '2026-11-17T07:10:00.000Z', description: 'hack' };

      const edit = await t.send(intruder.token, 'PUT', `/api/paradas-kaiser/${id}`, body);
      expect(edit.statusCode).toBe(403);
      expect(edit.json()).toEqual({ message: 'No tienes permiso para modificar esta parada.' });
      expect((await t.send(intruder.token, 'DELETE', `/api/paradas-kaiser/${id}`)).statusCode).toBe(403);
      expect((await t.send(owner.token, 'GET', `/api/paradas-kaiser/${id}`)).json().description).toBe('Cambio de hilo');

      expect((await t.send(owner.token, 'PUT', '/api/paradas-kaiser/999999', body)).statusCode).toBe(404);
      expect((await t.send(owner.token, 'DELETE', '/api/paradas-kaiser/999999')).statusCode).toBe(404);

      const byAdmin = await t.send(seed.admin, 'PUT', `/api/paradas-kaiser/${id}`, { ...body, description: 'revisada' });
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json().parada).toMatchObject({ user_id: owner.id, description: 'revisada', duration_minutes: 10 });
      const del = await t.send(seed.admin, 'DELETE', `/api/paradas-kaiser/${id}`);
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ message: 'Parada Kaiser eliminada con éxito!' });
      expect((await t.send(owner.token, 'GET', `/api/paradas-kaiser/${id}`)).statusCode).toBe(404);
    });

    it("checks an admin's edit against the owner's other stops", async () => {
      const owner = await t.createWorker(fresh.station);
      const id = (await manual(owner, '2026-11-18T08:00:00.000Z', '2026-11-18T08:30:00.000Z')).json().parada.id;
      await manual(owner, '2026-11-18T09:00:00.000Z', '2026-11-18T09:30:00.000Z');
      const res = await t.send(seed.admin, 'PUT', `/api/paradas-kaiser/${id}`, {
        start_time: '2026-11-18T08:00:00.000Z',
        end_time: '2026-11-18T09:10:00.000Z',
        description: '',
      });
      expect(res.statusCode).toBe(409);
    });

    it('deletes own stops, also a running one, which frees the way for a new start', async () => {
      const w = await t.createWorker(fresh.station);
      const { stopId } = (await t.send(w.token, 'POST', '/api/paradas-kaiser/start', {})).json();
      const del = await t.send(w.token, 'DELETE', `/api/paradas-kaiser/${stopId}`);
      expect(del.statusCode).toBe(200);
      expect((await t.send(w.token, 'GET', '/api/paradas-kaiser/active')).json()).toBeNull();
      expect((await t.send(w.token, 'POST', '/api/paradas-kaiser/start', {})).statusCode).toBe(201);
    });
  });
});
