import { andonMessages } from '@portal/contract/andon';
import { offlineMessages } from '@portal/contract/offline-messages';
import { terminalMessages } from '@portal/contract/terminal';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { settleBackground } from '../src/modules/andon/service';
import { enrolTerminalAt, pgUnavailable, type TestArco, terminalKey, useTestApp, type Worker } from './helper';
import { closeClients, connect, listen } from './sse-client';

/**
 * Calls reach whoever may answer them, live (docs/decisions/058-calls-reach-whoever-may-answer.md):
 * a capability granted or removed changes the next call's audience and tells that user's open pages at
 * once; a station terminal reads its own arco's open calls with its device credential, signed in or
 * not, and only its arco's.
 */
describe.skipIf(pgUnavailable)('andon: capabilities live, and the calls at a station terminal', () => {
  const t = useTestApp();
  let base: string;
  let arco: TestArco;
  let other: TestArco;
  let welder: Worker;
  let otherWelder: Worker;
  let maria: Worker;
  let control: Worker;
  let admin: string;

  const setRoles = async (id: number, supervisor: string[], maintenance: string[]) => {
    const res = await t.send(admin, 'PUT', `/api/admin/users/${id}/andon-roles`, { supervisor, maintenance });
    expect(res.statusCode, res.body).toBe(200);
  };
  const cord = async (token: string, level: 'supervisor' | 'maintenance') => {
    const res = await t.send(token, 'POST', '/api/andon/calls', { level });
    expect(res.statusCode, res.body).toBe(201);
    await settleBackground(t.app.ctx);
    return res.json().call as { id: number };
  };

  beforeAll(async () => {
    base = await listen(t.app);
    const nave = 'Nave Avisos Vivos';
    const naveRes = await t.send(await t.adminToken(), 'POST', '/api/admin/naves', { name: nave });
    expect(naveRes.statusCode, naveRes.body).toBe(201);
    admin = await t.adminToken();
    arco = await t.createArco('Arco Aviso Vivo', nave);
    other = await t.createArco('Arco Aviso Otro', nave);
    // The people called sit at an arco of another nave: only their capability brings them the calls.
    const office = await t.createArco('Arco Aviso Oficina', 'Nave 2');
    [welder, otherWelder, maria, control] = await Promise.all([
      t.createWorker(arco, 'Soldador Vivo'),
      t.createWorker(other, 'Soldador Otro'),
      t.createWorker(office, 'María Nombrada'),
      t.createWorker(office, 'Control Mantenimiento'),
    ]);
    await setRoles(control.id, [], [nave]);
  });
  afterEach(async () => {
    closeClients();
    await t.db.updateTable('andon_calls').set({ resolved_at: new Date().toISOString() }).where('resolved_at', 'is', null).execute();
  });

  it('a capability granted or removed reaches the open page and the next call follows it', async () => {
    const mariaStream = await connect(base, maria.token);
    const controlStream = await connect(base, control.token);

    // Granted while her page is open: her page hears it, nobody else's does.
    await setRoles(maria.id, [], ['Nave Avisos Vivos']);
    const granted = await mariaStream.next('andon.roles');
    expect(granted.data).toEqual({ roles: { user_id: maria.id, supervisor: [], maintenance: ['Nave Avisos Vivos'] } });
    // The call that follows reaches her on the same stream, without a new sign-in.
    const call = await cord(welder.token, 'maintenance');
    await mariaStream.next('andon.called', (d: { call: { id: number } }) => d.call.id === call.id);
    const list = (await t.send(maria.token, 'GET', '/api/andon/calls')).json();
    expect([list.maintenance, list.calls.map((c: { id: number }) => c.id)]).toEqual([['Nave Avisos Vivos'], [call.id]]);

    // Removed: her page hears it, and the next call no longer reaches her (the control maintainer's does).
    await setRoles(maria.id, [], []);
    expect(
      (await mariaStream.next('andon.roles', (d: { roles: { maintenance: string[] } }) => d.roles.maintenance.length === 0)).data,
    ).toEqual({ roles: { user_id: maria.id, supervisor: [], maintenance: [] } });
    const later = await cord(otherWelder.token, 'maintenance');
    await controlStream.next('andon.called', (d: { call: { id: number } }) => d.call.id === later.id);
    expect(mariaStream.received.filter((e) => e.type === 'andon.called').map((e) => (e.data as { call: { id: number } }).call.id)).toEqual([
      call.id,
    ]);
    expect(controlStream.received.some((e) => e.type === 'andon.roles')).toBe(false);
    // She may no longer answer it either.
    const refused = await t.send(maria.token, 'POST', `/api/andon/calls/${later.id}/ack`);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: andonMessages.notCalled }]);
  });

  it("a station terminal reads only its own arco's open calls and who answered, with nobody signed in", async () => {
    const { credential } = await enrolTerminalAt(t, arco.id, 'Tableta avisos');
    const device = await connect(base, null, '/api/terminal/events', terminalKey(credential));
    const mine = await cord(welder.token, 'maintenance');
    const elsewhere = await cord(otherWelder.token, 'supervisor');
    await device.next('andon.called', (d: { call: { id: number } }) => d.call.id === mine.id);

    const read = () => t.app.inject({ method: 'GET', url: '/api/terminal/andon-calls', headers: terminalKey(credential) });
    const first = await read();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().map((c: { id: number }) => c.id)).toEqual([mine.id]);

    // 'Voy', then 'En el arco': the device hears both and reads who answered.
    expect((await t.send(control.token, 'POST', `/api/andon/calls/${mine.id}/ack`)).statusCode).toBe(200);
    await device.next('andon.changed', (d: { call: { acknowledged_by_name: string | null } }) => d.call.acknowledged_by_name !== null);
    expect((await read()).json()[0]).toMatchObject({ id: mine.id, acknowledged_by_name: 'Control Mantenimiento', arrived_by_name: null });
    expect((await t.send(control.token, 'POST', `/api/andon/calls/${mine.id}/arrive`)).statusCode).toBe(200);
    await device.next('andon.changed', (d: { call: { resolved_at: string | null } }) => d.call.resolved_at !== null);
    // A cord pulled with no parada is closed by 'En el arco'.
    expect((await read()).json()).toEqual([]);
    // The other arco's call never reached this device.
    expect(device.received.some((e) => (e.data as { call?: { id: number } }).call?.id === elsewhere.id)).toBe(false);

    // Without the credential, or with a worker's token, the route is refused.
    const none = await t.app.inject({ method: 'GET', url: '/api/terminal/andon-calls' });
    expect([none.statusCode, none.json()]).toEqual([401, { message: terminalMessages.credentialMissing }]);
    const worker = await t.send(welder.token, 'GET', '/api/terminal/andon-calls');
    expect(worker.statusCode).toBe(401);
  });

  it('a cord tapped before the sign-in it waited for keeps its tapped time; a time in the future is refused', async () => {
    const tapped = new Date(Date.now() - 20_000).toISOString();
    const res = await t.send(welder.token, 'POST', '/api/andon/calls', { level: 'supervisor', client_time: tapped });
    expect(res.statusCode, res.body).toBe(201);
    await settleBackground(t.app.ctx);
    expect(res.json().call.created_at).toBe(tapped);
    const future = await t.send(welder.token, 'POST', '/api/andon/calls', {
      level: 'maintenance',
      client_time: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect([future.statusCode, future.json()]).toEqual([400, { message: offlineMessages.clientTimeFuture }]);
    expect(await t.db.selectFrom('andon_calls').select('level').where('resolved_at', 'is', null).execute()).toEqual([
      { level: 'supervisor' },
    ]);
  });
});
