import { randomUUID } from 'node:crypto';
import type { HTTPMethods } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { bearer, multipart, pgUnavailable, type TestArco, useTestApp, type Worker } from './helper';

// Writes queued offline (decision 016): client-stamped times within bounds, and Idempotency-Key replays.

const START = '/api/paradas-kaiser/start';
const END = (id: number) => `/api/paradas-kaiser/end/${id}`;
const MANUAL = '/api/paradas-kaiser/manual';
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

describe.skipIf(pgUnavailable)('offline writes', () => {
  const t = useTestApp();
  let station: TestArco;

  // One arco per test: an arco holds one running parada, and each test starts its own.
  beforeEach(async () => {
    station = await t.createArco(undefined, 'Nave 1');
  });

  const send = (w: Worker, method: HTTPMethods, url: string, payload?: object, key?: string) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(w.token), ...(key ? { 'idempotency-key': key } : {}) } });

  const row = (id: number) => t.db.selectFrom('paradas_kaiser').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const paradasOf = (w: Worker) => t.db.selectFrom('paradas_kaiser').selectAll().where('user_id', '=', w.id).execute();

  describe('client-stamped times', () => {
    it('starts and ends at the tapped times and keeps when the server received each', async () => {
      const w = await t.createWorker(station);
      const tappedStart = ago(30 * MIN);
      const started = await send(w, 'POST', START, { client_time: tappedStart });
      expect(started.statusCode).toBe(201);
      expect(started.json().start_time).toBe(tappedStart);
      const tappedEnd = ago(10 * MIN);
      const ended = await send(w, 'PUT', END(started.json().stopId), { client_time: tappedEnd });
      expect(ended.statusCode).toBe(200);
      expect(ended.json()).toEqual({ duration: 20, message: 'Parada finalizada! Duración: 20 minutos.' });

      const stored = await row(started.json().stopId);
      expect(stored.start_time).toBe(tappedStart);
      expect(stored.end_time).toBe(tappedEnd);
      expect(stored.duration_minutes).toBe(20);
      // Received now, not at the tapped moments.
      expect(Date.parse(stored.start_received_at!)).toBeGreaterThan(Date.parse(tappedEnd));
      expect(Date.parse(stored.end_received_at!)).toBeGreaterThanOrEqual(Date.parse(stored.start_received_at!));
    });

    it('without a client time, start and end are the server’s now and received equals it', async () => {
      const w = await t.createWorker(station);
      const started = await send(w, 'POST', START, {});
      const stored = await row(started.json().stopId);
      expect(stored.start_received_at).toBe(stored.start_time);
    });

    it('refuses times ahead of the server beyond the skew, older than 12 h, malformed, or ends before the start', async () => {
      const w = await t.createWorker(station);
      const future = new Date(Date.now() + 10 * MIN).toISOString();
      const cases: [string, object, string][] = [
        [START, { client_time: future }, 'La hora indicada es posterior a la hora actual del servidor.'],
        [
          START,
          { client_time: ago(13 * HOUR) },
          'La hora indicada es demasiado antigua: solo se aceptan acciones de las últimas 12 horas.',
        ],
        [START, { client_time: 'ayer' }, 'La hora no es válida.'],
      ];
      for (const [url, body, message] of cases) {
        const res = await send(w, 'POST', url, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toEqual({ message });
      }
      expect(await paradasOf(w)).toHaveLength(0);

      const started = await send(w, 'POST', START, { client_time: ago(5 * MIN) });
      const early = await send(w, 'PUT', END(started.json().stopId), { client_time: ago(6 * MIN) });
      expect(early.statusCode).toBe(400);
      expect(early.json()).toEqual({ message: 'La hora de fin no puede ser anterior a la hora de inicio de la parada.' });
      expect((await row(started.json().stopId)).end_time).toBeNull();

      const manual = await send(w, 'POST', MANUAL, { start_time: ago(3 * HOUR), end_time: ago(2 * HOUR), client_time: future });
      expect(manual.statusCode).toBe(400);
      expect(manual.json()).toEqual({ message: 'La hora indicada es posterior a la hora actual del servidor.' });
    });

    it('a time slightly ahead (within the skew) counts as now', async () => {
      const w = await t.createWorker(station);
      const res = await send(w, 'POST', START, { client_time: new Date(Date.now() + 30_000).toISOString() });
      expect(res.statusCode).toBe(201);
      expect(Date.parse(res.json().start_time)).toBeLessThanOrEqual(Date.now());
    });

    it('answers 409 when a start tapped offline reaches back into a stop recorded since', async () => {
      const w = await t.createWorker(station);
      const manual = await send(w, 'POST', MANUAL, { start_time: ago(40 * MIN), end_time: ago(20 * MIN) });
      expect(manual.statusCode).toBe(201);
      const res = await send(w, 'POST', START, { client_time: ago(30 * MIN) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'La hora de inicio indicada se solapa con otra parada registrada.' });
      expect(await paradasOf(w)).toHaveLength(1);
    });
  });

  describe('Idempotency-Key', () => {
    it('a repeated start gets the first answer and writes one stop', async () => {
      const w = await t.createWorker(station);
      const key = randomUUID();
      const body = { client_time: ago(MIN), description: 'Atasco' };
      const first = await send(w, 'POST', START, body, key);
      const again = await send(w, 'POST', START, body, key);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await paradasOf(w)).toHaveLength(1);
    });

    it('two concurrent replays of one key write once and both get the first answer', async () => {
      const w = await t.createWorker(station);
      const key = randomUUID();
      const body = { client_time: ago(MIN) };
      const [a, b] = await Promise.all([send(w, 'POST', START, body, key), send(w, 'POST', START, body, key)]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.json()).toEqual(b.json());
      expect(await paradasOf(w)).toHaveLength(1);

      const endKey = randomUUID();
      const end = { client_time: new Date().toISOString() };
      const ends = await Promise.all([1, 2, 3].map(() => send(w, 'PUT', END(a.json().stopId), end, endKey)));
      expect(ends.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(ends.map((r) => r.body)).size).toBe(1);
    });

    it('two concurrent wall posts with one key create one post', async () => {
      const w = await t.createWorker(station);
      const key = randomUUID();
      const before = await t.countRows('wall_posts');
      const post = async () => {
        const form = await multipart({ content: 'Escrito sin conexión' });
        return t.app.inject({
          method: 'POST',
          url: '/api/wall/posts',
          payload: form.payload,
          headers: { ...bearer(w.token), ...form.headers, 'idempotency-key': key },
        });
      };
      const [a, b] = await Promise.all([post(), post()]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.json()).toEqual(b.json());
      expect(await t.countRows('wall_posts')).toBe(before + 1);
    });

    it('an end queued offline after the stop was ended elsewhere gets a Spanish 409, replayed as such', async () => {
      const w = await t.createWorker(station);
      const started = await send(w, 'POST', START, { client_time: ago(20 * MIN) });
      const id = started.json().stopId;
      const endedElsewhere = ago(15 * MIN);
      expect((await send(w, 'PUT', END(id), { client_time: endedElsewhere })).statusCode).toBe(200);
      const key = randomUUID();
      const tapped = { client_time: ago(10 * MIN) };
      const queued = await send(w, 'PUT', END(id), tapped, key);
      expect(queued.statusCode).toBe(409);
      expect(queued.json()).toEqual({ message: 'La parada ya ha finalizado.' });
      const again = await send(w, 'PUT', END(id), tapped, key);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(queued.json());
      expect((await row(id)).end_time).toBe(endedElsewhere);
    });

    it('refuses a key reused for another request, and a malformed key; keys are per user', async () => {
      const w = await t.createWorker(station);
      const other = await t.createWorker(station);
      const key = randomUUID();
      expect((await send(w, 'POST', MANUAL, { start_time: ago(3 * HOUR), end_time: ago(2 * HOUR) }, key)).statusCode).toBe(201);
      const reused = await send(w, 'POST', MANUAL, { start_time: ago(5 * HOUR), end_time: ago(4 * HOUR) }, key);
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual({ message: 'La clave de idempotencia ya se usó con otra petición.' });
      const bad = await send(w, 'POST', START, {}, 'clave con espacios');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'La clave de idempotencia no es válida.' });
      expect(await paradasOf(w)).toHaveLength(1);
      // The same key from another worker is another request.
      expect((await send(other, 'POST', START, {}, key)).statusCode).toBe(201);
    });

    it('a claim left unanswered by a request that died is taken over after a minute', async () => {
      const w = await t.createWorker(station);
      const key = randomUUID();
      const body = { start_time: ago(3 * HOUR), end_time: ago(2 * HOUR) };
      const first = await send(w, 'POST', MANUAL, body, key);
      expect(first.statusCode).toBe(201);
      // As if that request had claimed the key and died before answering (and before writing).
      await t.db.deleteFrom('paradas_kaiser').where('user_id', '=', w.id).execute();
      await t.db
        .updateTable('idempotency_keys')
        .set({ status_code: null, body: null, created_at: ago(2 * MIN) })
        .where('user_id', '=', w.id)
        .where('key', '=', key)
        .execute();
      const retried = await send(w, 'POST', MANUAL, body, key);
      expect(retried.statusCode).toBe(201);
      expect(retried.headers['idempotent-replayed']).toBeUndefined();
      expect(await paradasOf(w)).toHaveLength(1);
    });

    it('routes without the header behave as before', async () => {
      const w = await t.createWorker(station);
      expect((await send(w, 'POST', START, {})).statusCode).toBe(201);
      expect((await send(w, 'POST', START, {})).json()).toEqual({ message: 'Ya tienes una parada activa.' });
    });
  });
});

describe.skipIf(pgUnavailable)('offline writes: CLIENT_TIME_MAX_AGE_HOURS', () => {
  const t = useTestApp({ CLIENT_TIME_MAX_AGE_HOURS: '1' });

  it('the age limit is configurable', async () => {
    const station = await t.createArco('Arco Límite', 'Nave 1');
    const w = await t.createWorker(station);
    const res = await t.send(w.token, 'POST', START, { client_time: ago(2 * HOUR) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'La hora indicada es demasiado antigua: solo se aceptan acciones de las últimas 1 hora.' });
    expect((await t.send(w.token, 'POST', START, { client_time: ago(30 * MIN) })).statusCode).toBe(201);
  });
});
