import { randomBytes } from 'node:crypto';
import { factoryToday } from '@portal/contract/time';
import { type Tramo, tramoMessages } from '@portal/contract/tramos';
import { describe, expect, it } from 'vitest';
import { bearer, pgUnavailable, useSeed, useTestApp } from './helper';

describe.skipIf(pgUnavailable)('tramos (circulares)', () => {
  const t = useTestApp();
  const seed = useSeed(t, {
    arcos: { station: ['Arco Tramos 1', 'Nave 1'], station2: ['Arco Tramos 2', 'Nave 2'] },
    workers: { alice: ['station', 'Alicia Soldadora'], bob: ['station', 'Bruno Soldador'] },
  });

  /** A prefix unique to one test, so searches never see another test's rows. */
  const tag = () => randomBytes(4).toString('hex').toUpperCase();

  const valid = (over: Record<string, string | number | undefined> = {}) => ({
    id_tramo: `TR-${tag()}`,
    id_proyecto: 'PRY-001',
    id_circular: 'CIR-001',
    descripcion: 'Soldadura longitudinal',
    arco_sumergido_id: seed.station.id,
    ...over,
  });

  const send = (method: 'POST' | 'PUT', url: string, token: string | null, fields: Record<string, string | number | undefined>) =>
    t.sendForm(token, method, url, fields);

  async function create(token: string, over: Record<string, string | number | undefined> = {}): Promise<Tramo> {
    const res = await send('POST', '/api/tramos', token, valid(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().tramo;
  }

  const count = () => t.countRows('tramos');

  describe('create', () => {
    it('stores the circular with owner from the token, nave from the station and today as date', async () => {
      const before = factoryToday('Europe/Madrid');
      const res = await send(
        'POST',
        '/api/tramos',
        seed.alice.token,
        valid({ id_tramo: 'TR-CREATE-1', arco_sumergido_id: seed.station2.id }),
      );
      const after = factoryToday('Europe/Madrid');
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.message).toBe('¡Circular añadida exitosamente!');
      expect(body.tramo).toMatchObject({
        id_tramo: 'TR-CREATE-1',
        id_proyecto: 'PRY-001',
        id_circular: 'CIR-001',
        descripcion: 'Soldadura longitudinal',
        arco_sumergido_id: seed.station2.id,
        arco_sumergido_name: 'Arco Tramos 2',
        nave: 'Nave 2',
        user_id: seed.alice.id,
        user_name: 'Alicia Soldadora',
        imagen: null,
        imagen_thumb: null,
      });
      expect([before, after]).toContain(body.tramo.circular_fecha);
      const row = await t.db.selectFrom('tramos').selectAll().where('id', '=', body.tramo.id).executeTakeFirstOrThrow();
      expect(row.user_id).toBe(seed.alice.id);
    });

    it('ignores a user_id or nave sent by the client and keeps an explicit circular_fecha', async () => {
      const created = await create(seed.bob.token, { user_id: seed.alice.id, nave: 'Nave 2', circular_fecha: '2026-03-29' });
      expect(created.user_id).toBe(seed.bob.id);
      expect(created.nave).toBe('Nave 1');
      expect(created.circular_fecha).toBe('2026-03-29');
    });

    it('stores an empty description as none and trims the ids', async () => {
      const created = await create(seed.alice.token, { descripcion: '', id_tramo: '  TRIM-1  ' });
      expect(created.descripcion).toBeNull();
      expect(created.id_tramo).toBe('TRIM-1');
    });

    it('accepts a 500-character description', async () => {
      const created = await create(seed.alice.token, { descripcion: 'x'.repeat(500) });
      expect(created.descripcion).toHaveLength(500);
    });

    const invalid: [string, Record<string, string | number | undefined>, string][] = [
      ['short id_tramo', { id_tramo: 'ab' }, 'El ID de Tramo debe tener al menos 3 caracteres.'],
      ['blank id_tramo', { id_tramo: '     ' }, 'El ID de Tramo debe tener al menos 3 caracteres.'],
      ['missing id_tramo', { id_tramo: undefined }, 'El ID de Tramo debe tener al menos 3 caracteres.'],
      ['short id_proyecto', { id_proyecto: 'p1' }, 'El ID de Proyecto debe tener al menos 3 caracteres.'],
      ['short id_circular', { id_circular: 'c' }, 'El ID de Circular debe tener al menos 3 caracteres.'],
      ['long id_tramo', { id_tramo: 'x'.repeat(101) }, 'El ID de Tramo no puede exceder los 100 caracteres.'],
      ['long descripcion', { descripcion: 'x'.repeat(501) }, 'La descripción no puede exceder los 500 caracteres.'],
      ['missing station', { arco_sumergido_id: undefined }, tramoMessages.arcoRequired],
      ['empty station', { arco_sumergido_id: '' }, tramoMessages.arcoRequired],
      ['non-numeric station', { arco_sumergido_id: 'abc' }, tramoMessages.arcoRequired],
      ['unknown station', { arco_sumergido_id: 987654 }, 'El arco sumergido seleccionado no existe.'],
      ['impossible date', { circular_fecha: '2026-02-30' }, 'La fecha no es válida.'],
      ['badly formatted date', { circular_fecha: '30/01/2026' }, 'La fecha debe tener el formato AAAA-MM-DD.'],
    ];
    for (const [name, over, message] of invalid) {
      it(`refuses ${name} with 400 and writes nothing`, async () => {
        const before = await count();
        const res = await send('POST', '/api/tramos', seed.alice.token, valid(over));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message });
        expect(await count()).toBe(before);
      });
    }

    it('needs a token', async () => {
      const res = await send('POST', '/api/tramos', null, valid());
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBeTypeOf('string');
    });

    it('answers 415 to a JSON body', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/tramos', headers: bearer(seed.alice.token), payload: valid() });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBeTypeOf('string');
    });
  });

  describe('detail', () => {
    it('answers one tramo with its display names', async () => {
      const created = await create(seed.alice.token);
      const res = await t.send(seed.bob.token, 'GET', `/api/tramos/${created.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(created);
    });

    it('answers 404 Tramo no encontrado. and 400 for a malformed id', async () => {
      const missing = await t.send(seed.alice.token, 'GET', '/api/tramos/99999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Tramo no encontrado.' });
      for (const bad of ['abc', '-1', '0', '1.5']) {
        const res = await t.send(seed.alice.token, 'GET', `/api/tramos/${bad}`);
        expect(res.statusCode, bad).toBe(400);
      }
    });

    it('names a deleted owner Usuario eliminado', async () => {
      const ghost = await t.createWorker(seed.station, 'Fantasma');
      const created = await create(ghost.token);
      await t.db.deleteFrom('users').where('id', '=', ghost.id).execute();
      const res = await t.send(seed.alice.token, 'GET', `/api/tramos/${created.id}`);
      expect(res.json()).toMatchObject({ user_id: null, user_name: 'Usuario eliminado' });
    });

    it('needs a token', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/tramos/1' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('update and delete permissions', () => {
    it('lets the owner and an admin update, refuses another user with 403', async () => {
      const created = await create(seed.alice.token, { id_tramo: 'OWN-1' });

      const byBob = await send('PUT', `/api/tramos/${created.id}`, seed.bob.token, { id_tramo: 'BOB-1' });
      expect(byBob.statusCode).toBe(403);
      expect(byBob.json().message).toBe('No tienes permiso para realizar esta acción.');

      const byAlice = await send('PUT', `/api/tramos/${created.id}`, seed.alice.token, { id_tramo: 'ALICE-2' });
      expect(byAlice.statusCode).toBe(200);
      expect(byAlice.json().tramo.id_tramo).toBe('ALICE-2');

      const byAdmin = await send('PUT', `/api/tramos/${created.id}`, seed.admin, { id_tramo: 'ADMIN-3' });
      expect(byAdmin.statusCode).toBe(200);
      const stored = await t.db.selectFrom('tramos').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
      expect(stored.id_tramo).toBe('ADMIN-3');
      expect(stored.user_id).toBe(seed.alice.id);
    });

    it('refuses another user even with invalid fields (403 before 400), 404 for a missing tramo', async () => {
      const created = await create(seed.alice.token);
      const res = await send('PUT', `/api/tramos/${created.id}`, seed.bob.token, { id_tramo: 'x' });
      expect(res.statusCode).toBe(403);
      const missing = await send('PUT', '/api/tramos/99999999', seed.alice.token, { id_tramo: 'abcd' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Tramo no encontrado.' });
    });

    it('lets only an admin edit a tramo whose owner was deleted', async () => {
      const ghost = await t.createWorker(seed.station, 'Fantasma 2');
      const created = await create(ghost.token);
      await t.db.deleteFrom('users').where('id', '=', ghost.id).execute();
      expect((await send('PUT', `/api/tramos/${created.id}`, seed.alice.token, { id_tramo: 'NOPE' })).statusCode).toBe(403);
      expect((await send('PUT', `/api/tramos/${created.id}`, seed.admin, { id_tramo: 'YES-1' })).statusCode).toBe(200);
    });

    it('refuses delete to users (the owner too) and lets an admin delete', async () => {
      const created = await create(seed.alice.token);
      for (const token of [seed.alice.token, seed.bob.token]) {
        const res = await t.send(token, 'DELETE', `/api/tramos/${created.id}`);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Acceso denegado. No tienes permisos de administrador.');
      }
      const unauth = await t.app.inject({ method: 'DELETE', url: `/api/tramos/${created.id}` });
      expect(unauth.statusCode).toBe(401);

      const res = await t.send(seed.admin, 'DELETE', `/api/tramos/${created.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBeTypeOf('string');
      const after = await t.send(seed.alice.token, 'GET', `/api/tramos/${created.id}`);
      expect(after.statusCode).toBe(404);
      const again = await t.send(seed.admin, 'DELETE', `/api/tramos/${created.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'Tramo no encontrado.' });
    });
  });

  describe('update fields', () => {
    it('keeps the fields the admin area does not send', async () => {
      const created = await create(seed.alice.token, { circular_fecha: '2026-01-15', arco_sumergido_id: seed.station2.id });
      const res = await send('PUT', `/api/tramos/${created.id}`, seed.admin, {
        id_tramo: 'ADM-EDIT',
        id_proyecto: 'ADM-PRY',
        id_circular: 'ADM-CIR',
        descripcion: 'Revisado',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Circular actualizada con éxito!');
      expect(res.json().tramo).toMatchObject({
        id_tramo: 'ADM-EDIT',
        id_proyecto: 'ADM-PRY',
        id_circular: 'ADM-CIR',
        descripcion: 'Revisado',
        circular_fecha: '2026-01-15',
        arco_sumergido_id: seed.station2.id,
        nave: 'Nave 2',
        user_name: 'Alicia Soldadora',
      });
      expect(res.json().tramo.updated_at >= created.updated_at).toBe(true);
    });

    it('applies the full user form, moving the nave with the station and ignoring a sent nave', async () => {
      const created = await create(seed.alice.token, { arco_sumergido_id: seed.station.id });
      const res = await send('PUT', `/api/tramos/${created.id}`, seed.alice.token, {
        ...valid({ id_tramo: 'USR-EDIT', descripcion: '' }),
        arco_sumergido_id: seed.station2.id,
        nave: 'Nave 1',
        circular_fecha: '2025-12-31',
        imagen: '/uploads/not-a-real-file.webp',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().tramo).toMatchObject({
        id_tramo: 'USR-EDIT',
        descripcion: null,
        circular_fecha: '2025-12-31',
        arco_sumergido_id: seed.station2.id,
        nave: 'Nave 2',
        imagen: null,
      });
    });

    const invalid: [string, Record<string, string | number>, string][] = [
      ['empty circular_fecha', { circular_fecha: '' }, 'La fecha de la circular es obligatoria.'],
      ['impossible circular_fecha', { circular_fecha: '2026-13-01' }, 'La fecha no es válida.'],
      ['short id_tramo', { id_tramo: 'ab' }, 'El ID de Tramo debe tener al menos 3 caracteres.'],
      ['short id_proyecto', { id_proyecto: 'ab' }, 'El ID de Proyecto debe tener al menos 3 caracteres.'],
      ['short id_circular', { id_circular: 'ab' }, 'El ID de Circular debe tener al menos 3 caracteres.'],
      ['long descripcion', { descripcion: 'y'.repeat(501) }, 'La descripción no puede exceder los 500 caracteres.'],
      ['empty station', { arco_sumergido_id: '' }, tramoMessages.arcoRequired],
      ['unknown station', { arco_sumergido_id: 987654 }, 'El arco sumergido seleccionado no existe.'],
    ];
    for (const [name, over, message] of invalid) {
      it(`refuses ${name} with 400 and changes nothing`, async () => {
        const created = await create(seed.alice.token);
        const res = await send('PUT', `/api/tramos/${created.id}`, seed.alice.token, { ...valid({ id_tramo: created.id_tramo }), ...over });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message });
        const after = await t.send(seed.alice.token, 'GET', `/api/tramos/${created.id}`);
        expect(after.json()).toEqual(created);
      });
    }
  });

  describe('list', () => {
    it('answers { tramos, total } newest first with limit and offset, latest=true giving the newest 5', async () => {
      const mine: Tramo[] = [];
      for (let i = 0; i < 7; i++) mine.push(await create(seed.bob.token, { id_tramo: `LIST-${i}` }));
      const total = await count();

      const latest = await t.send(seed.alice.token, 'GET', '/api/tramos?limit=5&latest=true');
      expect(latest.statusCode).toBe(200);
      expect(latest.json().total).toBe(total);
      expect(latest.json().tramos.map((x: Tramo) => x.id)).toEqual(
        mine
          .slice(-5)
          .reverse()
          .map((x) => x.id),
      );

      const page = await t.send(seed.alice.token, 'GET', '/api/tramos?limit=2&offset=2');
      expect(page.json().tramos.map((x: Tramo) => x.id_tramo)).toEqual(['LIST-4', 'LIST-3']);

      const all = await t.send(seed.admin, 'GET', '/api/tramos');
      expect(all.json().tramos).toHaveLength(Math.min(total, 100));
      expect(all.json().tramos[0]).toMatchObject({ user_name: 'Bruno Soldador', arco_sumergido_name: 'Arco Tramos 1', nave: 'Nave 1' });
    });

    it('caps the limit at 100', async () => {
      const now = new Date().toISOString();
      const nave = await t.db.selectFrom('naves').select('id').where('name', '=', 'Nave 1').executeTakeFirstOrThrow();
      const rows = Array.from({ length: 105 }, (_, i) => ({
        id_tramo: `BULK-${i}`,
        id_proyecto: 'BULK',
        id_circular: 'BULK',
        circular_fecha: '2026-01-01',
        nave_id: nave.id,
        arco_sumergido_id: seed.station.id,
        user_id: seed.alice.id,
        created_at: now,
        updated_at: now,
      }));
      await t.db.insertInto('tramos').values(rows).execute();
      const res = await t.send(seed.alice.token, 'GET', '/api/tramos?limit=500');
      expect(res.statusCode).toBe(200);
      expect(res.json().tramos).toHaveLength(100);
      expect(res.json().total).toBe(await count());
    });

    for (const [query, message] of [
      ['limit=0', tramoMessages.limitInvalid],
      ['limit=abc', tramoMessages.limitInvalid],
      ['limit=-3', tramoMessages.limitInvalid],
      ['offset=-1', tramoMessages.offsetInvalid],
      ['latest=yes', tramoMessages.latestInvalid],
    ]) {
      it(`refuses ${query} with 400`, async () => {
        const res = await t.send(seed.alice.token, 'GET', `/api/tramos?${query}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message });
      });
    }

    it('needs a token', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/tramos' })).statusCode).toBe(401);
    });
  });

  describe('search', () => {
    const search = (token: string, query: Record<string, string>) =>
      t.send(token, 'GET', `/api/tramos/search?${new URLSearchParams(query)}`);

    it('matches the ids by case-insensitive substring, the date exactly, any combination, newest first', async () => {
      const p = tag();
      const a = await create(seed.alice.token, {
        id_tramo: `${p}-tramo-AA`,
        id_proyecto: `${p}-Proy-1`,
        id_circular: 'CIRC-X',
        circular_fecha: '2026-05-04',
      });
      const b = await create(seed.bob.token, {
        id_tramo: `${p}-TRAMO-bb`,
        id_proyecto: `${p}-proy-2`,
        id_circular: 'circ-y',
        circular_fecha: '2026-05-05',
      });
      const c = await create(seed.alice.token, {
        id_tramo: `${p}-other`,
        id_proyecto: `${p}-PROY-1`,
        id_circular: 'CIRC-Y',
        circular_fecha: '2026-05-04',
      });
      const ids = async (query: Record<string, string>) => {
        const res = await search(seed.alice.token, query);
        expect(res.statusCode).toBe(200);
        return (res.json() as Tramo[]).map((x) => x.id);
      };

      expect(await ids({ id_tramo: `${p}-TrAmO` })).toEqual([b.id, a.id]);
      expect(await ids({ id_proyecto: `${p.toLowerCase()}-proy-1` })).toEqual([c.id, a.id]);
      expect(await ids({ id_tramo: p, id_circular: 'circ-y' })).toEqual([c.id, b.id]);
      expect(await ids({ id_tramo: p, circular_fecha: '2026-05-04' })).toEqual([c.id, a.id]);
      expect(await ids({ id_tramo: p, id_proyecto: 'proy-1', id_circular: 'x', circular_fecha: '2026-05-04' })).toEqual([a.id]);
      expect(await ids({ id_tramo: p, circular_fecha: '2026-05-06' })).toEqual([]);
      expect(await ids({ id_tramo: `${p}-nothing` })).toEqual([]);
      // Empty filters are ignored, as the form sends only the filled ones.
      expect(await ids({ id_tramo: p, id_proyecto: '', circular_fecha: '' })).toEqual([c.id, b.id, a.id]);

      const full = (await search(seed.bob.token, { id_tramo: `${p}-tramo-aa` })).json();
      expect(full).toEqual([a]);
    });

    it('treats % and _ literally', async () => {
      const p = tag();
      const pct = await create(seed.alice.token, { id_tramo: `${p}%50` });
      const under = await create(seed.alice.token, { id_tramo: `${p}_X1` });
      await create(seed.alice.token, { id_tramo: `${p}AX1` });
      const found = async (q: string) => ((await search(seed.alice.token, { id_tramo: q })).json() as Tramo[]).map((x) => x.id);
      expect(await found(`${p}%`)).toEqual([pct.id]);
      expect(await found(`${p}_`)).toEqual([under.id]);
      expect(await found('%')).toContain(pct.id);
      expect(await found('%')).not.toContain(under.id);
    });

    it('answers at most 100 results', async () => {
      const res = await search(seed.alice.token, {});
      expect(res.statusCode).toBe(200);
      expect(Array.isArray(res.json())).toBe(true);
      expect(res.json().length).toBe(Math.min(await count(), 100));
    });

    it('refuses a malformed date or an overlong filter with 400', async () => {
      const bad = await search(seed.alice.token, { circular_fecha: '2026-02-31' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'La fecha no es válida.' });
      const long = await search(seed.alice.token, { id_tramo: 'z'.repeat(101) });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ message: tramoMessages.filterMax });
    });

    it('needs a token', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/tramos/search?id_tramo=abc' })).statusCode).toBe(401);
    });
  });

  it('documents the multipart routes in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [path, method] of [
      ['/api/tramos', 'post'],
      ['/api/tramos/{id}', 'put'],
    ]) {
      const op = doc.paths[path][method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(JSON.stringify(op)).toContain('multipart/form-data');
    }
    expect(doc.paths['/api/tramos/search'].get).toBeDefined();
    expect(doc.paths['/api/tramos/{id}'].delete).toBeDefined();
  });
});
