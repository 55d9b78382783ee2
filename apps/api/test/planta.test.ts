import { plantaResponse } from '@portal/contract/planta';
import { factoryToday } from '@portal/contract/time';
import { describe, expect, it } from 'vitest';
import { plantaBoard } from '../src/modules/planta/service';
import { bearer, pgUnavailable, useTestApp } from './helper';

const TZ = 'Europe/Madrid';

describe.skipIf(pgUnavailable)('plant board', () => {
  const t = useTestApp({}, { each: true });

  const insertStop = (values: {
    user_id: number | null;
    arco_sumergido_id: number;
    date: string;
    start_time: string;
    end_time?: string | null;
    duration_minutes?: number | null;
    duplicate_of?: number | null;
  }) =>
    t.db
      .insertInto('paradas_kaiser')
      .values({
        end_time: null,
        duration_minutes: null,
        description: null,
        created_at: values.start_time,
        updated_at: values.start_time,
        ...values,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('groups stations by nave in natural order, with the earliest active stop and today’s minutes', async () => {
    // The spring daylight-saving day: local midnight is 23:00 UTC the day before, 12:00 local is 10:00 UTC.
    const now = new Date('2026-03-29T10:00:00Z');
    const arco10 = await t.createArco('Arco 10', 'Nave 1');
    const arco2 = await t.createArco('Arco 2', 'Nave 1');
    const other = await t.createArco('Arco 1', 'Nave 2');
    const first = await t.createWorker(arco10, 'Primera Operaria');
    const second = await t.createWorker(arco10, 'Segundo Operario');

    await insertStop({
      user_id: first.id,
      arco_sumergido_id: arco10.id,
      date: '2026-03-29',
      start_time: '2026-03-29T07:00:00.000Z',
      end_time: '2026-03-29T07:15:00.000Z',
      duration_minutes: 15,
    });
    await insertStop({
      user_id: first.id,
      arco_sumergido_id: arco10.id,
      date: '2026-03-28',
      start_time: '2026-03-28T09:00:00.000Z',
      end_time: '2026-03-28T09:40:00.000Z',
      duration_minutes: 40,
    });
    // Two running stops at one station exist only in older data, the later one marked by the
    // downtime migration (docs/decisions/017-downtime-records.md); the station's time counts once.
    const earliest = await insertStop({
      user_id: first.id,
      arco_sumergido_id: arco10.id,
      date: '2026-03-29',
      start_time: '2026-03-29T09:30:00.000Z',
    });
    await insertStop({
      user_id: second.id,
      arco_sumergido_id: arco10.id,
      date: '2026-03-29',
      start_time: '2026-03-29T09:45:00.000Z',
      duplicate_of: earliest.id,
    });
    // Started yesterday evening by someone whose account is gone: only today's part counts.
    await insertStop({ user_id: null, arco_sumergido_id: arco2.id, date: '2026-03-28', start_time: '2026-03-28T22:00:00.000Z' });

    const board = await plantaBoard({ ...t.app.ctx, tz: TZ }, now);
    expect(plantaResponse.parse(board)).toEqual(board);
    expect(board).toEqual([
      {
        nave: 'Nave 1',
        arcos: [
          {
            id: arco2.id,
            name: 'Arco 2',
            status: 'stopped',
            active_stop: { id: expect.any(Number), user_name: 'Usuario eliminado', start_time: '2026-03-28T22:00:00.000Z' },
            today_minutes: 11 * 60,
          },
          {
            id: arco10.id,
            name: 'Arco 10',
            status: 'stopped',
            active_stop: { id: expect.any(Number), user_name: 'Primera Operaria', start_time: '2026-03-29T09:30:00.000Z' },
            today_minutes: 15 + 30,
          },
        ],
      },
      { nave: 'Nave 2', arcos: [{ id: other.id, name: 'Arco 1', status: 'running', active_stop: null, today_minutes: 0 }] },
    ]);
  });

  it('answers admins through the API and turns a station red and green with a worker’s stop', async () => {
    const station = await t.createArco('Arco Vivo', 'Nave 2');
    const worker = await t.createWorker(station, 'Operario Vivo');
    const admin = await t.adminToken();
    const today = factoryToday(TZ);
    const finishedAt = new Date(Date.now() - 3 * 60 * 60_000);
    await insertStop({
      user_id: worker.id,
      arco_sumergido_id: station.id,
      date: today,
      start_time: new Date(finishedAt.getTime() - 25 * 60_000).toISOString(),
      end_time: finishedAt.toISOString(),
      duration_minutes: 25,
    });
    const board = async () => {
      const res = await t.send(admin, 'GET', '/api/admin/planta');
      expect(res.statusCode).toBe(200);
      return plantaResponse.parse(res.json());
    };
    const arco = async () => (await board()).find((n) => n.nave === 'Nave 2')!.arcos.find((a) => a.id === station.id)!;

    expect(await arco()).toEqual({ id: station.id, name: 'Arco Vivo', status: 'running', active_stop: null, today_minutes: 25 });

    const start = await t.app.inject({ method: 'POST', url: '/api/paradas-kaiser/start', headers: bearer(worker.token), payload: {} });
    expect(start.statusCode).toBe(201);
    expect(await arco()).toMatchObject({
      status: 'stopped',
      active_stop: { id: start.json().stopId, user_name: 'Operario Vivo', start_time: start.json().start_time },
    });

    const end = await t.send(worker.token, 'PUT', `/api/paradas-kaiser/end/${start.json().stopId}`, {});
    expect(end.statusCode).toBe(200);
    expect(await arco()).toMatchObject({ status: 'running', active_stop: null });
  });

  it('is for administrators only', async () => {
    const worker = await t.createWorker(await t.createArco());
    const asWorker = await t.send(worker.token, 'GET', '/api/admin/planta');
    expect(asWorker.statusCode).toBe(403);
    expect(asWorker.json()).toEqual({ message: 'Acceso denegado. No tienes permisos de administrador.' });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/planta' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows an empty board when there are no stations', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/planta', headers: bearer(await t.adminToken()) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
