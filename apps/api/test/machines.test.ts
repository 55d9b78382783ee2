import { machineMessages } from '@portal/contract/machines';
import { paradaMessages } from '@portal/contract/paradas';
import { describe, expect, it } from 'vitest';
import { applySignal } from '../src/modules/machines/service';
import { pgUnavailable, type TestArco, useTestApp } from './helper';

const HOUR = 3600_000;
/** An instant `ms` before now (device times in the recent past). */
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe.skipIf(pgUnavailable)('machine signals over HTTP', () => {
  const t = useTestApp({ MACHINE_MICRO_STOP_SECONDS: '120' });

  async function boundArco(): Promise<{ arco: TestArco; key: string; admin: string }> {
    const admin = await t.adminToken();
    const arco = await t.createArco();
    const res = await t.send(admin, 'POST', `/api/admin/arcos-sumergidos/${arco.id}/machine/key`);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(machineMessages.keyCreated);
    return { arco, key: res.json().key, admin };
  }

  const report = (arcoId: number, key: string | null, payload: unknown, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: `/api/machines/${arcoId}/state`,
      headers: { ...(key !== null ? { 'x-device-key': key } : {}), 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  const paradasAt = (arcoId: number) =>
    t.db.selectFrom('paradas_kaiser').selectAll().where('arco_sumergido_id', '=', arcoId).orderBy('start_time').execute();

  it('stopped then running gives one machine parada with the device times', async () => {
    const { arco, key } = await boundArco();
    const stoppedAt = ago(2 * HOUR);
    const runningAt = ago(HOUR);
    const stopped = await report(arco.id, key, { state: 'stopped', at: stoppedAt });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toEqual({ message: machineMessages.accepted, outcome: 'applied', state: 'stopped', at: stoppedAt });
    const open = await paradasAt(arco.id);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ user_id: null, source: 'machine', start_time: stoppedAt, end_time: null });

    expect((await report(arco.id, key, { state: 'running', at: runningAt })).json().outcome).toBe('applied');
    const [parada] = await paradasAt(arco.id);
    expect(parada).toMatchObject({ start_time: stoppedAt, end_time: runningAt, duration_minutes: 60, micro_stop: 0, source: 'machine' });
    expect(await paradasAt(arco.id)).toHaveLength(1);
  });

  it('accepts 1/0 and running/stopped as text, JSON strings and numbers', async () => {
    const { arco, key } = await boundArco();
    expect((await report(arco.id, key, '0', 'text/plain')).json()).toMatchObject({ outcome: 'applied', state: 'stopped' });
    expect((await report(arco.id, key, 'RUNNING', 'text/plain')).json()).toMatchObject({ outcome: 'applied', state: 'running' });
    expect((await report(arco.id, key, { state: 0 })).json()).toMatchObject({ outcome: 'applied', state: 'stopped' });
    expect((await report(arco.id, key, '"running"')).json()).toMatchObject({ outcome: 'applied', state: 'running' });
    expect((await report(arco.id, key, 0)).json()).toMatchObject({ outcome: 'applied', state: 'stopped' });
    expect((await report(arco.id, key, 1)).json()).toMatchObject({ outcome: 'applied', state: 'running' });
    const rows = await paradasAt(arco.id);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.end_time !== null)).toBe(true);
  });

  it('repeats and out-of-order messages change nothing', async () => {
    const { arco, key } = await boundArco();
    const t0 = ago(3 * HOUR);
    const t1 = ago(2 * HOUR);
    await report(arco.id, key, { state: 'stopped', at: t0 });
    // The same stop reported again, and a heartbeat of it later: repeats.
    expect((await report(arco.id, key, { state: 'stopped', at: t0 })).json().outcome).toBe('repeat');
    expect((await report(arco.id, key, { state: 'stopped', at: ago(2.5 * HOUR) })).json().outcome).toBe('repeat');
    await report(arco.id, key, { state: 'running', at: t1 });
    const before = await paradasAt(arco.id);
    // Older than the last applied state: must not re-open (stopped) nor re-close (running).
    expect((await report(arco.id, key, { state: 'stopped', at: ago(2.2 * HOUR) })).json().outcome).toBe('late');
    expect((await report(arco.id, key, { state: 'running', at: ago(2.1 * HOUR) })).json().outcome).toBe('late');
    expect((await report(arco.id, key, { state: 'running', at: ago(1.5 * HOUR) })).json().outcome).toBe('repeat');
    expect(await paradasAt(arco.id)).toEqual(before);
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ start_time: t0, end_time: t1 });
  });

  it('a late running before a newer stop does not close it; the stop closes at its own running', async () => {
    const { arco, key } = await boundArco();
    const stoppedAt = ago(HOUR);
    await report(arco.id, key, { state: 'stopped', at: stoppedAt });
    expect((await report(arco.id, key, { state: 'running', at: ago(2 * HOUR) })).json().outcome).toBe('late');
    expect((await paradasAt(arco.id))[0].end_time).toBeNull();
    const runningAt = ago(HOUR / 2);
    await report(arco.id, key, { state: 'running', at: runningAt });
    expect(await paradasAt(arco.id)).toMatchObject([{ start_time: stoppedAt, end_time: runningAt }]);
  });

  it('uses the arrival time when the device time is out of bounds or missing', async () => {
    const { arco, key } = await boundArco();
    const before = new Date().toISOString();
    const future = new Date(Date.now() + 10 * 60_000).toISOString();
    const res = await report(arco.id, key, { state: 'stopped', at: future });
    expect(res.json().at >= before && res.json().at < future).toBe(true);
    const old = new Date(Date.now() - 30 * 24 * HOUR).toISOString();
    const res2 = await report(arco.id, key, { state: 'running', at: old });
    expect(res2.json().outcome).toBe('applied');
    expect(res2.json().at >= res.json().at).toBe(true);
    const [parada] = await paradasAt(arco.id);
    expect(parada.start_time).toBe(res.json().at);
    expect(parada.end_time).toBe(res2.json().at);
  });

  it('marks a machine stop shorter than MACHINE_MICRO_STOP_SECONDS a micro-stop', async () => {
    const { arco, key } = await boundArco();
    const start = Date.now() - HOUR;
    await report(arco.id, key, { state: 'stopped', at: new Date(start).toISOString() });
    await report(arco.id, key, { state: 'running', at: new Date(start + 119_000).toISOString() });
    await report(arco.id, key, { state: 'stopped', at: new Date(start + 200_000).toISOString() });
    await report(arco.id, key, { state: 'running', at: new Date(start + 320_000).toISOString() });
    const rows = await paradasAt(arco.id);
    expect(rows.map((r) => [r.micro_stop, r.duration_minutes])).toEqual([
      [1, 2],
      [0, 2],
    ]);
    const admin = await t.adminToken();
    const listed = (await t.send(admin, 'GET', '/api/paradas-kaiser')).json() as { id: number; micro_stop: number; source: string }[];
    expect(listed.find((p) => p.id === rows[0].id)).toMatchObject({ micro_stop: 1, source: 'machine' });
  });

  it('refuses a missing, wrong or revoked key (401), and never a user token', async () => {
    const { arco, key, admin } = await boundArco();
    const other = await boundArco();
    expect((await report(arco.id, null, 'stopped', 'text/plain')).json()).toEqual({ message: machineMessages.keyMissing });
    expect((await report(arco.id, null, 'stopped', 'text/plain')).statusCode).toBe(401);
    const wrong = await report(arco.id, `${key}x`, 'stopped', 'text/plain');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: machineMessages.keyInvalid });
    // Another arco's key, and an admin's token as the key or as a bearer, are not this arco's key.
    expect((await report(arco.id, other.key, 'stopped', 'text/plain')).statusCode).toBe(401);
    expect((await report(arco.id, admin, 'stopped', 'text/plain')).statusCode).toBe(401);
    const asBearer = await t.app.inject({
      method: 'POST',
      url: `/api/machines/${arco.id}/state`,
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/plain' },
      payload: 'stopped',
    });
    expect(asBearer.statusCode).toBe(401);
    // An unbound arco has no key.
    const unbound = await t.createArco();
    expect((await report(unbound.id, key, 'stopped', 'text/plain')).statusCode).toBe(401);

    expect((await report(arco.id, key, 'running', 'text/plain')).statusCode).toBe(200);
    const revoked = await t.send(admin, 'DELETE', `/api/admin/arcos-sumergidos/${arco.id}/machine/key`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().binding).toMatchObject({ has_key: false });
    expect((await report(arco.id, key, 'stopped', 'text/plain')).statusCode).toBe(401);
    expect(await paradasAt(arco.id)).toHaveLength(0);
    // A new key replaces the old one.
    const again = (await t.send(admin, 'POST', `/api/admin/arcos-sumergidos/${arco.id}/machine/key`)).json().key;
    expect(again).not.toBe(key);
    expect((await report(arco.id, key, 'stopped', 'text/plain')).statusCode).toBe(401);
    expect((await report(arco.id, again, 'stopped', 'text/plain')).statusCode).toBe(200);
  });

  it('answers a Spanish 400 for malformed states, and records nothing', async () => {
    const { arco, key } = await boundArco();
    const cases: [unknown, string, string][] = [
      ['paused', 'text/plain', machineMessages.stateInvalid],
      ['2', 'text/plain', machineMessages.stateInvalid],
      ['', 'text/plain', machineMessages.stateInvalid],
      ['{"state": "stopped"', 'text/plain', machineMessages.stateInvalid],
      [{ state: 'maybe' }, 'application/json', machineMessages.stateInvalid],
      [{ at: ago(0) }, 'application/json', machineMessages.stateInvalid],
      [[1], 'application/json', machineMessages.stateInvalid],
      [{ state: 'stopped', at: 'ayer' }, 'application/json', machineMessages.atInvalid],
      [{ state: 'stopped', at: '2026-11-24T10:00:00' }, 'application/json', machineMessages.atInvalid],
      [{ state: 'stopped', at: 12 }, 'application/json', machineMessages.atInvalid],
    ];
    for (const [payload, type, message] of cases) {
      const res = await report(arco.id, key, payload, type);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await paradasAt(arco.id)).toHaveLength(0);
    expect(await t.db.selectFrom('machine_states').selectAll().where('arco_sumergido_id', '=', arco.id).execute()).toHaveLength(0);
  });

  it('a manual start at a bound arco is allowed; the machine stop joins it and its running ends it', async () => {
    const { arco, key } = await boundArco();
    const worker = await t.createWorker(arco);
    expect((await report(arco.id, key, 'running', 'text/plain')).json().outcome).toBe('applied');
    const started = await t.send(worker.token, 'POST', '/api/paradas-kaiser/start', { description: 'Cambio de hilo' });
    expect(started.statusCode).toBe(201);
    // The machine stops too: no second parada at the arco.
    expect((await report(arco.id, key, 'stopped', 'text/plain')).json().outcome).toBe('applied');
    expect(await paradasAt(arco.id)).toHaveLength(1);
    const ended = await report(arco.id, key, 'running', 'text/plain');
    const [parada] = await paradasAt(arco.id);
    expect(parada).toMatchObject({
      id: started.json().stopId,
      source: 'worker',
      user_id: worker.id,
      end_time: ended.json().at,
      micro_stop: 0,
    });
    expect(parada.description).toBe('Cambio de hilo');
  });

  it('binds a topic: admins only, validated, one arco per topic; unbound arcos work as before', async () => {
    const admin = await t.adminToken();
    const a = await t.createArco();
    const b = await t.createArco();
    const worker = await t.createWorker(a);
    const put = (token: string, id: number, body: unknown) => t.send(token, 'PUT', `/api/admin/arcos-sumergidos/${id}/machine`, body);
    expect((await put(worker.token, a.id, { topic: 'planta/a' })).statusCode).toBe(403);
    expect((await t.send(worker.token, 'POST', `/api/admin/arcos-sumergidos/${a.id}/machine/key`)).statusCode).toBe(403);
    expect((await t.send(worker.token, 'GET', '/api/admin/machines')).statusCode).toBe(403);
    for (const topic of ['planta/#', 'planta/+/estado', '$SYS/x', 'planta//a', 'x'.repeat(201)]) {
      const res = await put(admin, a.id, { topic });
      expect(res.statusCode, topic).toBe(400);
      expect([machineMessages.topicInvalid, machineMessages.topicMax]).toContain(res.json().message);
    }
    const saved = await put(admin, a.id, { topic: ' planta/nave1/a ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      binding: {
        arco_sumergido_id: a.id,
        topic: 'planta/nave1/a',
        has_key: false,
        key_created_at: null,
        state: null,
        last_report_at: null,
      },
      message: machineMessages.bindingSaved,
    });
    const dup = await put(admin, b.id, { topic: 'planta/nave1/a' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: machineMessages.topicDuplicate });
    expect((await put(admin, 999_999, { topic: 'planta/z' })).statusCode).toBe(404);

    const status = (await t.send(admin, 'GET', '/api/admin/machines')).json();
    expect(status.broker).toMatchObject({ configured: false, connected: false });
    expect(status.arcos.find((x: { arco_sumergido_id: number }) => x.arco_sumergido_id === a.id)).toMatchObject({
      topic: 'planta/nave1/a',
    });

    // Unbinding removes the row; the arco's workers start and end stops as always.
    expect((await put(admin, a.id, { topic: '' })).json().binding).toMatchObject({ topic: null, has_key: false });
    expect(await t.db.selectFrom('machine_bindings').selectAll().where('arco_sumergido_id', '=', a.id).execute()).toHaveLength(0);
    const start = await t.send(worker.token, 'POST', '/api/paradas-kaiser/start', {});
    expect(start.statusCode).toBe(201);
    expect((await t.send(worker.token, 'PUT', `/api/paradas-kaiser/end/${start.json().stopId}`, {})).statusCode).toBe(200);
  });

  it('shows the machine parada to the arco and on the plant board with its last report and micro-stops apart', async () => {
    const { arco, key, admin } = await boundArco();
    // A 30 s micro-stop a few minutes ago: not in today's stop minutes, counted apart.
    await report(arco.id, key, { state: 'stopped', at: ago(300_000) });
    await report(arco.id, key, { state: 'running', at: ago(270_000) });
    await report(arco.id, key, { state: 'stopped', at: ago(60_000) });
    const board = (await t.send(admin, 'GET', '/api/admin/planta')).json() as {
      arcos: { id: number; signal?: { last_report_at: string } }[];
    }[];
    const card = board.flatMap((n) => n.arcos).find((x) => x.id === arco.id);
    expect(card).toMatchObject({
      status: 'stopped',
      active_stop: { source: 'machine', user_name: machineMessages.machine },
      signal: { silent: false },
      micro_stops_today: 1,
      today_minutes: 1,
    });
    expect(typeof card?.signal?.last_report_at).toBe('string');
  });

  it('two reports of the same stop applied at once open one parada', async () => {
    const { arco } = await boundArco();
    const at = ago(HOUR);
    const results = await Promise.all(Array.from({ length: 6 }, () => applySignal(t.app.ctx, arco.id, { state: 'stopped', at })));
    expect(results.filter((r) => r.cover?.opened !== undefined)).toHaveLength(1);
    expect(await paradasAt(arco.id)).toHaveLength(1);
  });

  it('the workers at the arco see the machine parada and describe it; others may not', async () => {
    const { arco, key } = await boundArco();
    const here = await t.createWorker(arco);
    const elsewhere = await t.createWorker(await t.createArco());
    const stopped = await report(arco.id, key, { state: 'stopped', at: ago(HOUR) });
    expect(stopped.statusCode).toBe(200);
    const active = (await t.send(here.token, 'GET', '/api/paradas-kaiser/active/arco')).json();
    expect(active).toMatchObject({ source: 'machine', user_id: null, user_name: machineMessages.machine, end_time: null });

    const describe = (token: string, id: number, description: unknown) =>
      t.send(token, 'PUT', `/api/machines/paradas/${id}`, { description });
    const foreign = await describe(elsewhere.token, active.id, 'No es mía');
    expect(foreign.statusCode, foreign.body).toBe(403);
    const saved = await describe(here.token, active.id, '  Cambio de bobina de hilo ');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: machineMessages.described,
      parada: { id: active.id, description: 'Cambio de bobina de hilo' },
    });
    const tooLong = await describe(here.token, active.id, 'x'.repeat(501));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: paradaMessages.descriptionMax });
    expect((await describe(here.token, 999_999, 'x')).statusCode).toBe(404);

    // The machine's running ends it and keeps the description.
    const running = await report(arco.id, key, { state: 'running', at: ago(HOUR / 2) });
    const [row] = await paradasAt(arco.id);
    expect(row).toMatchObject({ end_time: running.json().at, description: 'Cambio de bobina de hilo', ended_by: null });

    // A worker's own stop is not completed through this path.
    const own = await t.send(here.token, 'POST', '/api/paradas-kaiser/start', {});
    const refused = await describe(here.token, own.json().stopId, 'x');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: machineMessages.notMachineParada });
  });

  it('a worker at the arco adds a motivo to the machine parada; a retired one is refused; each change is audited', async () => {
    const { arco, key, admin } = await boundArco();
    const here = await t.createWorker(arco);
    await report(arco.id, key, { state: 'stopped', at: ago(HOUR) });
    const [open] = await paradasAt(arco.id);
    const motivoId = async (name: string) =>
      (await t.db.selectFrom('motivos').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const fundente = await motivoId('Fundente');
    // The workers' changes; the machine's own rows (docs/decisions/047-machine-acts-in-the-history.md) have no actor.
    const audits = () =>
      t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'parada')
        .where('entity_id', '=', open.id)
        .where('actor_id', 'is not', null)
        .execute();
    const put = (body: object) => t.send(here.token, 'PUT', `/api/machines/paradas/${open.id}`, body);

    const saved = await put({ description: 'Atasco de fundente', motivo_id: fundente });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().parada).toMatchObject({ motivo_id: fundente, motivo_name: 'Fundente', description: 'Atasco de fundente' });
    const [row] = await audits();
    expect(row).toMatchObject({ actor_id: here.id, action: 'update' });
    expect(JSON.parse(row.changes)).toEqual({
      description: { before: null, after: 'Atasco de fundente' },
      motivo_id: { before: null, after: fundente },
    });

    // Absent keeps the stored motivo (a description-only client, as before).
    expect((await put({ description: 'Atasco' })).json().parada.motivo_id).toBe(fundente);

    const retiredId = (await t.send(admin, 'POST', '/api/admin/motivos', { name: `Retirado ${open.id}` })).json().motivo.id;
    await t.send(admin, 'PUT', `/api/admin/motivos/${retiredId}`, { active: false });
    const auditsBefore = (await audits()).length;
    const refused = await put({ description: 'Otra cosa', motivo_id: retiredId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'El motivo seleccionado está retirado y no se puede usar en paradas nuevas.' });
    const unknown = await put({ description: 'Otra cosa', motivo_id: 999_999 });
    expect(unknown.statusCode).toBe(400);
    // Nothing written by a refused change: neither the stop nor its audit trail.
    expect((await paradasAt(arco.id))[0]).toMatchObject({ description: 'Atasco', motivo_id: fundente });
    expect(await audits()).toHaveLength(auditsBefore);

    const cleared = await put({ description: 'Atasco', motivo_id: null });
    expect(cleared.json().parada).toMatchObject({ motivo_id: null, motivo_name: null });
  });
});
