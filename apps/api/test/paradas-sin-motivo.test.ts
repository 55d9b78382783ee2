import { motivoMessages } from '@portal/contract/motivos';
import { paradaMessages } from '@portal/contract/paradas';
import { describe, expect, it } from 'vitest';
import { applySignal } from '../src/modules/machines/service';
import { fakeClock, pgUnavailable, useTestApp } from './helper';

const MIN = 60_000;
/** Wednesday 18 November 2026, 09:00 in Madrid. */
const T0 = Date.parse('2026-11-18T08:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * MIN).toISOString();

/** 'Paradas sin motivo': the arco's ended paradas without a motivo, completed by any worker signed in there. */
describe.skipIf(pgUnavailable)('paradas sin motivo', () => {
  const t = useTestApp({ MACHINE_MICRO_STOP_SECONDS: '120' });
  let n = 0;

  async function setUp() {
    const nave = `Nave Motivo ${process.pid}-${++n}`;
    await t.db.insertInto('naves').values({ name: nave, created_at: new Date().toISOString() }).execute();
    const arco = await t.createArco(`Arco Motivo ${n}`, nave);
    return { arco, nave, ana: await t.createWorker(arco, 'Ana'), beto: await t.createWorker(arco, 'Beto'), admin: await t.adminToken() };
  }
  const motivo = async (name: string) =>
    (await t.db.selectFrom('motivos').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const manual = (token: string, from: number, to: number, motivo_id?: number) =>
    t.send(token, 'POST', '/api/paradas-kaiser/manual', { start_time: at(from), end_time: at(to), description: null, motivo_id });

  it("lists the arco's ended paradas without motivo, the machine's and a colleague's, and a colleague adds it", async () => {
    const { arco, nave, ana, beto, admin } = await setUp();
    const elsewhere = await t.createWorker(await t.createArco(`Arco Lejos ${n}`, nave));
    fakeClock(T0 + 120 * MIN);
    const withMotivo = await manual(ana.token, 0, 10, await motivo('Fundente'));
    const mine = await manual(ana.token, 10, 20);
    const other = await manual(elsewhere.token, 0, 30);
    expect([withMotivo.statusCode, mine.statusCode, other.statusCode]).toEqual([201, 201, 201]);
    // The machine: a 10-minute stop, a 1-minute micro-stop (left out), then one still running (left out).
    await applySignal(t.app.ctx, arco.id, { state: 'stopped', at: at(30) });
    await applySignal(t.app.ctx, arco.id, { state: 'running', at: at(40) });
    await applySignal(t.app.ctx, arco.id, { state: 'stopped', at: at(50) });
    await applySignal(t.app.ctx, arco.id, { state: 'running', at: at(51) });
    await applySignal(t.app.ctx, arco.id, { state: 'stopped', at: at(60) });

    const list = await t.send(beto.token, 'GET', '/api/paradas-kaiser/sin-motivo');
    expect(list.statusCode).toBe(200);
    const rows = list.json() as { id: number; source: string; user_name: string; start_time: string }[];
    expect(rows.map((r) => [r.source, r.start_time])).toEqual([
      ['machine', at(30)],
      ['worker', at(10)],
    ]);
    const analysis = async () =>
      (await t.send(admin, 'GET', `/api/admin/downtime?month=2026-11&nave=${encodeURIComponent(nave)}`)).json() as {
        total_minutes: number;
        no_motivo_percent: number;
      };
    // 10 of the machine + 10 of Ana's + 30 elsewhere without motivo, of 60 counted minutes (10 with Fundente) (the micro-stop and the running one apart).
    expect(await analysis()).toMatchObject({ total_minutes: 60, no_motivo_percent: 83.3 });

    // Beto, at the arco, completes the machine's parada; the change is audited as his.
    const electrica = await motivo('Avería eléctrica');
    const added = await t.send(beto.token, 'PUT', `/api/paradas-kaiser/${rows[0].id}/motivo`, { motivo_id: electrica });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ message: paradaMessages.motivoAdded, parada: { id: rows[0].id, motivo_id: electrica } });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action'])
      .where('entity', '=', 'parada')
      .where('entity_id', '=', rows[0].id)
      .execute();
    expect(audit).toContainEqual({ actor_id: beto.id, action: 'update' });
    expect((await t.send(ana.token, 'GET', '/api/paradas-kaiser/sin-motivo')).json()).toHaveLength(1);
    expect(await analysis()).toMatchObject({ total_minutes: 60, no_motivo_percent: 66.7 });

    // It is not replaced, nor added from another arco, nor to a running parada.
    const again = await t.send(ana.token, 'PUT', `/api/paradas-kaiser/${rows[0].id}/motivo`, { motivo_id: await motivo('Fundente') });
    expect([again.statusCode, again.json()]).toEqual([409, { message: paradaMessages.alreadyHasMotivo }]);
    const foreign = await t.send(elsewhere.token, 'PUT', `/api/paradas-kaiser/${rows[1].id}/motivo`, { motivo_id: electrica });
    expect([foreign.statusCode, foreign.json()]).toEqual([403, { message: paradaMessages.otherArcoMotivo }]);
    const running = (await t.send(ana.token, 'GET', '/api/paradas-kaiser/active/arco')).json() as { id: number };
    const early = await t.send(ana.token, 'PUT', `/api/paradas-kaiser/${running.id}/motivo`, { motivo_id: electrica });
    expect([early.statusCode, early.json()]).toEqual([409, { message: paradaMessages.notEndedYet }]);
    expect((await t.send(ana.token, 'PUT', '/api/paradas-kaiser/999999/motivo', { motivo_id: electrica })).statusCode).toBe(404);
  });

  it('refuses a missing, unknown or retired motivo with Spanish messages', async () => {
    const { ana, admin } = await setUp();
    fakeClock(T0 + 120 * MIN);
    const { parada } = (await manual(ana.token, 0, 10)).json() as { parada: { id: number } };
    const url = `/api/paradas-kaiser/${parada.id}/motivo`;
    for (const body of [{}, { motivo_id: null }, { motivo_id: 'x' }, { motivo_id: 0 }]) {
      const res = await t.send(ana.token, 'PUT', url, body);
      expect([res.statusCode, res.json()], JSON.stringify(body)).toEqual([400, { message: paradaMessages.motivoRequired }]);
    }
    expect((await t.send(ana.token, 'PUT', url, { motivo_id: 999999 })).json()).toEqual({ message: motivoMessages.unknown });
    const retired = (await t.send(admin, 'POST', '/api/admin/motivos', { name: `Retirado ${n}` })).json().motivo.id as number;
    await t.send(admin, 'PUT', `/api/admin/motivos/${retired}`, { name: `Retirado ${n}`, active: false });
    expect((await t.send(ana.token, 'PUT', url, { motivo_id: retired })).json()).toEqual({ message: motivoMessages.retired });
    expect((await t.send(ana.token, 'GET', '/api/paradas-kaiser/sin-motivo')).json()).toHaveLength(1);
  });
});
