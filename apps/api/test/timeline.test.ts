import {
  type TimelineResponse,
  timelineMessages,
  timelineParada,
  timelineResponse,
  withRunning,
  workedSpans,
} from '@portal/contract/timeline';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { applySignal, createKey } from '../src/modules/machines/service';
import { expectBadRequests, pgUnavailable, type TestArco, useSeed, useTestApp } from './helper';

const MIN = 60_000;

type Timeline = TimelineResponse;

/**
 * The arco timeline (docs/decisions/041-arco-timeline.md): per arco of a nave the bars of its paradas,
 * a machine's silence and the running time between them, clipped to the range; admins read any nave,
 * a worker only the nave of their session.
 */
describe.skipIf(pgUnavailable)('arco timeline', () => {
  const t = useTestApp({ MACHINE_MICRO_STOP_SECONDS: '120', MACHINE_SILENCE_SECONDS: '300' });
  const nave = `Nave Línea ${process.pid}`;
  const seed = useSeed(t, {});
  let arcos: { a: TestArco; b: TestArco; c: TestArco; other: TestArco };
  let now: number;
  const range = () => `from=${new Date(now - 3 * 3600_000).toISOString()}&to=${new Date(now + 3600_000).toISOString()}`;

  const sent = (body: Timeline, arco: TestArco) => body.arcos.find((x) => x.id === arco.id)!.bars;
  // As drawn: the bars sent, by start, with running filled in between them (docs/decisions/053-timeline-without-running-bars.md).
  const bars = (body: Timeline, arco: TestArco) => withRunning(sent(body, arco), workedSpans(body));
  const read = async (token: string, query: string) => t.send(token, 'GET', `/api/timeline?${query}`);

  it('sets up a nave with a worker parada, a running machine stop, a micro-stop, a planned stop and a silent machine', async () => {
    await t.db.insertInto('naves').values({ name: nave, created_at: new Date().toISOString() }).execute();
    // The default calendar (Mañana, Tarde, Noche) on every day of the week, so the whole range is worked whatever day the test runs.
    await t.db.updateTable('shift_versions').set({ weekdays: 127 }).execute();
    arcos = {
      a: await t.createArco('Arco Línea 1', nave),
      b: await t.createArco('Arco Línea 2', nave),
      c: await t.createArco('Arco Línea 10', nave),
      other: await t.createArco('Arco Fuera', 'Nave 2'),
    };
    now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * MIN).toISOString();
    const ana = await t.createWorker(arcos.a, 'Ana Línea');
    const motivo = await t.db.selectFrom('motivos').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    const manual = await t.send(ana.token, 'POST', '/api/paradas-kaiser/manual', {
      start_time: at(120),
      end_time: at(100),
      description: 'Cambio de hilo',
      motivo_id: motivo.id,
    });
    expect(manual.statusCode, manual.body).toBe(201);
    // Arco 1's machine: a stop of a minute (a micro-stop), then a stop still running.
    for (const [state, ago] of [
      ['stopped', 60],
      ['running', 59],
      ['stopped', 30],
    ] as const) {
      await applySignal(t.app.ctx, arcos.a.id, { state, at: at(ago) });
    }
    // Arco 2: a planned stop, ended.
    const planned = await t.db.selectFrom('motivos').select('id').where('planned', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const bea = await t.createWorker(arcos.b, 'Bea Línea');
    const stop = await t.send(bea.token, 'POST', '/api/paradas-kaiser/manual', {
      start_time: at(90),
      end_time: at(75),
      description: 'Preventivo',
      motivo_id: planned.id,
    });
    expect(stop.statusCode, stop.body).toBe(201);
    // Arco 10: bound, last reported 40 minutes ago (running), silent since.
    await createKey(t.app.ctx, null, arcos.c.id);
    await applySignal(t.app.ctx, arcos.c.id, { state: 'running', at: at(40) }, at(40));
  });

  it('answers every arco of the nave in order with its bars', async () => {
    const res = await read(seed.admin, `nave=${encodeURIComponent(nave)}&${range()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = timelineResponse.parse(res.json());
    expect(body.nave).toBe(nave);
    expect(body.arcos.map((a) => a.name)).toEqual(['Arco Línea 1', 'Arco Línea 2', 'Arco Línea 10']);
    const serverNow = Date.parse(body.now);
    const from = now - 3 * 3600_000;

    // Running is not sent: the client fills it in from the worked shifts.
    expect(body.arcos.flatMap((x) => x.bars).filter((b) => (b[0] as string) === 'running')).toEqual([]);
    expect(body.shifts.every((s) => s.worked)).toBe(true);
    const a = bars(body, arcos.a);
    const stops = a.filter((b) => b[0] !== 'running');
    expect(stops.map(([kind, , , , , open]) => [kind, open])).toEqual([
      ['stopped', 0],
      ['micro', 0],
      ['stopped', 1],
    ]);
    // The worker's parada, named by its motivo; the machine's running stop up to the server's now.
    expect(stops[0].slice(1, 3)).toEqual([now - 120 * MIN, now - 100 * MIN]);
    expect(body.motivos.map((m) => m.id)).toContain(stops[0][4]);
    expect(stops[1].slice(1, 3)).toEqual([now - 60 * MIN, now - 59 * MIN]);
    expect(stops[2].slice(1, 3)).toEqual([now - 30 * MIN, serverNow]);
    // Running from the range's start up to the first stop, in pieces where a shift boundary cuts it.
    const before = a.filter((b) => b[0] === 'running' && b[2] <= now - 120 * MIN);
    expect(before.map((b) => b.slice(3))).toEqual(before.map(() => [null, null, 0]));
    expect([before[0][1], before.at(-1)?.[2]]).toEqual([from, now - 120 * MIN]);
    for (let i = 1; i < before.length; i++) expect(before[i][1]).toBe(before[i - 1][2]);
    // Running fills the gaps up to now and never past it.
    expect(a.reduce((sum, b) => sum + (b[2] - b[1]), 0)).toBe(serverNow - from);
    expect(a.every((b) => b[2] <= serverNow)).toBe(true);

    // The running machine stop opens as its parada.
    const opened = await t.send(seed.admin, 'GET', `/api/timeline/paradas/${stops[2][3]}`);
    expect(opened.statusCode).toBe(200);
    expect(timelineParada.parse(opened.json())).toMatchObject({ source: 'machine', end_time: null, user_name: 'Máquina' });

    const b = bars(body, arcos.b);
    expect(b.filter((x) => x[0] !== 'running').map((x) => x.slice(0, 3))).toEqual([['planned', now - 90 * MIN, now - 75 * MIN]]);
    expect(body.motivos.find((m) => m.id === b.find((x) => x[0] === 'planned')![4])?.planned).toBe(true);

    const c = bars(body, arcos.c);
    const silence = c.find((x) => x[0] === 'no_signal')!;
    expect(silence).toEqual(['no_signal', now - 40 * MIN, serverNow, null, null, 1]);
    expect(c.filter((x) => x[0] === 'running').at(-1)![2]).toBe(silence[1]);
  });

  it('clips bars to the range', async () => {
    const from = now - 110 * MIN;
    const to = now - 105 * MIN;
    const res = await read(
      seed.admin,
      `nave=${encodeURIComponent(nave)}&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`,
    );
    // As sent: instants clipped to the range (and nothing running, which the client fills in).
    const body = timelineResponse.parse(res.json());
    expect(sent(body, arcos.a).map((b) => b.slice(0, 3))).toEqual([['stopped', new Date(from).toISOString(), new Date(to).toISOString()]]);
  });

  it('draws the shifts and leaves their breaks out of running', async () => {
    await t.db
      .updateTable('shift_versions')
      .set((eb) => ({
        breaks: sql<string>`'[{"start":"' || ${eb.ref('start_time')} || '","end":"' || substr(${eb.ref('start_time')}, 1, 3) || '10"}]'`,
      }))
      .execute();
    const from = now - 86_400_000;
    const res = await read(
      seed.admin,
      `nave=${encodeURIComponent(nave)}&from=${new Date(from).toISOString()}&to=${new Date(now).toISOString()}`,
    );
    const body = timelineResponse.parse(res.json());
    // Each shift's first 10 minutes, clipped to the range read and to now (a break under way, or begun
    // before the range, shows its part inside).
    const end = Math.min(now, Date.parse(body.now));
    const expected = body.shifts
      .map((s) => [Math.max(Date.parse(s.start), from), Math.min(Date.parse(s.start) + 10 * MIN, end)])
      .filter(([a, z]) => a < z);
    expect(body.shifts.map((s) => s.name)).toEqual(expect.arrayContaining(['Mañana', 'Tarde', 'Noche']));
    expect(expected.length).toBeGreaterThanOrEqual(2);
    const b = bars(body, arcos.b);
    const breaks = b.filter((x) => x[0] === 'planned' && x[3] === null);
    expect(breaks.map((x) => [x[1], x[2]])).toEqual(expected);
    for (const r of b.filter((x) => x[0] === 'running')) for (const k of breaks) expect(r[2] <= k[1] || r[1] >= k[2]).toBe(true);
  });

  it('lets a worker read the nave of their session only', async () => {
    const worker = await t.createWorker(arcos.b, 'Carla Línea');
    const own = await read(worker.token, range());
    expect(own.statusCode).toBe(200);
    expect((own.json() as Timeline).nave).toBe(nave);
    expect((await read(worker.token, `nave=${encodeURIComponent(nave)}&${range()}`)).statusCode).toBe(200);
    const outsider = await t.createWorker(arcos.other, 'Dani Fuera');
    const refused = await read(outsider.token, `nave=${encodeURIComponent(nave)}&${range()}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: timelineMessages.otherNave });
    // A bar's parada likewise: those of the worker's nave, not another's.
    const body = (await read(seed.admin, `nave=${encodeURIComponent(nave)}&${range()}`)).json() as Timeline;
    const paradaId = bars(body, arcos.a).find((b) => b[3] !== null)![3];
    expect((await t.send(worker.token, 'GET', `/api/timeline/paradas/${paradaId}`)).statusCode).toBe(200);
    const other = await t.send(outsider.token, 'GET', `/api/timeline/paradas/${paradaId}`);
    expect([other.statusCode, other.json()]).toEqual([403, { message: timelineMessages.otherNaveParada }]);
    expect((await t.send(worker.token, 'GET', '/api/timeline/paradas/999999')).statusCode).toBe(404);
  });

  it('refuses a bad range or nave with its Spanish message', async () => {
    const from = new Date(now).toISOString();
    const n = `nave=${encodeURIComponent(nave)}`;
    await expectBadRequests(
      (query) => read(seed.admin, query as string),
      [
        [`${n}&from=${from}&to=${from}`, timelineMessages.rangeOrder],
        [`${n}&from=${from}&to=${new Date(now + 9 * 86_400_000).toISOString()}`, timelineMessages.rangeTooLong],
        [`${n}&from=ayer&to=${from}`, 'La fecha y hora no son válidas.'],
        [range(), timelineMessages.naveRequired],
        [`nave=Nave%20Inexistente&${range()}`, timelineMessages.naveUnknown],
      ],
    );
  });
});
