import { messages } from '@portal/contract/common';
import { naveMessages } from '@portal/contract/naves';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadRequests, pgUnavailable, useTestApp } from './helper';

describe.skipIf(pgUnavailable)('naves (sites)', () => {
  const t = useTestApp();
  let admin: string;

  beforeAll(async () => {
    admin = await t.adminToken();
  });

  const adminList = async () =>
    (await t.send(admin, 'GET', '/api/admin/naves')).json() as { id: number; name: string; arcos_count: number }[];

  it('lists the seeded Nave 1 and Nave 2 publicly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/naves' });
    expect(res.statusCode).toBe(200);
    const names = res.json().map((n: { name: string }) => n.name);
    expect(names).toEqual(expect.arrayContaining(['Nave 1', 'Nave 2']));
    for (const n of res.json()) expect(n).toEqual({ id: expect.any(Number), name: expect.any(String) });
  });

  it('lists naves with their station counts for admins', async () => {
    const before = (await adminList()).find((n) => n.name === 'Nave 2')?.arcos_count ?? -1;
    await t.createArco('Cuenta 1', 'Nave 2');
    await t.createArco('Cuenta 2', 'Nave 2');
    const after = (await adminList()).find((n) => n.name === 'Nave 2');
    expect(after?.arcos_count).toBe(before + 2);
    expect(typeof after?.arcos_count).toBe('number');
  });

  it('creates a nave (201) with no stations, usable for stations at once', async () => {
    const res = await t.send(admin, 'POST', '/api/admin/naves', { name: ' Nave 3 ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'Nave 3', arcos_count: 0 });
    const arco = await t.send(admin, 'POST', '/api/admin/arcos-sumergidos', { name: 'Arco N3', nave: 'Nave 3' });
    expect(arco.statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: '/api/arcos-sumergidos?nave=Nave%203' });
    expect(list.json().map((s: { name: string }) => s.name)).toEqual(['Arco N3']);
  });

  it('validates the name and refuses duplicates (409)', async () => {
    const cases: [unknown, string][] = [
      [{}, naveMessages.nameRequired],
      [{ name: '' }, naveMessages.nameRequired],
      [{ name: '   ' }, naveMessages.nameRequired],
      [{ name: 7 }, naveMessages.nameRequired],
      [{ name: 'n'.repeat(51) }, naveMessages.nameMax],
    ];
    await expectBadRequests((payload) => t.send(admin, 'POST', '/api/admin/naves', payload), cases);
    const dup = await t.send(admin, 'POST', '/api/admin/naves', { name: 'Nave 1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: naveMessages.duplicate });
  });

  it('renames a nave (its stations follow), 404 for an unknown one, 409 for a taken name', async () => {
    const created = (await t.send(admin, 'POST', '/api/admin/naves', { name: 'Nave Temporal' })).json();
    await t.send(admin, 'POST', '/api/admin/arcos-sumergidos', { name: 'Arco Temporal', nave: 'Nave Temporal' });
    const res = await t.send(admin, 'PUT', `/api/admin/naves/${created.id}`, { name: 'Nave Renombrada' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: created.id, name: 'Nave Renombrada' });
    const stations = await t.app.inject({ method: 'GET', url: `/api/arcos-sumergidos?nave=${encodeURIComponent('Nave Renombrada')}` });
    expect(stations.json().map((s: { name: string }) => s.name)).toEqual(['Arco Temporal']);

    const missing = await t.send(admin, 'PUT', '/api/admin/naves/987654', { name: 'Nada' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: naveMessages.notFound });
    const taken = await t.send(admin, 'PUT', `/api/admin/naves/${created.id}`, { name: 'Nave 2' });
    expect(taken.statusCode).toBe(409);
    const invalid = await t.send(admin, 'PUT', `/api/admin/naves/${created.id}`, { name: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ message: naveMessages.nameRequired });
    const badId = await t.send(admin, 'PUT', '/api/admin/naves/abc', { name: 'Nada' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual({ message: messages.invalidId });
  });

  it('deletes an empty nave, keeps one with stations (409), 404 for an unknown one', async () => {
    const empty = (await t.send(admin, 'POST', '/api/admin/naves', { name: 'Nave Vacía' })).json();
    const res = await t.send(admin, 'DELETE', `/api/admin/naves/${empty.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: naveMessages.deleted });
    expect((await adminList()).map((n) => n.id)).not.toContain(empty.id);
    expect((await t.send(admin, 'DELETE', `/api/admin/naves/${empty.id}`)).statusCode).toBe(404);

    const busy = (await t.send(admin, 'POST', '/api/admin/naves', { name: 'Nave Ocupada' })).json();
    await t.send(admin, 'POST', '/api/admin/arcos-sumergidos', { name: 'Arco Ocupado', nave: 'Nave Ocupada' });
    const refused = await t.send(admin, 'DELETE', `/api/admin/naves/${busy.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: naveMessages.inUse });
    expect((await adminList()).find((n) => n.id === busy.id)?.arcos_count).toBe(1);
  });

  it('deleting a nave a user last signed in at keeps the user', async () => {
    const nave = (await t.send(admin, 'POST', '/api/admin/naves', { name: 'Nave Usuario' })).json();
    const arco = (await t.send(admin, 'POST', '/api/admin/arcos-sumergidos', { name: 'Arco Usuario', nave: 'Nave Usuario' })).json();
    const w = await t.createWorker({ id: arco.id, name: arco.name, nave: 'Nave Usuario' });
    expect((await t.send(admin, 'DELETE', `/api/admin/arcos-sumergidos/${arco.id}`)).statusCode).toBe(200);
    expect((await t.send(admin, 'DELETE', `/api/admin/naves/${nave.id}`)).statusCode).toBe(200);
    const user = (await t.send(admin, 'GET', '/api/admin/users')).json().find((u: { id: number }) => u.id === w.id);
    expect(user).toMatchObject({ id: w.id, nave: null });
  });

  it('is admin-only: 403 for a user, 401 without a token', async () => {
    const w = await t.createWorker(await t.createArco());
    const nave = (await t.send(admin, 'POST', '/api/admin/naves', { name: 'Nave Protegida' })).json();
    const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown][] = [
      ['GET', '/api/admin/naves'],
      ['POST', '/api/admin/naves', { name: 'Nave Prohibida' }],
      ['PUT', `/api/admin/naves/${nave.id}`, { name: 'Nave Prohibida' }],
      ['DELETE', `/api/admin/naves/${nave.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const asUser = await t.send(w.token, method, url, payload);
      expect(asUser.statusCode).toBe(403);
      expect(asUser.json()).toEqual({ message: messages.adminOnly });
      expect((await t.send(null, method, url, payload)).statusCode).toBe(401);
    }
    const names = (await adminList()).map((n) => n.name);
    expect(names).toContain('Nave Protegida');
    expect(names).not.toContain('Nave Prohibida');
  });
});
