import { describe, expect, it } from 'vitest';
import { bearer, pgUnavailable, uniqueWorkerId, useSeed, useTestApp, type Worker } from '../helper';

/**
 * Mass assignment (OWASP API3): fields a caller may not set, sent anyway in JSON and multipart
 * bodies, never reach the database. Each case reads the stored row back, not only the answer.
 */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
const PAST = '2001-01-01T00:00:00.000Z';
/** Fields no client body may set on any record. */
const forbiddenFields = (other: Worker) => ({
  id: 987654,
  user_id: other.id,
  role: 'admin',
  token_version: 42,
  password_hash: 'plain-text-hash',
  created_at: PAST,
  updated_at: PAST,
  like_count: 999,
  comment_count: 888,
  duration_minutes: 7777,
});

describe.skipIf(pgUnavailable)('mass assignment', () => {
  const t = useTestApp();
  const seed = useSeed(t, {
    arcos: { s1: ['Arco Masa 1', 'Nave 1'], s2: ['Arco Masa 2', 'Nave 2'] },
    workers: { A: ['s1', 'Ana Masa'], B: ['s1', 'Beto Masa'] },
  });

  const user = (id: number) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const send = (method: 'POST' | 'PUT', url: string, token: string, fields: Record<string, string | number>) =>
    t.sendForm(token, method, url, fields);

  describe('accounts', () => {
    it('register keeps role user and its own id, timestamps and hash whatever the body says', async () => {
      const worker_id = uniqueWorkerId('ma');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { worker_id, name: 'Intruso', password: 'secreto123', ...forbiddenFields(seed.B), nave_id: 1 },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().user.role).toBe('user');
      const row = await user(res.json().user.id);
      expect(row).toMatchObject({ role: 'user', token_version: 0, nave_id: null });
      expect(row.id).not.toBe(987654);
      expect(row.password_hash).not.toBe('plain-text-hash');
      expect(row.created_at).not.toBe(PAST);
      // The password sent is the one that works, so the hash is the server's own.
      const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { worker_id, password: 'secreto123' } });
      expect(login.statusCode).toBe(403);
    });

    it('login gives a token whose role and station come from the database and the chosen station, not the body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: {
          worker_id: seed.A.worker_id,
          password: seed.A.password,
          nave: seed.s1.nave,
          arco_sumergido_id: seed.s1.id,
          role: 'admin',
          id: seed.B.id,
          arco_sumergido_name: 'Otro',
          tv: 9,
        },
      });
      expect(res.statusCode).toBe(200);
      expect(claimsOf(res.json().accessToken)).toMatchObject({
        id: seed.A.id,
        role: 'user',
        arco_sumergido_id: seed.s1.id,
        arco_sumergido_name: seed.s1.name,
      });
    });

    it('own profile update changes name and worker_id only', async () => {
      const me = await t.createWorker(seed.s1, 'Perfil Propio');
      const before = await user(me.id);
      const otherBefore = await user(seed.B.id);
      const res = await t.send(me.token, 'PUT', '/api/users/me/profile', {
        name: 'Perfil Cambiado',
        worker_id: me.worker_id,
        ...forbiddenFields(seed.B),
        nave_id: 2,
        nave: 'Nave 2',
      });
      expect(res.statusCode).toBe(200);
      const after = await user(me.id);
      expect(after).toEqual({ ...before, name: 'Perfil Cambiado', updated_at: after.updated_at });
      expect(await user(seed.B.id)).toEqual(otherBefore);
      expect(claimsOf(res.json().newToken)).toMatchObject({ id: me.id, role: 'user', arco_sumergido_id: seed.s1.id });
      // The old token still works: the body's token_version was not taken.
      expect((await t.send(me.token, 'GET', '/api/paradas-kaiser/active')).statusCode).toBe(200);
    });

    it('password change and admin password reset never change the role', async () => {
      const me = await t.createWorker(seed.s1, 'Clave Propia');
      const own = await t.send(me.token, 'PUT', '/api/users/me/password', {
        currentPassword: me.password,
        newPassword: 'nueva-clave-1',
        role: 'admin',
        id: seed.B.id,
      });
      expect(own.statusCode).toBe(200);
      expect((await user(me.id)).role).toBe('user');
      expect((await user(seed.B.id)).token_version).toBe(0);
      const reset = await t.send(seed.admin, 'PUT', `/api/admin/users/${me.id}/password`, {
        password: 'otra-clave-2',
        role: 'admin',
        token_version: 0,
      });
      expect(reset.statusCode).toBe(200);
      expect((await user(me.id)).role).toBe('user');
      const profile = await t.send(seed.admin, 'PUT', `/api/admin/users/${me.id}/profile`, {
        name: 'Por Admin',
        worker_id: me.worker_id,
        role: 'admin',
        password_hash: 'x',
      });
      expect(profile.statusCode).toBe(200);
      const row = await user(me.id);
      expect(row.role).toBe('user');
      expect(row.password_hash).not.toBe('x');
      expect((await t.loginWorker(me.worker_id, 'otra-clave-2', seed.s1)).length).toBeGreaterThan(20);
    });

    it('station and nave creation take only the name (and the nave by name)', async () => {
      const nave = await t.send(seed.admin, 'POST', '/api/admin/naves', { name: 'Nave Masa', id: 987654 });
      expect(nave.statusCode).toBe(201);
      expect(nave.json().id).not.toBe(987654);
      const arco = await t.send(seed.admin, 'POST', '/api/admin/arcos-sumergidos', {
        name: 'Arco Masa 3',
        nave: 'Nave 1',
        nave_id: nave.json().id,
        id: 987654,
      });
      expect(arco.statusCode).toBe(201);
      const row = await t.db.selectFrom('arcos_sumergidos').selectAll().where('id', '=', arco.json().id).executeTakeFirstOrThrow();
      const nave1 = await t.db.selectFrom('naves').select('id').where('name', '=', 'Nave 1').executeTakeFirstOrThrow();
      expect(row.id).not.toBe(987654);
      expect(row.nave_id).toBe(nave1.id);
    });
  });

  describe('tramos (multipart)', () => {
    const tramoRow = (id: number) => t.db.selectFrom('tramos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('create takes the owner from the token and the nave from the station', async () => {
      const res = await send('POST', '/api/tramos', seed.A.token, {
        id_tramo: 'MA-1',
        id_proyecto: 'MA-P',
        id_circular: 'MA-C',
        arco_sumergido_id: seed.s1.id,
        ...forbiddenFields(seed.B),
        nave: 'Nave 2',
        nave_id: 2,
        imagen: '/uploads/ajena.webp',
        imagen_thumb: '/uploads/ajena_thumb.webp',
      });
      expect(res.statusCode).toBe(201);
      const row = await tramoRow(res.json().tramo.id);
      expect(row.user_id).toBe(seed.A.id);
      expect(row.id).not.toBe(987654);
      expect(row.created_at).not.toBe(PAST);
      expect(row.imagen).toBeNull();
      expect(row.imagen_thumb).toBeNull();
      expect(res.json().tramo.nave).toBe('Nave 1');
    });

    it("an owner's update with another user_id keeps the ownership, and an admin's too", async () => {
      const created = await send('POST', '/api/tramos', seed.A.token, {
        id_tramo: 'MA-2',
        id_proyecto: 'MA-P',
        id_circular: 'MA-C',
        arco_sumergido_id: seed.s1.id,
      });
      const id = created.json().tramo.id;
      const before = await tramoRow(id);
      for (const token of [seed.A.token, seed.admin]) {
        const res = await send('PUT', `/api/tramos/${id}`, token, {
          descripcion: 'Cambiada',
          ...forbiddenFields(seed.B),
          nave: 'Nave 2',
          imagen: '/uploads/ajena.webp',
        });
        expect(res.statusCode).toBe(200);
        const row = await tramoRow(id);
        expect(row).toEqual({ ...before, descripcion: 'Cambiada', updated_at: row.updated_at });
      }
      // B, to whom the body tried to give the tramo, still may not edit it.
      expect((await send('PUT', `/api/tramos/${id}`, seed.B.token, { descripcion: 'Mía' })).statusCode).toBe(403);
    });

    it('JSON is not a way around the multipart fields (415, nothing stored)', async () => {
      const count = async () =>
        (
          await t.db
            .selectFrom('tramos')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n;
      const before = await count();
      const res = await t.send(seed.A.token, 'POST', '/api/tramos', {
        id_tramo: 'MA-3',
        id_proyecto: 'MA-P',
        id_circular: 'MA-C',
        arco_sumergido_id: seed.s1.id,
        user_id: seed.B.id,
      });
      expect(res.statusCode).toBe(415);
      expect(await count()).toBe(before);
    });
  });

  describe('Kaiser stops', () => {
    const stopRow = (id: number) => t.db.selectFrom('paradas_kaiser').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const window = (hoursAgo: number) => ({
      start_time: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
      end_time: new Date(Date.now() - hoursAgo * 3_600_000 + 30 * 60_000).toISOString(),
    });

    it('start takes the user, the station and the time from the session and the server', async () => {
      const w = await t.createWorker(seed.s1, 'Inicio Masa');
      const before = Date.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/paradas-kaiser/start',
        headers: bearer(w.token),
        payload: {
          description: 'x',
          arco_sumergido_id: seed.s2.id,
          start_time: PAST,
          end_time: PAST,
          date: '2001-01-01',
          ...forbiddenFields(seed.B),
        },
      });
      expect(res.statusCode).toBe(201);
      const row = await stopRow(res.json().stopId);
      expect(row).toMatchObject({ user_id: w.id, arco_sumergido_id: seed.s1.id, end_time: null, duration_minutes: null });
      expect(Date.parse(row.start_time)).toBeGreaterThanOrEqual(before - 1000);
      expect(row.date).not.toBe('2001-01-01');

      const end = await t.send(w.token, 'PUT', `/api/paradas-kaiser/end/${row.id}`, {
        end_time: PAST,
        duration_minutes: 7777,
        user_id: seed.B.id,
      });
      expect(end.statusCode).toBe(200);
      const ended = await stopRow(row.id);
      expect(ended.user_id).toBe(w.id);
      expect(ended.duration_minutes).toBe(0);
      expect(Date.parse(ended.end_time!)).toBeGreaterThanOrEqual(before - 1000);
    });

    it("manual stops and edits keep the owner, compute the duration and date, and a worker's station is the token's", async () => {
      const w = await t.createWorker(seed.s1, 'Manual Masa');
      const res = await t.send(w.token, 'POST', '/api/paradas-kaiser/manual', {
        ...window(5),
        description: 'manual',
        arco_sumergido_id: seed.s2.id,
        date: '2001-01-01',
        ...forbiddenFields(seed.B),
      });
      expect(res.statusCode).toBe(201);
      const row = await stopRow(res.json().parada.id);
      expect(row).toMatchObject({ user_id: w.id, arco_sumergido_id: seed.s1.id, duration_minutes: 30 });
      expect(row.date).not.toBe('2001-01-01');
      expect(row.created_at).not.toBe(PAST);

      const edit = await t.send(w.token, 'PUT', `/api/paradas-kaiser/${row.id}`, {
        ...window(7),
        description: 'editada',
        date: '2001-01-01',
        ...forbiddenFields(seed.B),
      });
      expect(edit.statusCode).toBe(200);
      const edited = await stopRow(row.id);
      expect(edited).toMatchObject({ id: row.id, user_id: w.id, duration_minutes: 30, created_at: row.created_at });
      expect(edited.date).not.toBe('2001-01-01');
    });
  });

  describe('wall (multipart)', () => {
    const postRow = (id: number) => t.db.selectFrom('wall_posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('a new post starts at zero likes and comments, owned by the caller', async () => {
      const res = await send('POST', '/api/wall/posts', seed.A.token, {
        content: 'Publicación con campos de más',
        ...forbiddenFields(seed.B),
        image_path: '/uploads/ajena.webp',
      });
      expect(res.statusCode).toBe(201);
      const row = await postRow(res.json().post.id);
      expect(row).toMatchObject({ user_id: seed.A.id, like_count: 0, comment_count: 0, arco_sumergido_id: seed.s1.id, image_path: null });
      expect(row.id).not.toBe(987654);
      expect(row.created_at).not.toBe(PAST);
    });

    it('a post update keeps counters, author and station, by its author and by an admin', async () => {
      const created = await send('POST', '/api/wall/posts', seed.A.token, { content: 'Publicación para contar' });
      const id = created.json().post.id;
      expect((await t.send(seed.B.token, 'POST', `/api/wall/posts/${id}/like`)).statusCode).toBe(200);
      const before = await postRow(id);
      expect(before.like_count).toBe(1);
      for (const token of [seed.A.token, seed.admin]) {
        const res = await send('PUT', `/api/wall/posts/${id}`, token, {
          content: 'Publicación editada con campos',
          ...forbiddenFields(seed.B),
          arco_sumergido_id: seed.s2.id,
          image_path: '/uploads/ajena.webp',
        });
        expect(res.statusCode).toBe(200);
        const row = await postRow(id);
        expect(row).toEqual({ ...before, content: 'Publicación editada con campos', updated_at: row.updated_at });
      }
    });

    it('a comment belongs to the caller and to the post in the path', async () => {
      const p1 = (await send('POST', '/api/wall/posts', seed.A.token, { content: 'Primera publicación' })).json().post.id;
      const p2 = (await send('POST', '/api/wall/posts', seed.A.token, { content: 'Segunda publicación' })).json().post.id;
      const res = await send('POST', `/api/wall/posts/${p1}/comments`, seed.B.token, {
        content: 'Comentario',
        post_id: p2,
        ...forbiddenFields(seed.A),
      });
      expect(res.statusCode).toBe(201);
      const row = await t.db.selectFrom('wall_comments').selectAll().where('id', '=', res.json().comment.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ post_id: p1, user_id: seed.B.id });
      expect(row.created_at).not.toBe(PAST);
      expect((await postRow(p1)).comment_count).toBe(1);
      expect((await postRow(p2)).comment_count).toBe(0);

      const edit = await send('PUT', `/api/wall/posts/${p1}/comments/${row.id}`, seed.B.token, {
        content: 'Comentario editado',
        post_id: p2,
        user_id: seed.A.id,
      });
      expect(edit.statusCode).toBe(200);
      expect(
        await t.db.selectFrom('wall_comments').select(['post_id', 'user_id']).where('id', '=', row.id).executeTakeFirstOrThrow(),
      ).toEqual({
        post_id: p1,
        user_id: seed.B.id,
      });
    });
  });
});
