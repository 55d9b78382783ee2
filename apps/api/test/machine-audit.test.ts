import type { AuditAction } from '@portal/contract/audit';
import { describe, expect, it } from 'vitest';
import { applySignal } from '../src/modules/machines/service';
import { fakeClock, pgUnavailable, type TestArco, useTestApp } from './helper';

const MIN = 60_000;
/** Wednesday 18 November 2026, 09:00 in Madrid. */
const T0 = Date.parse('2026-11-18T08:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * MIN).toISOString();

interface Entry {
  actor_id: number | null;
  actor_name: string | null;
  entity_id: number;
  action: AuditAction;
  changes: Record<string, { before: unknown; after: unknown }>;
}

/**
 * What an arco's machine signal writes to its paradas (docs/decisions/031-machine-and-worker-stops.md)
 * leaves audit rows without an account as actor, which the history's action filter finds
 * (docs/decisions/047-machine-acts-in-the-history.md).
 */
describe.skipIf(pgUnavailable)('the machine’s writes in the change history', () => {
  const t = useTestApp({ MACHINE_MICRO_STOP_SECONDS: '120' });
  let n = 0;

  async function setUp() {
    const arco = await t.createArco(`Arco Historial ${process.pid}-${++n}`);
    const worker = await t.createWorker(arco, `Soldador ${n}`);
    return { arco, worker, admin: await t.adminToken() };
  }

  const machine = (arco: TestArco, state: 'running' | 'stopped', minute: number) =>
    applySignal(t.app.ctx, arco.id, { state, at: at(minute) });

  async function history(admin: string, arco: TestArco, action: AuditAction): Promise<Entry[]> {
    const ids = (await t.db.selectFrom('paradas_kaiser').select('id').where('arco_sumergido_id', '=', arco.id).execute()).map((r) => r.id);
    const res = await t.send(admin, 'GET', `/api/admin/audit?entity=parada&action=${action}`);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Entry[];
    // A removed parada is no longer in the table: its row is found by the ids the test saw.
    return items.filter((e) => ids.includes(e.entity_id) || action === 'machine_remove');
  }

  it('a stop covering the gap before a worker parada, a running machine parada and its end: each by the machine', async () => {
    const { arco, worker, admin } = await setUp();
    fakeClock(T0 + 30 * MIN);
    await machine(arco, 'running', 0);
    const started = await t.send(worker.token, 'POST', '/api/paradas-kaiser/start', { client_time: at(10) });
    expect(started.statusCode).toBe(201);
    expect(
      (await t.send(worker.token, 'PUT', `/api/paradas-kaiser/end/${started.json().stopId}`, { client_time: at(14) })).statusCode,
    ).toBe(200);
    // A late 'stopped' at 5: the gap before the worker's parada and the time after it become the machine's.
    await machine(arco, 'stopped', 5);
    const [cover] = await history(admin, arco, 'machine_cover');
    expect(cover).toMatchObject({ actor_id: null, actor_name: null });
    expect(cover.changes).toMatchObject({
      start_time: { before: null, after: at(5) },
      end_time: { before: null, after: at(10) },
      duration_minutes: { before: null, after: 5 },
      arco_sumergido_id: { before: null, after: arco.id },
    });
    const [opened] = await history(admin, arco, 'machine_start');
    expect(opened).toMatchObject({ actor_id: null, changes: { start_time: { before: null, after: at(14) } } });
    expect(opened.changes.end_time).toBeUndefined();

    await machine(arco, 'running', 20);
    const [ended] = await history(admin, arco, 'machine_end');
    expect(ended).toMatchObject({ actor_id: null, entity_id: opened.entity_id });
    expect(ended.changes).toMatchObject({ end_time: { before: null, after: at(20) }, duration_minutes: { before: null, after: 6 } });
  });

  it('a machine parada that never happened (the machine ran before it opened) is removed by the machine', async () => {
    const { arco, worker, admin } = await setUp();
    fakeClock(T0 + 30 * MIN);
    await machine(arco, 'running', 0);
    const started = await t.send(worker.token, 'POST', '/api/paradas-kaiser/start', { client_time: at(22) });
    await machine(arco, 'stopped', 23);
    // The worker's end at 26 leaves the machine's part from 26 on …
    await t.send(worker.token, 'PUT', `/api/paradas-kaiser/end/${started.json().stopId}`, { client_time: at(26) });
    const [opened] = await history(admin, arco, 'machine_start');
    expect(opened.changes.start_time.after).toBe(at(26));
    // … but the machine already ran at 25: that part never happened.
    await machine(arco, 'running', 25);
    const removed = (await history(admin, arco, 'machine_remove')).filter((e) => e.entity_id === opened.entity_id);
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatchObject({ actor_id: null, changes: { start_time: { before: at(26), after: null } } });
    // The worker's parada was ended by the worker, not by the machine.
    expect((await history(admin, arco, 'machine_end')).filter((e) => e.entity_id === started.json().stopId)).toEqual([]);
  });
});
