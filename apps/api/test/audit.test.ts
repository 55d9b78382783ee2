import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pgUnavailable, type TestArco, useTestApp, type Worker } from './helper';

interface Entry {
  id: number;
  actor_id: number | null;
  actor_name: string | null;
  entity: string;
  entity_id: number;
  action: string;
  changes: Record<string, { before: unknown; after: unknown }>;
}

const MANUAL = '/api/paradas-kaiser/manual';

describe.skipIf(pgUnavailable)('audit trail', () => {
  const t = useTestApp();
  let admin: string;
  let adminId: number;
  let station: TestArco;
  let w: Worker;
  let n = 0;

  /** The audit rows of one record, oldest first. */
  const historyOf = async (entity: string, id: number): Promise<Entry[]> => {
    const res = await t.send(admin, 'GET', `/api/admin/audit?entity=${entity}&entity_id=${id}`);
    expect(res.statusCode).toBe(200);
    return (res.json().items as Entry[]).reverse();
  };
  const auditRows = () => t.countRows('audit_log');

  beforeAll(async () => {
    admin = await t.adminToken();
    adminId = (await t.db.selectFrom('users').select('id').where('worker_id', '=', 'admin').executeTakeFirstOrThrow()).id;
  });
  beforeEach(async () => {
    station = await t.createArco(`Arco Auditoría ${++n}`, 'Nave 1');
    w = await t.createWorker(station, `Operario Auditado ${n}`);
  });

  it('records the create, end, edit and delete of a stop with before and after, and keeps them after the delete', async () => {
    const { stopId } = (await t.send(w.token, 'POST', '/api/paradas-kaiser/start', { description: 'Atasco' })).json();
    expect((await t.send(w.token, 'PUT', `/api/paradas-kaiser/end/${stopId}`, { description: 'Atasco resuelto' })).statusCode).toBe(200);
    const stop = (await t.send(w.token, 'GET', `/api/paradas-kaiser/${stopId}`)).json();
    const edit = await t.send(admin, 'PUT', `/api/paradas-kaiser/${stopId}`, {
      start_time: stop.start_time,
      end_time: stop.end_time,
      description: 'Corregida por el jefe',
    });
    expect(edit.statusCode).toBe(200);
    expect((await t.send(w.token, 'DELETE', `/api/paradas-kaiser/${stopId}`)).statusCode).toBe(200);

    const rows = await historyOf('parada', stopId);
    expect(rows.map((r) => [r.action, r.actor_id])).toEqual([
      ['create', w.id],
      ['update', w.id],
      ['update', adminId],
      ['delete', w.id],
    ]);
    expect(rows[0].actor_name).toBe(w.name);
    expect(rows[0].changes).toMatchObject({
      description: { before: null, after: 'Atasco' },
      arco_sumergido_id: { before: null, after: station.id },
      user_id: { before: null, after: w.id },
    });
    expect(rows[1].changes).toMatchObject({
      description: { before: 'Atasco', after: 'Atasco resuelto' },
      end_time: { before: null, after: stop.end_time },
      ended_by: { before: null, after: w.id },
    });
    expect(rows[2].changes).toEqual({ description: { before: 'Atasco resuelto', after: 'Corregida por el jefe' } });
    expect(rows[3].changes).toMatchObject({ description: { before: 'Corregida por el jefe', after: null } });
    // The worker named by user_id and ended_by comes with the page, by id.
    const page = (await t.send(admin, 'GET', `/api/admin/audit?entity=parada&entity_id=${stopId}`)).json();
    expect(page.users).toEqual({ [String(w.id)]: w.name });
  });

  it('leaves no audit row after a rejected request', async () => {
    expect(
      (await t.send(w.token, 'POST', MANUAL, { start_time: '2026-11-10T07:00:00.000Z', end_time: '2026-11-10T08:00:00.000Z' })).statusCode,
    ).toBe(201);
    const before = await auditRows();
    const colleague = await t.createWorker(station);
    const rejected = [
      // Overlaps at the station (409), in the future (400), unknown motivo (400), over a day (400).
      await t.send(colleague.token, 'POST', MANUAL, { start_time: '2026-11-10T07:30:00.000Z', end_time: '2026-11-10T08:30:00.000Z' }),
      await t.send(w.token, 'POST', MANUAL, {
        start_time: new Date().toISOString(),
        end_time: new Date(Date.now() + 3_600_000).toISOString(),
      }),
      await t.send(w.token, 'POST', '/api/paradas-kaiser/start', { motivo_id: 999999 }),
      await t.send(w.token, 'POST', MANUAL, { start_time: '2026-11-01T07:00:00.000Z', end_time: '2026-11-02T08:00:00.000Z' }),
      // The last administrator cannot be demoted; a worker may not change roles.
      await t.send(admin, 'PUT', `/api/admin/users/${adminId}/role`, { role: 'user' }),
      await t.send(w.token, 'PUT', `/api/admin/users/${colleague.id}/role`, { role: 'admin' }),
      await t.sendForm(w.token, 'POST', '/api/tramos', { id_tramo: '', id_proyecto: 'P', id_circular: 'C', arco_sumergido_id: station.id }),
    ];
    for (const res of rejected) expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(await auditRows()).toBe(before);
  });

  it('records the create, edit and delete of a circular', async () => {
    const created = await t.sendForm(w.token, 'POST', '/api/tramos', {
      id_tramo: `TR-AUD-${n}`,
      id_proyecto: 'PRY-1',
      id_circular: 'CIR-1',
      descripcion: 'Primera',
      arco_sumergido_id: station.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().tramo.id;
    expect((await t.sendForm(w.token, 'PUT', `/api/tramos/${id}`, { descripcion: 'Segunda' })).statusCode).toBe(200);
    expect((await t.send(admin, 'DELETE', `/api/tramos/${id}`)).statusCode).toBe(200);
    const rows = await historyOf('tramo', id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(rows[0].changes).toMatchObject({
      id_tramo: { before: null, after: `TR-AUD-${n}` },
      descripcion: { before: null, after: 'Primera' },
    });
    expect(rows[1].changes).toEqual({ descripcion: { before: 'Primera', after: 'Segunda' } });
    expect(rows[2]).toMatchObject({ actor_id: adminId, changes: { id_tramo: { before: `TR-AUD-${n}`, after: null } } });
  });

  it("records an admin's role change, password reset and account deletion, never a password", async () => {
    const target = await t.createWorker(station, `Cuenta Auditada ${n}`);
    expect((await t.send(admin, 'PUT', `/api/admin/users/${target.id}/role`, { role: 'admin' })).statusCode).toBe(200);
    expect((await t.send(admin, 'PUT', `/api/admin/users/${target.id}/password`, { password: 'clave-secreta-nueva' })).statusCode).toBe(
      200,
    );
    expect((await t.send(admin, 'DELETE', `/api/admin/users/${target.id}`)).statusCode).toBe(200);
    const rows = await historyOf('user', target.id);
    expect(rows.map((r) => [r.action, r.actor_id])).toEqual([
      ['role', adminId],
      ['password', adminId],
      ['delete', adminId],
    ]);
    expect(rows[0].changes).toEqual({ role: { before: 'user', after: 'admin' } });
    expect(rows[1].changes).toEqual({ password: { before: null, after: null } });
    expect(rows[2].changes).toMatchObject({
      name: { before: `Cuenta Auditada ${n}`, after: null },
      role: { before: 'admin', after: null },
    });
    const stored = await t.db.selectFrom('audit_log').select('changes').where('entity', '=', 'user').execute();
    for (const row of stored) {
      expect(row.changes).not.toContain('clave-secreta-nueva');
      expect(row.changes).not.toContain('password_hash');
    }
  });

  it('filters by record type, author, action and dates, pages by 50, and is for administrators only', async () => {
    for (let i = 0; i < 55; i++) {
      const start = new Date(Date.UTC(2026, 9, 1, 0, i * 20)).toISOString();
      const end = new Date(Date.UTC(2026, 9, 1, 0, i * 20 + 10)).toISOString();
      expect((await t.send(w.token, 'POST', MANUAL, { start_time: start, end_time: end })).statusCode).toBe(201);
    }
    const first = (await t.send(admin, 'GET', `/api/admin/audit?actor_id=${w.id}&entity=parada&action=create`)).json();
    expect(first).toMatchObject({ total: 55, page: 1, pageSize: 50 });
    expect(first.items).toHaveLength(50);
    const second = (await t.send(admin, 'GET', `/api/admin/audit?actor_id=${w.id}&entity=parada&action=create&page=2`)).json();
    expect(second.items).toHaveLength(5);
    const ids = [...first.items, ...second.items].map((e: Entry) => e.id);
    expect(new Set(ids).size).toBe(55);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const today = new Date().toISOString().slice(0, 10);
    expect((await t.send(admin, 'GET', `/api/admin/audit?actor_id=${w.id}&startDate=2000-01-01&endDate=2000-01-02`)).json().total).toBe(0);
    expect((await t.send(admin, 'GET', `/api/admin/audit?actor_id=${w.id}&startDate=2000-01-01&endDate=2100-01-01`)).json().total).toBe(55);
    const reversed = await t.send(admin, 'GET', `/api/admin/audit?startDate=${today}&endDate=2000-01-01`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ message: 'La fecha de inicio no puede ser posterior a la fecha de fin.' });
    expect((await t.send(admin, 'GET', '/api/admin/audit?entity=motor')).statusCode).toBe(400);
    expect((await t.send(w.token, 'GET', '/api/admin/audit')).statusCode).toBe(403);
  });
});
