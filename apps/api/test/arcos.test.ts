import { arcoMessages } from '@portal/contract/arcos';
import { messages } from '@portal/contract/common';
import { beforeAll, describe, expect, it } from 'vitest';
import { pgUnavailable, useTestApp } from './helper';

describe.skipIf(pgUnavailable)('arcos sumergidos (stations)', () => {
  const t = useTestApp();
  let admin: string;

  beforeAll(async () => {
    admin = await t.adminToken();
  });

  const exists = async (id: number) => !!(await t.db.selectFrom('arcos_sumergidos').select('id').where('id', '=', id).executeTakeFirst());
  const naveIdOf = async (name: string) =>
    (await t.db.selectFrom('naves').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  describe('GET /api/arcos-sumergidos (public)', () => {
    it('lists the stations of a nave with id and name, without a token', async () => {
      const a = await t.createArco('Público A', 'Nave 1');
      const b = await t.createArco('Público B', 'Nave 2');
      const res = await t.app.inject({ method: 'GET', url: `/api/arcos-sumergidos?nave=${encodeURIComponent('Nave 1')}` });
      expect(res.statusCode).toBe(200);
      const list = res.json() as { id: number; name: string }[];
      expect(list).toContainEqual(expect.objectContaining({ id: a.id, name: 'Público A' }));
      expect(list.map((s) => s.id)).not.toContain(b.id);
      for (const s of list) expect(s).toEqual(expect.objectContaining({ id: expect.any(Number), name: expect.any(String) }));
    });

    it('lists every station without a query, and none for an unknown nave', async () => {
      const a = await t.createArco('Todas A', 'Nave 1');
      const b = await t.createArco('Todas B', 'Nave 2');
      const all = (await t.app.inject({ method: 'GET', url: '/api/arcos-sumergidos' })).json().map((s: { id: number }) => s.id);
      expect(all).toEqual(expect.arrayContaining([a.id, b.id]));
      const none = await t.app.inject({ method: 'GET', url: '/api/arcos-sumergidos?nave=Nave%209' });
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual([]);
    });
  });

  describe('admin CRUD', () => {
    it('creates a station (201) that then appears in both lists', async () => {
      const res = await t.send(admin, 'POST', '/api/admin/arcos-sumergidos', { name: '  Arco Nuevo  ', nave: 'Nave 2' });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({ id: expect.any(Number), name: 'Arco Nuevo', nave: 'Nave 2', message: 'Arco sumergido añadido con éxito!' });
      const adminList = (await t.send(admin, 'GET', '/api/admin/arcos-sumergidos')).json();
      expect(adminList).toContainEqual({ id: body.id, name: 'Arco Nuevo', nave: 'Nave 2' });
      const publicList = (await t.app.inject({ method: 'GET', url: '/api/arcos-sumergidos?nave=Nave%202' })).json();
      expect(publicList.map((s: { id: number }) => s.id)).toContain(body.id);
    });

    it('checks name, then nave, with the Spanish messages', async () => {
      const cases: [unknown, string][] = [
        [{}, arcoMessages.nameRequired],
        [{ name: '', nave: 'Nave 1' }, arcoMessages.nameRequired],
        [{ name: '   ', nave: 'Nave 1' }, arcoMessages.nameRequired],
        [{ name: 5, nave: 'Nave 1' }, arcoMessages.nameRequired],
        [{ name: 'x'.repeat(101), nave: 'Nave 1' }, arcoMessages.nameMax],
        [{ name: 'Arco' }, arcoMessages.naveRequired],
        [{ name: 'Arco', nave: '' }, arcoMessages.naveRequired],
        [{ name: 'Arco', nave: 'Nave 9' }, arcoMessages.naveUnknown],
      ];
      for (const [payload, message] of cases) {
        const res = await t.send(admin, 'POST', '/api/admin/arcos-sumergidos', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toEqual({ message });
        const upd = await t.send(admin, 'PUT', `/api/admin/arcos-sumergidos/${(await t.createArco()).id}`, payload);
        expect(upd.statusCode, JSON.stringify(payload)).toBe(400);
        expect(upd.json()).toEqual({ message });
      }
    });

    it('answers 409 for a duplicate name in the same nave, and allows it in another', async () => {
      await t.createArco('Duplicado', 'Nave 1');
      const dup = await t.send(admin, 'POST', '/api/admin/arcos-sumergidos', { name: 'Duplicado', nave: 'Nave 1' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toEqual({ message: arcoMessages.duplicate });
      const other = await t.send(admin, 'POST', '/api/admin/arcos-sumergidos', { name: 'Duplicado', nave: 'Nave 2' });
      expect(other.statusCode).toBe(201);
      const renamed = await t.send(admin, 'PUT', `/api/admin/arcos-sumergidos/${other.json().id}`, { name: 'Duplicado', nave: 'Nave 1' });
      expect(renamed.statusCode).toBe(409);
    });

    it('renames and moves an unused station, answers 404 for an unknown one and 400 for a bad id', async () => {
      const s = await t.createArco('Para Mover', 'Nave 1');
      const res = await t.send(admin, 'PUT', `/api/admin/arcos-sumergidos/${s.id}`, { name: 'Movido', nave: 'Nave 2' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: s.id, name: 'Movido', nave: 'Nave 2', message: 'Arco sumergido actualizado con éxito!' });
      const missing = await t.send(admin, 'PUT', '/api/admin/arcos-sumergidos/987654', { name: 'Nada', nave: 'Nave 1' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: arcoMessages.notFound });
      for (const id of ['abc', '0', '-1']) {
        const bad = await t.send(admin, 'PUT', `/api/admin/arcos-sumergidos/${id}`, { name: 'Nada', nave: 'Nave 1' });
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toEqual({ message: messages.invalidId });
      }
    });

    it('deletes an unused station, 404 for an unknown one', async () => {
      const s = await t.createArco('Para Borrar', 'Nave 1');
      const res = await t.send(admin, 'DELETE', `/api/admin/arcos-sumergidos/${s.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Arco sumergido eliminado con éxito!' });
      expect(await exists(s.id)).toBe(false);
      const again = await t.send(admin, 'DELETE', `/api/admin/arcos-sumergidos/${s.id}`);
      expect(again.statusCode).toBe(404);
    });

    it('keeps a station that has circulares, Kaiser stops or wall posts (409), and refuses to move it', async () => {
      const now = new Date().toISOString();
      const day = now.slice(0, 10);
      const naveId = await naveIdOf('Nave 1');
      const withTramo = await t.createArco('Con Tramo', 'Nave 1');
      await t.db
        .insertInto('tramos')
        .values({
          id_tramo: 'T-1',
          id_proyecto: 'P-1',
          id_circular: 'C-1',
          circular_fecha: day,
          descripcion: null,
          imagen: null,
          imagen_thumb: null,
          nave_id: naveId,
          arco_sumergido_id: withTramo.id,
          user_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const withStop = await t.createArco('Con Parada', 'Nave 1');
      await t.db
        .insertInto('paradas_kaiser')
        .values({
          user_id: null,
          arco_sumergido_id: withStop.id,
          date: day,
          start_time: now,
          end_time: now,
          duration_minutes: 0,
          description: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const withPost = await t.createArco('Con Post', 'Nave 1');
      await t.db
        .insertInto('wall_posts')
        .values({
          user_id: null,
          arco_sumergido_id: withPost.id,
          wall_name: 'Main',
          content: 'Hola',
          image_path: null,
          image_thumb: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      for (const s of [withTramo, withStop, withPost]) {
        const res = await t.send(admin, 'DELETE', `/api/admin/arcos-sumergidos/${s.id}`);
        expect(res.statusCode, s.name).toBe(409);
        expect(res.json()).toEqual({ message: arcoMessages.inUse });
        expect(await exists(s.id)).toBe(true);
        const move = await t.send(admin, 'PUT', `/api/admin/arcos-sumergidos/${s.id}`, { name: s.name, nave: 'Nave 2' });
        expect(move.statusCode).toBe(409);
        expect(move.json()).toEqual({ message: arcoMessages.moveInUse });
        // Renaming in place stays allowed.
        expect(
          (await t.send(admin, 'PUT', `/api/admin/arcos-sumergidos/${s.id}`, { name: `${s.name} bis`, nave: 'Nave 1' })).statusCode,
        ).toBe(200);
      }
    });

    it('is admin-only: 403 for a user, 401 without a token', async () => {
      const w = await t.createWorker(await t.createArco());
      const s = await t.createArco();
      const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown][] = [
        ['GET', '/api/admin/arcos-sumergidos'],
        ['POST', '/api/admin/arcos-sumergidos', { name: 'Prohibido', nave: 'Nave 1' }],
        ['PUT', `/api/admin/arcos-sumergidos/${s.id}`, { name: 'Prohibido', nave: 'Nave 1' }],
        ['DELETE', `/api/admin/arcos-sumergidos/${s.id}`],
      ];
      for (const [method, url, payload] of calls) {
        expect((await t.send(w.token, method, url, payload)).statusCode).toBe(403);
        expect((await t.send(null, method, url, payload)).statusCode).toBe(401);
      }
      expect(await exists(s.id)).toBe(true);
      expect(await t.db.selectFrom('arcos_sumergidos').select('id').where('name', '=', 'Prohibido').executeTakeFirst()).toBeUndefined();
    });
  });
});
