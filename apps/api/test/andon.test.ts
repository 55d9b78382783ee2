import { createECDH, randomBytes } from 'node:crypto';
import { andonCalledEvent, andonMessages } from '@portal/contract/andon';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { scanNow } from '../src/modules/andon/scheduler';
import { settleBackground } from '../src/modules/andon/service';
import { fakeClock, pgUnavailable, secondInstance, TEST_DB, type TestApp, useSeed, useTestApp } from './helper';
import { closeClients, connect, listen } from './sse-client';

// The andon on both engines (docs/decisions/043-andon.md): Date is faked (helper's fakeClock), so the
// scheduler's clock, the paradas' times and the answers' times all move only by `travel`.

const MINUTE = 60_000;

/** One andon pass at the clock's now, then the pushes and lights it started. */
async function scan(app: App) {
  await scanNow(app.ctx);
  await settleBackground(app.ctx);
}

async function motivoId(t: TestApp, name: string): Promise<number> {
  return (await t.db.selectFrom('motivos').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

async function startParada(t: TestApp, token: string, motivo_id?: number): Promise<{ id: number; start: string }> {
  const res = await t.send(token, 'POST', '/api/paradas-kaiser/start', motivo_id ? { motivo_id } : {});
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().stopId, start: res.json().start_time };
}

const callsOf = (t: TestApp, paradaId: number) =>
  t.db.selectFrom('andon_calls').selectAll().where('parada_id', '=', paradaId).orderBy('id').execute();

describe.skipIf(pgUnavailable)('andon: escalation, answers and the end', () => {
  const t = useTestApp();
  const seed = useSeed(t, {
    arcos: { uno: 'Arco Andon 1', dos: 'Arco Andon 2', otra: ['Arco Andon Otra', 'Nave 2'] },
    workers: {
      ana: ['uno', 'Ana Soldadora'],
      beto: ['dos', 'Beto Soldador'],
      sara: ['dos', 'Sara Supervisora'],
      mario: ['dos', 'Mario Mantenimiento'],
      nora: ['otra', 'Nora Supervisora Nave 2'],
    },
  });
  let base: string;

  beforeAll(async () => {
    base = await listen(t.app);
    const roles = async (id: number, supervisor: string[], maintenance: string[]) => {
      const res = await t.send(seed.admin, 'PUT', `/api/admin/users/${id}/andon-roles`, { supervisor, maintenance });
      expect(res.statusCode, res.body).toBe(200);
    };
    await roles(seed.sara.id, ['Nave 1'], []);
    await roles(seed.mario.id, [], ['Nave 1']);
    await roles(seed.nora.id, ['Nave 2'], ['Nave 2']);
  });
  afterEach(async () => {
    closeClients();
    // Every test leaves its arcos with no running parada and no open call.
    const now = new Date().toISOString();
    await t.db.updateTable('paradas_kaiser').set({ end_time: now, duration_minutes: 0 }).where('end_time', 'is', null).execute();
    await t.db.updateTable('andon_calls').set({ resolved_at: now }).where('resolved_at', 'is', null).execute();
  });

  it('calls the supervisors at N minutes and maintenance at M, once each; records Voy, En el arco and the end', async () => {
    const clock = fakeClock();
    const [sara, mario, nora, admin, ana] = await Promise.all(
      [seed.sara.token, seed.mario.token, seed.nora.token, seed.admin, seed.ana.token].map((token) => connect(base, token)),
    );
    const parada = await startParada(t, seed.ana.token);
    await scan(t.app);
    expect(await callsOf(t, parada.id)).toEqual([]);

    clock.travel(5 * MINUTE - 1000);
    await scan(t.app);
    expect(await callsOf(t, parada.id)).toEqual([]);
    clock.travel(1000);
    const supervisorAt = new Date().toISOString();
    await scan(t.app);
    await scan(t.app);
    expect(await callsOf(t, parada.id)).toMatchObject([
      { level: 'supervisor', origin: 'rule', created_at: supervisorAt, created_by: null },
    ]);
    const called = andonCalledEvent.parse((await sara.next('andon.called')).data);
    expect(called.call).toMatchObject({
      parada_id: parada.id,
      arco_sumergido_name: 'Arco Andon 1',
      nave: 'Nave 1',
      level: 'supervisor',
      parada_start_time: parada.start,
      acknowledged_at: null,
    });
    await ana.next('andon.called');
    await admin.next('andon.called');

    clock.travel(10 * MINUTE);
    await scan(t.app);
    await scan(t.app);
    const calls = await callsOf(t, parada.id);
    expect(calls.map((c) => [c.level, c.origin])).toEqual([
      ['supervisor', 'rule'],
      ['maintenance', 'rule'],
    ]);
    await mario.next('andon.called', (d: { call: { level: string } }) => d.call.level === 'maintenance');

    // Each sees the calls of their level and nave; the admin all; a supervisor of another nave none.
    const list = async (token: string) => (await t.send(token, 'GET', '/api/andon/calls')).json();
    expect((await list(seed.sara.token)).calls.map((c: { level: string }) => c.level)).toEqual(['supervisor']);
    expect(await list(seed.mario.token)).toMatchObject({ calls: [{ level: 'maintenance' }], supervisor: [], maintenance: ['Nave 1'] });
    expect((await list(seed.nora.token)).calls).toEqual([]);
    expect((await list(seed.beto.token)).calls).toEqual([]);
    expect((await list(seed.admin)).calls.filter((c: { parada_id: number }) => c.parada_id === parada.id)).toHaveLength(2);

    // 'Voy' from the supervisor, 'En el arco' two minutes later; maintenance may not answer the supervisor call.
    const [supervisorCall, maintenanceCall] = calls;
    clock.travel(MINUTE);
    const voyAt = new Date().toISOString();
    const voy = await t.send(seed.sara.token, 'POST', `/api/andon/calls/${supervisorCall.id}/ack`);
    expect(voy.statusCode, voy.body).toBe(200);
    expect(voy.json()).toMatchObject({
      message: andonMessages.acknowledged,
      call: { acknowledged_at: voyAt, acknowledged_by_name: 'Sara Supervisora' },
    });
    expect((await t.send(seed.sara.token, 'POST', `/api/andon/calls/${supervisorCall.id}/ack`)).json()).toEqual({
      message: andonMessages.alreadyAcknowledged,
    });
    const notHers = await t.send(seed.mario.token, 'POST', `/api/andon/calls/${supervisorCall.id}/ack`);
    expect([notHers.statusCode, notHers.json()]).toEqual([403, { message: andonMessages.notCalled }]);
    expect((await t.send(seed.nora.token, 'POST', `/api/andon/calls/${maintenanceCall.id}/arrive`)).statusCode).toBe(403);
    // A parada's call is closed by the parada's end, not by hand.
    const byHand = await t.send(seed.ana.token, 'POST', `/api/andon/calls/${supervisorCall.id}/resolve`);
    expect([byHand.statusCode, byHand.json()]).toEqual([409, { message: andonMessages.resolvesWithParada }]);

    clock.travel(2 * MINUTE);
    const arrivedAt = new Date().toISOString();
    expect((await t.send(seed.sara.token, 'POST', `/api/andon/calls/${supervisorCall.id}/arrive`)).statusCode).toBe(200);
    // 'En el arco' straight away also counts as the 'Voy' not given.
    expect((await t.send(seed.mario.token, 'POST', `/api/andon/calls/${maintenanceCall.id}/arrive`)).statusCode).toBe(200);
    await sara.next('andon.changed', (d: { call: { arrived_at: string | null } }) => d.call.arrived_at !== null);

    // The board shows the arco's level and who is coming.
    const board = (await t.send(seed.admin, 'GET', '/api/admin/planta')).json();
    const arco = board.flatMap((n: { arcos: unknown[] }) => n.arcos).find((a: { id: number }) => a.id === seed.uno.id);
    expect(arco.andon).toEqual({
      level: 'maintenance',
      since: supervisorAt,
      coming: [
        { call_id: supervisorCall.id, level: 'supervisor', name: 'Sara Supervisora', arrived: true },
        { call_id: maintenanceCall.id, level: 'maintenance', name: 'Mario Mantenimiento', arrived: true },
      ],
    });

    clock.travel(7 * MINUTE);
    const end = await t.send(seed.ana.token, 'PUT', `/api/paradas-kaiser/end/${parada.id}`, {});
    expect(end.statusCode).toBe(200);
    const endTime = (await t.db.selectFrom('paradas_kaiser').select('end_time').where('id', '=', parada.id).executeTakeFirstOrThrow())
      .end_time;
    await scan(t.app);
    expect(await callsOf(t, parada.id)).toMatchObject([
      { level: 'supervisor', acknowledged_at: voyAt, acknowledged_by: seed.sara.id, arrived_at: arrivedAt, resolved_at: endTime },
      {
        level: 'maintenance',
        acknowledged_at: arrivedAt,
        acknowledged_by: seed.mario.id,
        arrived_at: arrivedAt,
        arrived_by: seed.mario.id,
        resolved_at: endTime,
      },
    ]);
    await sara.next('andon.changed', (d: { call: { resolved_at: string | null } }) => d.call.resolved_at !== null);
    expect((await list(seed.admin)).calls).toEqual([]);
    const after = (await t.send(seed.admin, 'GET', '/api/admin/planta')).json();
    expect(
      after.flatMap((n: { arcos: { id: number; andon?: unknown }[] }) => n.arcos).find((a: { id: number }) => a.id === seed.uno.id).andon,
    ).toBe(undefined);

    // Everyone heard of each new call once: the supervisor of the supervisor call, maintenance of its own;
    // the other nave's people of neither.
    const newCalls = (s: { received: { type: string; data: unknown }[] }) =>
      s.received.filter((e) => e.type === 'andon.called').map((e) => (e.data as { call: { level: string } }).call.level);
    expect(newCalls(sara)).toEqual(['supervisor']);
    expect(newCalls(mario)).toEqual(['maintenance']);
    expect(newCalls(ana)).toEqual(['supervisor', 'maintenance']);
    expect(nora.received.filter((e) => e.type.startsWith('andon.'))).toEqual([]);
  });

  it('calls no one for a parada with a planned motivo, and maintenance at once for a motivo that says so', async () => {
    const clock = fakeClock();
    const rules = await t.send(seed.admin, 'PUT', '/api/admin/andon/rules', {
      supervisor_minutes: 5,
      maintenance_minutes: 15,
      naves: [],
      immediate_motivos: [await motivoId(t, 'Avería eléctrica')],
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const planned = await startParada(t, seed.ana.token, await motivoId(t, 'Descanso'));
    const electrical = await startParada(t, seed.beto.token, await motivoId(t, 'Avería eléctrica'));
    await scan(t.app);
    expect(await callsOf(t, planned.id)).toEqual([]);
    expect((await callsOf(t, electrical.id)).map((c) => [c.level, c.origin])).toEqual([['maintenance', 'motivo']]);
    clock.travel(60 * MINUTE);
    await scan(t.app);
    expect(await callsOf(t, planned.id)).toEqual([]);
    expect((await callsOf(t, electrical.id)).map((c) => [c.level, c.origin])).toEqual([
      ['maintenance', 'motivo'],
      ['supervisor', 'rule'],
    ]);
  });

  it("follows a nave's own minutes over the plant's", async () => {
    const clock = fakeClock();
    const res = await t.send(seed.admin, 'PUT', '/api/admin/andon/rules', {
      supervisor_minutes: 5,
      maintenance_minutes: 15,
      naves: [{ nave: 'Nave 2', supervisor_minutes: 2, maintenance_minutes: null }],
      immediate_motivos: [],
    });
    expect(res.json().rules).toMatchObject({
      supervisor_minutes: 5,
      naves: expect.arrayContaining([
        { nave: 'Nave 1', supervisor_minutes: null, maintenance_minutes: null },
        { nave: 'Nave 2', supervisor_minutes: 2, maintenance_minutes: null },
      ]),
    });
    const inNave2 = await startParada(t, seed.nora.token);
    const inNave1 = await startParada(t, seed.ana.token);
    clock.travel(3 * MINUTE);
    await scan(t.app);
    expect((await callsOf(t, inNave2.id)).map((c) => c.level)).toEqual(['supervisor']);
    expect(await callsOf(t, inNave1.id)).toEqual([]);
    clock.travel(12 * MINUTE);
    await scan(t.app);
    expect((await callsOf(t, inNave2.id)).map((c) => c.level)).toEqual(['supervisor', 'maintenance']);
    await t.send(seed.admin, 'PUT', '/api/admin/andon/rules', {
      supervisor_minutes: 5,
      maintenance_minutes: 15,
      naves: [],
      immediate_motivos: [],
    });
  });

  it('lets a worker pull the cord with or without a parada; without one, En el arco closes it', async () => {
    fakeClock();
    const cord = await t.send(seed.ana.token, 'POST', '/api/andon/calls', { level: 'supervisor' });
    expect(cord.statusCode, cord.body).toBe(201);
    expect(cord.json()).toMatchObject({
      message: andonMessages.called,
      call: { parada_id: null, level: 'supervisor', origin: 'manual', created_by: seed.ana.id, created_by_name: 'Ana Soldadora' },
    });
    const again = await t.send(seed.ana.token, 'POST', '/api/andon/calls', { level: 'supervisor' });
    expect([again.statusCode, again.json()]).toEqual([409, { message: andonMessages.alreadyCalled }]);
    expect((await t.send(seed.ana.token, 'GET', '/api/andon/calls/arco')).json()).toMatchObject([{ id: cord.json().call.id }]);
    expect((await t.send(seed.beto.token, 'GET', '/api/andon/calls/arco')).json()).toEqual([]);
    const arrived = await t.send(seed.sara.token, 'POST', `/api/andon/calls/${cord.json().call.id}/arrive`);
    expect(arrived.json().call).toMatchObject({ arrived_by_name: 'Sara Supervisora', resolved_at: arrived.json().call.arrived_at });
    const late = await t.send(seed.sara.token, 'POST', `/api/andon/calls/${cord.json().call.id}/ack`);
    expect([late.statusCode, late.json()]).toEqual([409, { message: andonMessages.alreadyResolved }]);

    // With a parada running the call is the parada's: the rule does not call that level again.
    const parada = await startParada(t, seed.beto.token);
    const withParada = await t.send(seed.beto.token, 'POST', '/api/andon/calls', { level: 'maintenance' });
    expect(withParada.json().call).toMatchObject({ parada_id: parada.id, origin: 'manual', level: 'maintenance' });
    await scan(t.app);
    expect((await callsOf(t, parada.id)).map((c) => [c.level, c.origin])).toEqual([['maintenance', 'manual']]);

    // A call pulled by mistake is closed by a worker at the arco.
    const mistake = await t.send(seed.ana.token, 'POST', '/api/andon/calls', { level: 'maintenance' });
    expect((await t.send(seed.beto.token, 'POST', `/api/andon/calls/${mistake.json().call.id}/resolve`)).statusCode).toBe(403);
    const closed = await t.send(seed.ana.token, 'POST', `/api/andon/calls/${mistake.json().call.id}/resolve`);
    expect(closed.json()).toMatchObject({ message: andonMessages.resolved, call: { resolved_at: expect.any(String) } });

    // An administrator's token names no arco; a missing call is 404; a wrong level 400.
    expect((await t.send(seed.admin, 'POST', '/api/andon/calls', { level: 'supervisor' })).json()).toEqual({
      message: andonMessages.noArco,
    });
    expect((await t.send(seed.admin, 'POST', '/api/andon/calls/999999/ack')).statusCode).toBe(404);
    const bad = await t.send(seed.ana.token, 'POST', '/api/andon/calls', { level: 'jefe' });
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: andonMessages.levelInvalid }]);
  });

  it('checks and audits capabilities and rules', async () => {
    const url = `/api/admin/users/${seed.beto.id}/andon-roles`;
    expect((await t.send(seed.admin, 'GET', url)).json()).toEqual({ user_id: seed.beto.id, supervisor: [], maintenance: [] });
    const unknown = await t.send(seed.admin, 'PUT', url, { supervisor: ['Nave 9'], maintenance: [] });
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { message: andonMessages.naveUnknown }]);
    const twice = await t.send(seed.admin, 'PUT', url, { supervisor: ['Nave 1', 'Nave 1'], maintenance: [] });
    expect([twice.statusCode, twice.json()]).toEqual([400, { message: andonMessages.naveRepeated }]);
    expect((await t.send(seed.admin, 'PUT', '/api/admin/users/999999/andon-roles', { supervisor: [], maintenance: [] })).statusCode).toBe(
      404,
    );
    const saved = await t.send(seed.admin, 'PUT', url, { supervisor: ['Nave 2'], maintenance: ['Nave 1'] });
    expect(saved.json()).toEqual({
      roles: { user_id: seed.beto.id, supervisor: ['Nave 2'], maintenance: ['Nave 1'] },
      message: andonMessages.rolesSaved,
    });
    // Still a worker: the capability sits beside the role.
    expect((await t.send(seed.beto.token, 'GET', '/api/admin/andon/rules')).statusCode).toBe(403);
    await t.send(seed.admin, 'PUT', url, { supervisor: [], maintenance: [] });

    const badMinutes = await t.send(seed.admin, 'PUT', '/api/admin/andon/rules', {
      supervisor_minutes: 0,
      maintenance_minutes: 15,
      naves: [],
      immediate_motivos: [],
    });
    expect([badMinutes.statusCode, badMinutes.json()]).toEqual([400, { message: andonMessages.minutesInvalid }]);
    const badMotivo = await t.send(seed.admin, 'PUT', '/api/admin/andon/rules', {
      supervisor_minutes: 5,
      maintenance_minutes: 15,
      naves: [],
      immediate_motivos: [999999],
    });
    expect([badMotivo.statusCode, badMotivo.json()]).toEqual([400, { message: andonMessages.motivoUnknown }]);
    const audit = await t.db.selectFrom('audit_log').select(['entity', 'action']).where('action', '=', 'andon_roles').execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(await t.db.selectFrom('audit_log').select('id').where('entity', '=', 'andon_rules').execute()).not.toEqual([]);
  });

  it("drops a deleted account's capabilities and push devices, and a deleted nave's callers and minutes", async () => {
    const nave = await t.send(seed.admin, 'POST', '/api/admin/naves', { name: 'Nave Andon Baja' });
    expect(nave.statusCode, nave.body).toBe(201);
    const leaving = await t.createWorker(seed.uno, 'Lola Supervisora Saliente');
    const roles = await t.send(seed.admin, 'PUT', `/api/admin/users/${leaving.id}/andon-roles`, {
      supervisor: ['Nave 1', 'Nave Andon Baja'],
      maintenance: [],
    });
    expect(roles.statusCode, roles.body).toBe(200);
    const sub = await t.send(leaving.token, 'POST', '/api/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/saliente-prueba',
      keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    });
    expect(sub.statusCode, sub.body).toBe(201);
    const rules = (await t.send(seed.admin, 'GET', '/api/admin/andon/rules')).json();
    const saved = await t.send(seed.admin, 'PUT', '/api/admin/andon/rules', {
      supervisor_minutes: rules.supervisor_minutes,
      maintenance_minutes: rules.maintenance_minutes,
      naves: [{ nave: 'Nave Andon Baja', supervisor_minutes: 3, maintenance_minutes: 9 }],
      immediate_motivos: rules.immediate_motivos ?? [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const naveId = nave.json().id as number;
    const rowsOf = async () => ({
      roles: await t.db
        .selectFrom('andon_roles')
        .select(['user_id', 'nave_id'])
        .where((eb) => eb.or([eb('user_id', '=', leaving.id), eb('nave_id', '=', naveId)]))
        .execute(),
      subs: await t.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', leaving.id).execute(),
      rules: await t.db.selectFrom('andon_rules').select('nave_id').where('nave_id', '=', naveId).execute(),
    });
    const before = await rowsOf();
    expect([before.roles.length, before.subs.length, before.rules.length]).toEqual([2, 1, 1]);

    expect((await t.send(seed.admin, 'DELETE', `/api/admin/users/${leaving.id}`)).statusCode).toBe(200);
    const afterUser = await rowsOf();
    expect([afterUser.roles.length, afterUser.subs.length, afterUser.rules.length]).toEqual([0, 0, 1]);
    expect((await t.send(seed.admin, 'DELETE', `/api/admin/naves/${naveId}`)).statusCode).toBe(200);
    expect(await rowsOf()).toEqual({ roles: [], subs: [], rules: [] });
  });
});

describe.skipIf(pgUnavailable || TEST_DB !== 'postgres')('andon across two instances (PostgreSQL)', () => {
  const t = useTestApp();
  const seed = useSeed(t, { arcos: { uno: 'Arco Andon Doble' }, workers: { ana: ['uno', 'Ana Doble'] } });
  let second: App;

  beforeAll(async () => {
    second = await secondInstance(t);
  });
  afterAll(async () => {
    closeClients();
    await second?.close();
  });

  it('calls each level of a parada once when both instances scan at the same moment', async () => {
    const clock = fakeClock();
    const admin = await connect(await listen(t.app), seed.admin);
    const parada = await startParada(t, seed.ana.token);
    clock.travel(16 * MINUTE);
    await Promise.all([scan(t.app), scan(second), scan(t.app), scan(second)]);
    expect((await callsOf(t, parada.id)).map((c) => c.level).sort()).toEqual(['maintenance', 'supervisor']);
    // The end is seen by both; each call is resolved, and announced, once.
    expect((await t.send(seed.ana.token, 'PUT', `/api/paradas-kaiser/end/${parada.id}`, {})).statusCode).toBe(200);
    await Promise.all([scan(t.app), scan(second)]);
    await admin.waitFor(() => (admin.received.filter((e) => e.type === 'andon.changed').length >= 2 ? true : undefined));
    // A marker: a parada started after everything above, so every andon event came before it.
    const marker = await startParada(t, seed.ana.token);
    await admin.next('parada.started', (d: { parada: { id: number } }) => d.parada.id === marker.id);
    const andon = admin.received
      .filter((e) => e.type.startsWith('andon.'))
      .map((e) => `${e.type} ${(e.data as { call: { level: string } }).call.level}`);
    expect(andon.sort()).toEqual([
      'andon.called maintenance',
      'andon.called supervisor',
      'andon.changed maintenance',
      'andon.changed supervisor',
    ]);
  });

  it('rebuilds a call too large for NOTIFY from its id on the receiving instance', async () => {
    const onB = await connect(await listen(second), seed.admin);
    const limit = t.app.ctx.events.settings.maxNotifyBytes;
    t.app.ctx.events.settings.maxNotifyBytes = 200;
    try {
      const res = await t.send(seed.ana.token, 'POST', '/api/andon/calls', { level: 'supervisor' });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().call.id as number;
      const seen = andonCalledEvent.parse((await onB.next('andon.called', (d: { call: { id: number } }) => d.call.id === id)).data);
      expect(seen.call).toEqual(res.json().call);
    } finally {
      t.app.ctx.events.settings.maxNotifyBytes = limit;
    }
  });
});
