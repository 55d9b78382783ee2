import { MOTIVOS_SEED, PLANNED_MOTIVOS_SEED } from '@portal/contract/motivos';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeClock, pgUnavailable, useSeed, useTestApp } from './helper';

const START = '/api/paradas-kaiser/start';
const MANUAL = '/api/paradas-kaiser/manual';

describe.skipIf(pgUnavailable)('motivos de parada', () => {
  const t = useTestApp();
  let admin: string;
  const fresh = useSeed(t, { arcos: { station: 'Arco Motivos' }, workers: { w: ['station'] } }, { each: true });
  const idOf = async (name: string) =>
    (await t.db.selectFrom('motivos').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    admin = await t.adminToken();
  });

  it('starts with the seeded motivos, all active, listed to any signed-in user', async () => {
    const res = await t.send(fresh.w.token, 'GET', '/api/motivos');
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { name: string; active: boolean }[]).map((m) => m.name);
    for (const name of MOTIVOS_SEED) expect(names).toContain(name);
    expect((await t.app.inject({ method: 'GET', url: '/api/motivos' })).statusCode).toBe(401);
  });

  it('starts with the planned motivos marked, and lets an admin mark a motivo planned or unplanned', async () => {
    const list = (await t.send(admin, 'GET', '/api/motivos')).json() as { id: number; name: string; planned: boolean }[];
    for (const name of PLANNED_MOTIVOS_SEED) expect(list.find((m) => m.name === name)?.planned).toBe(true);
    expect(list.find((m) => m.name === 'Fundente')?.planned).toBe(false);

    const created = await t.send(admin, 'POST', '/api/admin/motivos', { name: 'Formación', planned: true });
    expect(created.statusCode).toBe(201);
    expect(created.json().motivo).toMatchObject({ name: 'Formación', active: true, planned: true });
    const id = created.json().motivo.id as number;
    const unplanned = await t.send(admin, 'PUT', `/api/admin/motivos/${id}`, { planned: false });
    expect(unplanned.json().motivo).toEqual({ id, name: 'Formación', active: true, planned: false });
    const bad = await t.send(admin, 'PUT', `/api/admin/motivos/${id}`, { planned: 'sí' });
    expect(bad.statusCode).toBe(400);
    const rows = await t.db
      .selectFrom('audit_log')
      .select('changes')
      .where('entity', '=', 'motivo')
      .where('entity_id', '=', id)
      .where('action', '=', 'update')
      .execute();
    expect(rows.map((r) => JSON.parse(r.changes))).toEqual([{ planned: { before: true, after: false } }]);
  });

  it('lets an admin add, rename, retire and reactivate a motivo, with Spanish messages for bad input', async () => {
    const created = await t.send(admin, 'POST', '/api/admin/motivos', { name: '  Cambio de tobera  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      motivo: { id: expect.any(Number), name: 'Cambio de tobera', active: true, planned: false },
      message: 'Motivo creado con éxito!',
    });
    const id = created.json().motivo.id;

    for (const [body, message] of [
      [{ name: '' }, 'El nombre del motivo es obligatorio.'],
      [{}, 'El nombre del motivo es obligatorio.'],
      [{ name: 'x'.repeat(81) }, 'El nombre del motivo no puede exceder los 80 caracteres.'],
    ] as const) {
      const res = await t.send(admin, 'POST', '/api/admin/motivos', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const taken = await t.send(admin, 'POST', '/api/admin/motivos', { name: 'Cambio de tobera' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'Ya existe un motivo con ese nombre.' });

    const retired = await t.send(admin, 'PUT', `/api/admin/motivos/${id}`, { name: 'Tobera', active: false });
    expect(retired.statusCode).toBe(200);
    expect(retired.json()).toEqual({
      motivo: { id, name: 'Tobera', active: false, planned: false },
      message: 'Motivo actualizado con éxito!',
    });
    const back = await t.send(admin, 'PUT', `/api/admin/motivos/${id}`, { active: true });
    expect(back.json().motivo).toEqual({ id, name: 'Tobera', active: true, planned: false });
    const missing = await t.send(admin, 'PUT', '/api/admin/motivos/999999', { active: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Motivo no encontrado.' });
    // Workers do not manage the list.
    expect((await t.send(fresh.w.token, 'POST', '/api/admin/motivos', { name: 'Mío' })).statusCode).toBe(403);
  });

  it('takes a motivo on start, on end, on manual entry and on edit, and shows it on the stop', async () => {
    const fundente = await idOf('Fundente');
    const limpieza = await idOf('Limpieza');
    fakeClock();
    const { stopId } = (await t.send(fresh.w.token, 'POST', START, { motivo_id: fundente })).json();
    expect((await t.send(fresh.w.token, 'GET', '/api/paradas-kaiser/active')).json()).toMatchObject({
      motivo_id: fundente,
      motivo_name: 'Fundente',
    });
    // Ending without a motivo keeps it; with one replaces it.
    expect((await t.send(fresh.w.token, 'PUT', `/api/paradas-kaiser/end/${stopId}`, { motivo_id: limpieza })).statusCode).toBe(200);
    expect((await t.send(fresh.w.token, 'GET', `/api/paradas-kaiser/${stopId}`)).json()).toMatchObject({
      motivo_id: limpieza,
      motivo_name: 'Limpieza',
    });

    const manual = await t.send(fresh.w.token, 'POST', MANUAL, {
      start_time: '2026-11-10T07:00:00.000Z',
      end_time: '2026-11-10T07:30:00.000Z',
      motivo_id: String(fundente),
    });
    expect(manual.statusCode).toBe(201);
    expect(manual.json().parada).toMatchObject({ motivo_id: fundente, motivo_name: 'Fundente' });
    const id = manual.json().parada.id;
    const times = { start_time: '2026-11-10T07:00:00.000Z', end_time: '2026-11-10T07:40:00.000Z' };
    // An edit without the field keeps the motivo (older screens send none); null clears it.
    expect((await t.send(fresh.w.token, 'PUT', `/api/paradas-kaiser/${id}`, times)).json().parada.motivo_id).toBe(fundente);
    expect(
      (await t.send(fresh.w.token, 'PUT', `/api/paradas-kaiser/${id}`, { ...times, motivo_id: limpieza })).json().parada.motivo_id,
    ).toBe(limpieza);
    expect((await t.send(fresh.w.token, 'PUT', `/api/paradas-kaiser/${id}`, { ...times, motivo_id: null })).json().parada).toMatchObject({
      motivo_id: null,
      motivo_name: null,
    });
  });

  it('works without a motivo everywhere, as before', async () => {
    const { stopId } = (await t.send(fresh.w.token, 'POST', START)).json();
    expect((await t.send(fresh.w.token, 'PUT', `/api/paradas-kaiser/end/${stopId}`)).statusCode).toBe(200);
    const stop = (await t.send(fresh.w.token, 'GET', `/api/paradas-kaiser/${stopId}`)).json();
    expect(stop).toMatchObject({ motivo_id: null, motivo_name: null });
  });

  it('refuses a retired or unknown motivo for new stops, and keeps a retired one on old stops', async () => {
    const created = (await t.send(admin, 'POST', '/api/admin/motivos', { name: `Retirado ${fresh.station.id}` })).json().motivo;
    const manual = await t.send(fresh.w.token, 'POST', MANUAL, {
      start_time: '2026-11-09T07:00:00.000Z',
      end_time: '2026-11-09T07:30:00.000Z',
      motivo_id: created.id,
    });
    expect(manual.statusCode).toBe(201);
    await t.send(admin, 'PUT', `/api/admin/motivos/${created.id}`, { active: false });

    const before = await t.countRows('paradas_kaiser');
    for (const call of [
      () => t.send(fresh.w.token, 'POST', START, { motivo_id: created.id }),
      () =>
        t.send(fresh.w.token, 'POST', MANUAL, {
          start_time: '2026-11-09T08:00:00.000Z',
          end_time: '2026-11-09T08:30:00.000Z',
          motivo_id: created.id,
        }),
    ]) {
      const res = await call();
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'El motivo seleccionado está retirado y no se puede usar en paradas nuevas.' });
    }
    const unknown = await t.send(fresh.w.token, 'POST', START, { motivo_id: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'El motivo seleccionado no existe.' });
    const bad = await t.send(fresh.w.token, 'POST', START, { motivo_id: 'fundente' });
    expect(bad.statusCode).toBe(400);
    expect(await t.countRows('paradas_kaiser')).toBe(before);

    // The old stop keeps it, shows it, and can still be edited with it.
    const id = manual.json().parada.id;
    const edit = await t.send(fresh.w.token, 'PUT', `/api/paradas-kaiser/${id}`, {
      start_time: '2026-11-09T07:00:00.000Z',
      end_time: '2026-11-09T07:45:00.000Z',
      motivo_id: created.id,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().parada).toMatchObject({ motivo_id: created.id, motivo_name: `Retirado ${fresh.station.id}` });
  });

  it('filters the history by motivo', async () => {
    const fundente = await idOf('Fundente');
    const send = (start: string, motivo_id?: number) =>
      t.send(fresh.w.token, 'POST', MANUAL, {
        start_time: `2026-11-05T${start}:00.000Z`,
        end_time: `2026-11-05T${start.slice(0, 3)}50:00.000Z`,
        motivo_id,
      });
    const a = (await send('07:00', fundente)).json().parada.id;
    await send('08:00');
    const res = await t.send(fresh.w.token, 'GET', `/api/paradas-kaiser?startDate=2026-11-05&endDate=2026-11-05&motivo_id=${fundente}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { id: number }) => p.id)).toEqual([a]);
    const adminList = await t.send(admin, 'GET', `/api/paradas-kaiser?startDate=2026-11-05&endDate=2026-11-05&motivo_id=${fundente}`);
    expect(adminList.json().map((p: { id: number }) => p.id)).toContain(a);
    expect(adminList.json().every((p: { motivo_id: number }) => p.motivo_id === fundente)).toBe(true);
    expect((await t.send(fresh.w.token, 'GET', '/api/paradas-kaiser?motivo_id=abc')).statusCode).toBe(400);
  });

  it('adds a motivo column and the arco minutes to the stops export when asked, and keeps the export as it was otherwise', async () => {
    const fundente = await idOf('Fundente');
    await t.send(fresh.w.token, 'POST', MANUAL, {
      start_time: '2026-11-04T07:00:00.000Z',
      end_time: '2026-11-04T07:25:00.000Z',
      motivo_id: fundente,
    });
    const url = `/api/admin/export/paradas-kaiser.csv?startDate=2026-11-04&endDate=2026-11-04&arco_sumergido_id=${fresh.station.id}`;
    const plain = (await t.send(admin, 'GET', url)).body.slice(1).split('\r\n');
    expect(plain[0]).toBe('Fecha;Nave;Arco sumergido;Trabajador;ID de Trabajador;Inicio;Fin;Duración (min);Descripción');
    const withMotivo = await t.send(admin, 'GET', `${url}&columns=motivo`);
    expect(withMotivo.statusCode).toBe(200);
    const lines = withMotivo.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Fecha;Nave;Arco sumergido;Trabajador;ID de Trabajador;Inicio;Fin;Duración (min);Descripción;Motivo;Minutos del arco',
    );
    expect(lines[1].split(';').slice(-4)).toEqual(['25', '', 'Fundente', '25']);
    expect((await t.send(admin, 'GET', `${url}&columns=todo`)).statusCode).toBe(400);
  });
});
