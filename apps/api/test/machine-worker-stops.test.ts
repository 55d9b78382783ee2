import { paradaMessages } from '@portal/contract/paradas';
import { describe, expect, it } from 'vitest';
import { applySignal } from '../src/modules/machines/service';
import { fakeClock, pgUnavailable, type TestArco, useTestApp, type Worker } from './helper';

const MIN = 60_000;
/** Wednesday 18 November 2026, 09:00 in Madrid: every instant of these tests is a whole minute after it. */
const T0 = Date.parse('2026-11-18T08:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * MIN).toISOString();

/**
 * A bound arco's machine state and its workers' paradas combine (docs/decisions/031-machine-and-worker-stops.md):
 * no minute the machine reported stopped is missing from the arco's paradas, none is counted twice,
 * and the workers' motivos and descriptions stay on their paradas.
 */
describe.skipIf(pgUnavailable)('machine and worker paradas at one arco', () => {
  const t = useTestApp({ MACHINE_MICRO_STOP_SECONDS: '120' });
  let n = 0;

  async function setUp() {
    const nave = `Nave Unión ${process.pid}-${++n}`;
    await t.db.insertInto('naves').values({ name: nave, created_at: new Date().toISOString() }).execute();
    const arco = await t.createArco(`Arco Unión ${n}`, nave);
    const worker = await t.createWorker(arco, `Soldadora ${n}`);
    return { arco, worker, nave, admin: await t.adminToken() };
  }

  /** A worker's start and end tapped at those minutes (client times, as the phone sends them). */
  const start = (worker: Worker, minute: number, description?: string) =>
    t.send(worker.token, 'POST', '/api/paradas-kaiser/start', { description, client_time: at(minute) });
  const end = (worker: Worker, id: number, minute: number) =>
    t.send(worker.token, 'PUT', `/api/paradas-kaiser/end/${id}`, { client_time: at(minute) });

  const machine = (arco: TestArco, state: 'running' | 'stopped', minute: number) =>
    applySignal(t.app.ctx, arco.id, { state, at: at(minute) });

  const spans = async (arco: TestArco) =>
    (
      await t.db
        .selectFrom('paradas_kaiser')
        .select(['source', 'start_time', 'end_time', 'duration_minutes', 'description', 'micro_stop'])
        .where('arco_sumergido_id', '=', arco.id)
        .orderBy('start_time')
        .execute()
    ).map((p) => ({ ...p, start_time: new Date(p.start_time).toISOString(), end_time: p.end_time && new Date(p.end_time).toISOString() }));

  /** The arco's minutes as the board, the downtime analysis and the CSV ('Minutos del arco') count them. */
  async function figures(arco: TestArco, nave: string, admin: string) {
    const board = (await t.send(admin, 'GET', '/api/admin/planta')).json() as { arcos: { id: number; today_minutes: number }[] }[];
    const card = board.flatMap((x) => x.arcos).find((a) => a.id === arco.id);
    const analysis = (await t.send(admin, 'GET', `/api/admin/downtime?month=2026-11&nave=${encodeURIComponent(nave)}`)).json() as {
      arcos: { arco_id: number; minutes: number }[];
    };
    const csv = (await t.send(admin, 'GET', `/api/admin/export/paradas-kaiser.csv?startDate=2026-11-18&endDate=2026-11-18&columns=motivo`))
      .body;
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    const header = lines[0].split(';');
    const counted = header.indexOf('Minutos del arco');
    const arcoColumn = header.indexOf('Arco sumergido');
    expect(counted).toBeGreaterThan(-1);
    const csvMinutes = lines
      .slice(1)
      .map((l) => l.split(';'))
      .filter((cells) => cells[arcoColumn] === arco.name)
      .reduce((sum, cells) => sum + Number(cells[counted] || 0), 0);
    return {
      board: card?.today_minutes,
      analysis: analysis.arcos.find((a) => a.arco_id === arco.id)?.minutes,
      csv: csvMinutes,
    };
  }

  it('worker start, machine stopped, worker end, machine running: the machine minute after the end is kept', async () => {
    const { arco, worker, nave, admin } = await setUp();
    const clock = fakeClock(T0 + 30 * MIN);
    await machine(arco, 'running', 0);
    const started = await start(worker, 10, 'Cambio de hilo');
    expect(started.statusCode).toBe(201);
    expect((await machine(arco, 'stopped', 11)).outcome).toBe('applied');
    const ended = await end(worker, started.json().stopId, 14);
    expect(ended.statusCode).toBe(200);
    // The machine still stands: the arco's stop goes on as the machine's, and the board does not say running.
    expect(await spans(arco)).toMatchObject([
      { source: 'worker', start_time: at(10), end_time: at(14), description: 'Cambio de hilo' },
      { source: 'machine', start_time: at(14), end_time: null },
    ]);
    const board = (await t.send(admin, 'GET', '/api/admin/planta')).json() as { arcos: { id: number; status: string }[] }[];
    expect(board.flatMap((x) => x.arcos).find((a) => a.id === arco.id)?.status).toBe('stopped');
    // Its running ends the machine's part.
    await machine(arco, 'running', 15);
    expect(await spans(arco)).toMatchObject([
      { source: 'worker', start_time: at(10), end_time: at(14), duration_minutes: 4 },
      { source: 'machine', start_time: at(14), end_time: at(15), duration_minutes: 1, micro_stop: 0 },
    ]);
    clock.travel(0);
    expect(await figures(arco, nave, admin)).toEqual({ board: 5, analysis: 5, csv: 5 });
  });

  it('machine stopped, a worker at the arco cannot start a second parada, running ends the one: counted once', async () => {
    const { arco, worker, nave, admin } = await setUp();
    fakeClock(T0 + 30 * MIN);
    await machine(arco, 'stopped', 5);
    const started = await start(worker, 6);
    expect(started.statusCode).toBe(409);
    const manual = await t.send(worker.token, 'POST', '/api/paradas-kaiser/manual', {
      start_time: at(6),
      end_time: at(8),
      description: 'Dentro de la de la máquina',
    });
    expect(manual.statusCode).toBe(409);
    expect(manual.json().message).toBe(paradaMessages.arcoOverlap);
    await machine(arco, 'running', 12);
    expect(await spans(arco)).toMatchObject([{ source: 'machine', start_time: at(5), end_time: at(12), duration_minutes: 7 }]);
    expect(await figures(arco, nave, admin)).toEqual({ board: 7, analysis: 7, csv: 7 });
  });

  it('a late stopped inside an ended worker parada: the machine minutes after it are recorded', async () => {
    const { arco, worker, nave, admin } = await setUp();
    fakeClock(T0 + 30 * MIN);
    await machine(arco, 'running', 0);
    const started = await start(worker, 10);
    await end(worker, started.json().stopId, 15);
    // The device's stopped at 10:12 arrives after the worker's end (10:15).
    expect((await machine(arco, 'stopped', 12)).outcome).toBe('applied');
    expect(await spans(arco)).toMatchObject([
      { source: 'worker', start_time: at(10), end_time: at(15) },
      { source: 'machine', start_time: at(15), end_time: null },
    ]);
    await machine(arco, 'running', 19);
    expect(await spans(arco)).toMatchObject([
      { source: 'worker', start_time: at(10), end_time: at(15), duration_minutes: 5 },
      { source: 'machine', start_time: at(15), end_time: at(19), duration_minutes: 4 },
    ]);
    expect(await figures(arco, nave, admin)).toEqual({ board: 9, analysis: 9, csv: 9 });
  });

  it('a late stopped before a running worker parada fills the gap up to its start, and nothing after it', async () => {
    const { arco, worker, nave, admin } = await setUp();
    fakeClock(T0 + 30 * MIN);
    await machine(arco, 'running', 0);
    const started = await start(worker, 8, 'Avería');
    expect((await machine(arco, 'stopped', 5)).outcome).toBe('applied');
    expect(await spans(arco)).toMatchObject([
      { source: 'machine', start_time: at(5), end_time: at(8), duration_minutes: 3 },
      { source: 'worker', start_time: at(8), end_time: null, description: 'Avería' },
    ]);
    await machine(arco, 'running', 20);
    const rows = await spans(arco);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ source: 'worker', end_time: at(20), duration_minutes: 12 });
    expect(started.statusCode).toBe(201);
    expect(await figures(arco, nave, admin)).toEqual({ board: 15, analysis: 15, csv: 15 });
  });

  it("a running the device sent before the worker's end takes back the machine's continuation", async () => {
    const { arco, worker, nave, admin } = await setUp();
    fakeClock(T0 + 30 * MIN);
    await machine(arco, 'running', 0);
    const started = await start(worker, 10);
    await machine(arco, 'stopped', 11);
    await end(worker, started.json().stopId, 16);
    expect(await spans(arco)).toHaveLength(2);
    // The machine had run again at 10:14, before the worker tapped the end: the continuation never was.
    await machine(arco, 'running', 14);
    expect(await spans(arco)).toMatchObject([{ source: 'worker', start_time: at(10), end_time: at(16), duration_minutes: 6 }]);
    expect(await figures(arco, nave, admin)).toEqual({ board: 6, analysis: 6, csv: 6 });
  });

  it('a colleague ending the parada or an admin shortening it keeps the stopped machine covered', async () => {
    const { arco, worker, admin } = await setUp();
    const colleague = await t.createWorker(arco, 'Compañero');
    fakeClock(T0 + 30 * MIN);
    await machine(arco, 'running', 0);
    const started = await start(worker, 10);
    await machine(arco, 'stopped', 10);
    expect((await end(colleague, started.json().stopId, 12)).statusCode).toBe(200);
    expect(await spans(arco)).toMatchObject([
      { source: 'worker', start_time: at(10), end_time: at(12) },
      { source: 'machine', start_time: at(12), end_time: null },
    ]);
    const edit = await t.send(admin, 'PUT', `/api/paradas-kaiser/${started.json().stopId}`, {
      start_time: at(10),
      end_time: at(11),
      description: null,
      arco_sumergido_id: null,
    });
    expect(edit.statusCode).toBe(200);
    expect(await spans(arco)).toMatchObject([
      { source: 'worker', start_time: at(10), end_time: at(11) },
      { source: 'machine', start_time: at(11), end_time: at(12), duration_minutes: 1 },
      { source: 'machine', start_time: at(12), end_time: null },
    ]);
  });

  it('an unbound arco works as before: a worker end opens nothing', async () => {
    const { arco, worker } = await setUp();
    fakeClock(T0 + 30 * MIN);
    const started = await start(worker, 10);
    await end(worker, started.json().stopId, 12);
    expect(await spans(arco)).toMatchObject([{ source: 'worker', start_time: at(10), end_time: at(12) }]);
  });
});
