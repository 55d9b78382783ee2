import { authMessages } from '@portal/contract/auth';
import { messages } from '@portal/contract/common';
import { userMessages } from '@portal/contract/users';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ADMIN, bearer, expectBadRequests, pgUnavailable, TEST_DB, uniqueWorkerId, useSeed, useTestApp } from './helper';

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

describe.skipIf(pgUnavailable)('users: own profile and password, admin user management', () => {
  const t = useTestApp();
  const seed = useSeed(t, { arcos: { station: ['Arco Usuarios', 'Nave 1'] } });

  const put = (url: string, token: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'PUT', url, headers: token ? bearer(token) : {}, payload: payload as object });
  const me = (token: string) => t.send(token, 'GET', '/api/admin/users');
  const adminIdOf = async () =>
    (await t.db.selectFrom('users').select('id').where('worker_id', '=', ADMIN.worker_id).executeTakeFirstOrThrow()).id;

  describe('PUT /api/users/me/profile', () => {
    it('checks name then worker_id, both required, with the Spanish messages', async () => {
      const w = await t.createWorker(seed.station);
      const cases: [unknown, string][] = [
        [{}, userMessages.profileRequired],
        [{ name: '', worker_id: 'abc' }, userMessages.profileRequired],
        [{ name: '   ', worker_id: 'abc' }, userMessages.profileRequired],
        [{ name: 'A', worker_id: 'abc' }, authMessages.nameMin],
        [{ name: 'Ana', worker_id: '' }, userMessages.profileRequired],
        [{ name: 'Ana' }, userMessages.profileRequired],
        [{ name: 'Ana', worker_id: 'ab' }, authMessages.workerIdMin],
        [{ name: 12, worker_id: 'abc' }, userMessages.profileRequired],
      ];
      await expectBadRequests((payload) => put('/api/users/me/profile', w.token, payload), cases);
    });

    it('updates name and worker_id and answers a newToken keeping the station claims', async () => {
      const w = await t.createWorker(seed.station, 'Nombre Viejo');
      const newId = uniqueWorkerId('p');
      const res = await put('/api/users/me/profile', w.token, { name: 'Nombre Nuevo', worker_id: newId });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.message).toBe('Perfil actualizado con éxito!');
      const claims = claimsOf(body.newToken);
      expect(claims).toMatchObject({
        id: w.id,
        name: 'Nombre Nuevo',
        worker_id: newId,
        role: 'user',
        nave: 'Nave 1',
        arco_sumergido_id: seed.station.id,
        arco_sumergido_name: seed.station.name,
      });
      // The new worker_id signs in; the old one no longer exists.
      await expect(t.loginWorker(newId, w.password, seed.station)).resolves.toBeTypeOf('string');
      const old = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { worker_id: w.worker_id, password: w.password, nave: seed.station.nave, arco_sumergido_id: seed.station.id },
      });
      expect(old.statusCode).toBe(401);
      // The new token is accepted by a user route.
      const again = await put('/api/users/me/profile', body.newToken, { name: 'Nombre Final', worker_id: newId });
      expect(again.statusCode).toBe(200);
    });

    it('answers 409 when the worker_id belongs to someone else', async () => {
      const a = await t.createWorker(seed.station);
      const b = await t.createWorker(seed.station);
      const res = await put('/api/users/me/profile', a.token, { name: 'Otro', worker_id: b.worker_id });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: authMessages.duplicateWorkerId });
      const row = await t.db.selectFrom('users').select(['worker_id', 'name']).where('id', '=', a.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ worker_id: a.worker_id, name: a.name });
    });

    it('keeps the own worker_id without a conflict', async () => {
      const a = await t.createWorker(seed.station);
      const res = await put('/api/users/me/profile', a.token, { name: 'Solo Nombre', worker_id: a.worker_id });
      expect(res.statusCode).toBe(200);
    });

    it('needs a token', async () => {
      const res = await put('/api/users/me/profile', undefined, { name: 'Ana', worker_id: 'abc' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: messages.unauthenticated });
    });
  });

  describe('PUT /api/users/me/password', () => {
    it('validates in order: both required, then the new password length', async () => {
      const w = await t.createWorker(seed.station);
      const cases: [unknown, string][] = [
        [{}, userMessages.allPasswordFieldsRequired],
        [{ currentPassword: '', newPassword: 'nueva123' }, userMessages.allPasswordFieldsRequired],
        [{ currentPassword: w.password }, userMessages.allPasswordFieldsRequired],
        [{ currentPassword: w.password, newPassword: '' }, userMessages.allPasswordFieldsRequired],
        [{ currentPassword: w.password, newPassword: '12345' }, userMessages.newPasswordMin],
      ];
      await expectBadRequests((payload) => put('/api/users/me/password', w.token, payload), cases);
    });

    it('refuses a wrong current password with 400 and keeps the old one', async () => {
      const w = await t.createWorker(seed.station);
      const res = await put('/api/users/me/password', w.token, { currentPassword: 'incorrecta', newPassword: 'nueva123' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'La contraseña actual es incorrecta.' });
      await expect(t.loginWorker(w.worker_id, w.password, seed.station)).resolves.toBeTypeOf('string');
    });

    it('changes the password, answers a newToken and retires every older token', async () => {
      const w = await t.createWorker(seed.station);
      const res = await put('/api/users/me/password', w.token, { currentPassword: w.password, newPassword: 'nueva-clave' });
      expect(res.statusCode).toBe(200);
      const { message, newToken } = res.json();
      expect(message).toBe('Contraseña cambiada con éxito!');
      expect(claimsOf(newToken)).toMatchObject({ id: w.id, arco_sumergido_id: seed.station.id, nave: 'Nave 1' });

      const withOld = await put('/api/users/me/profile', w.token, { name: w.name, worker_id: w.worker_id });
      expect(withOld.statusCode).toBe(401);
      expect(withOld.json()).toEqual({ message: messages.invalidToken });
      const withNew = await put('/api/users/me/profile', newToken, { name: w.name, worker_id: w.worker_id });
      expect(withNew.statusCode).toBe(200);

      await expect(t.loginWorker(w.worker_id, 'nueva-clave', seed.station)).resolves.toBeTypeOf('string');
      await expect(t.loginWorker(w.worker_id, w.password, seed.station)).rejects.toThrow(/401/);
      const stored = await t.db.selectFrom('users').select('password_hash').where('id', '=', w.id).executeTakeFirstOrThrow();
      expect(stored.password_hash).not.toContain('nueva-clave');
      expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    });
  });

  describe('GET /api/admin/users', () => {
    it('lists every user with id, worker_id, name, role, nave, created_at and whether a PIN and badge are set, never the password', async () => {
      const w = await t.createWorker(seed.station, 'Listado Uno');
      const res = await me(seed.admin);
      expect(res.statusCode).toBe(200);
      const list = res.json() as Record<string, unknown>[];
      const row = list.find((u) => u.id === w.id);
      expect(row).toEqual({
        id: w.id,
        worker_id: w.worker_id,
        name: 'Listado Uno',
        role: 'user',
        nave: 'Nave 1',
        created_at: expect.any(String),
        has_pin: false,
        has_badge: false,
      });
      expect(Number.isNaN(Date.parse(String(row?.created_at)))).toBe(false);
      expect(list.find((u) => u.worker_id === ADMIN.worker_id)).toMatchObject({ role: 'admin' });
      expect(res.body).not.toMatch(/password|argon2/);
    });

    it('is refused to a user (403) and to nobody (401)', async () => {
      const w = await t.createWorker(seed.station);
      const asUser = await me(w.token);
      expect(asUser.statusCode).toBe(403);
      expect(asUser.json()).toEqual({ message: messages.adminOnly });
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/users' });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('PUT /api/admin/users/:id/role', () => {
    it('promotes a user, who then reaches admin routes at once, and demotes them again', async () => {
      const w = await t.createWorker(seed.station);
      expect((await me(w.token)).statusCode).toBe(403);
      const up = await put(`/api/admin/users/${w.id}/role`, seed.admin, { role: 'admin' });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toEqual({ message: '¡Rol de usuario actualizado exitosamente!' });
      expect((await me(w.token)).statusCode).toBe(200);
      const down = await put(`/api/admin/users/${w.id}/role`, seed.admin, { role: 'user' });
      expect(down.statusCode).toBe(200);
      expect((await me(w.token)).statusCode).toBe(403);
    });

    it('rejects an unknown role, a bad id and an unknown user', async () => {
      const w = await t.createWorker(seed.station);
      for (const payload of [{}, { role: 'superadmin' }, { role: 1 }]) {
        const res = await put(`/api/admin/users/${w.id}/role`, seed.admin, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: userMessages.invalidRole });
      }
      for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
        const res = await put(`/api/admin/users/${id}/role`, seed.admin, { role: 'user' });
        expect(res.statusCode, id).toBe(400);
        expect(res.json()).toEqual({ message: messages.invalidId });
      }
      const missing = await put('/api/admin/users/987654/role', seed.admin, { role: 'admin' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: userMessages.userNotFound });
    });

    it('refuses to demote the last admin (409), allows it once there is another', async () => {
      const adminId = await adminIdOf();
      const last = await put(`/api/admin/users/${adminId}/role`, seed.admin, { role: 'user' });
      expect(last.statusCode).toBe(409);
      expect(last.json()).toEqual({ message: userMessages.lastAdmin });
      expect((await me(seed.admin)).statusCode).toBe(200);

      const w = await t.createWorker(seed.station);
      expect((await put(`/api/admin/users/${w.id}/role`, seed.admin, { role: 'admin' })).statusCode).toBe(200);
      // The second admin demotes the first, who loses admin rights at once (403), then is restored.
      const demote = await put(`/api/admin/users/${adminId}/role`, w.token, { role: 'user' });
      expect(demote.statusCode).toBe(200);
      const lost = await me(seed.admin);
      expect(lost.statusCode).toBe(403);
      expect(lost.json()).toEqual({ message: messages.adminOnly });
      // Now w is the last admin and cannot demote themself.
      const self = await put(`/api/admin/users/${w.id}/role`, w.token, { role: 'user' });
      expect(self.statusCode).toBe(409);
      expect((await put(`/api/admin/users/${adminId}/role`, w.token, { role: 'admin' })).statusCode).toBe(200);
      expect((await put(`/api/admin/users/${w.id}/role`, seed.admin, { role: 'user' })).statusCode).toBe(200);
      expect((await me(seed.admin)).statusCode).toBe(200);
    });
    it('lets only one of two admins demoting each other at the same moment succeed', async () => {
      const adminId = await adminIdOf();
      const w = await t.createWorker(seed.station);
      expect((await put(`/api/admin/users/${w.id}/role`, seed.admin, { role: 'admin' })).statusCode).toBe(200);
      const demoteEachOther = () =>
        Promise.all([
          put(`/api/admin/users/${w.id}/role`, seed.admin, { role: 'user' }),
          put(`/api/admin/users/${adminId}/role`, w.token, { role: 'user' }),
        ]);
      let a: Awaited<ReturnType<typeof put>>;
      let b: Awaited<ReturnType<typeof put>>;
      if (TEST_DB === 'postgres') {
        // Hold the admin rows so that both requests reach the check before either can write:
        // without their own row lock both would see two admins and both succeed.
        const holder = await t.handle.db.connection().execute(async (conn) => {
          await sql`begin`.execute(conn);
          await sql`select id from users where role = 'admin' for update`.execute(conn);
          const both = demoteEachOther();
          for (let i = 0; i < 200; i++) {
            const { rows } = await sql<{
              n: number;
            }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`.execute(conn);
            if (rows[0].n >= 2) break;
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
          await sql`commit`.execute(conn);
          return both;
        });
        [a, b] = await holder;
      } else {
        [a, b] = await demoteEachOther();
      }
      const statuses = [a.statusCode, b.statusCode].sort();
      // The loser is refused either as the last admin (409) or because it just lost its rights (403).
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const admins = await t.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
      // Leave the original admin in place for the other tests.
      if (admins[0].id !== adminId) {
        await put(`/api/admin/users/${adminId}/role`, w.token, { role: 'admin' });
        await put(`/api/admin/users/${w.id}/role`, seed.admin, { role: 'user' });
      }
      expect((await me(seed.admin)).statusCode).toBe(200);
    });
  });

  describe('PUT /api/admin/users/:id/password', () => {
    it('needs a password of at least 6 characters', async () => {
      const w = await t.createWorker(seed.station);
      const cases: [unknown, string][] = [
        [{}, userMessages.resetRequired],
        [{ password: '' }, userMessages.resetRequired],
        [{ password: '12345' }, userMessages.newPasswordMin],
      ];
      await expectBadRequests((payload) => put(`/api/admin/users/${w.id}/password`, seed.admin, payload), cases);
    });

    it('resets the password, retires the user tokens, and 404s an unknown user', async () => {
      const w = await t.createWorker(seed.station);
      const res = await put(`/api/admin/users/${w.id}/password`, seed.admin, { password: 'reseteada' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Contraseña restablecida con éxito!' });
      expect((await put('/api/users/me/profile', w.token, { name: w.name, worker_id: w.worker_id })).statusCode).toBe(401);
      await expect(t.loginWorker(w.worker_id, 'reseteada', seed.station)).resolves.toBeTypeOf('string');
      await expect(t.loginWorker(w.worker_id, w.password, seed.station)).rejects.toThrow(/401/);

      const missing = await put('/api/admin/users/987654/password', seed.admin, { password: 'reseteada' });
      expect(missing.statusCode).toBe(404);
    });

    it('answers a newToken when the admin resets their own password', async () => {
      const w = await t.createWorker(seed.station);
      await put(`/api/admin/users/${w.id}/role`, seed.admin, { role: 'admin' });
      const res = await put(`/api/admin/users/${w.id}/password`, w.token, { password: 'propia-nueva' });
      expect(res.statusCode).toBe(200);
      const { newToken } = res.json();
      expect((await me(w.token)).statusCode).toBe(401);
      expect((await me(newToken)).statusCode).toBe(200);
      await put(`/api/admin/users/${w.id}/role`, seed.admin, { role: 'user' });
    });
  });

  describe('PUT /api/admin/users/:id/profile', () => {
    it('edits another user without a token, and answers 404 and 409', async () => {
      const w = await t.createWorker(seed.station);
      const other = await t.createWorker(seed.station);
      const newId = uniqueWorkerId('e');
      const res = await put(`/api/admin/users/${w.id}/profile`, seed.admin, { name: 'Editado Admin', worker_id: newId });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Perfil actualizado con éxito!' });
      const row = (await me(seed.admin)).json().find((u: { id: number }) => u.id === w.id);
      expect(row).toMatchObject({ name: 'Editado Admin', worker_id: newId });

      const dup = await put(`/api/admin/users/${w.id}/profile`, seed.admin, { name: 'X Y', worker_id: other.worker_id });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toEqual({ message: authMessages.duplicateWorkerId });
      const missing = await put('/api/admin/users/987654/profile', seed.admin, { name: 'Nadie', worker_id: 'nadie1' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: userMessages.userNotFound });
      const invalid = await put(`/api/admin/users/${w.id}/profile`, seed.admin, { name: '', worker_id: newId });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toEqual({ message: userMessages.profileRequired });
    });

    it('answers a newToken with the new claims when the admin edits themself', async () => {
      const adminId = await adminIdOf();
      const res = await put(`/api/admin/users/${adminId}/profile`, seed.admin, { name: 'Jefa de Planta', worker_id: ADMIN.worker_id });
      expect(res.statusCode).toBe(200);
      expect(claimsOf(res.json().newToken)).toMatchObject({ id: adminId, name: 'Jefa de Planta', role: 'admin' });
    });
  });

  describe('DELETE /api/admin/users/:id', () => {
    it('refuses to delete oneself (409) and an unknown id (404)', async () => {
      const self = await t.send(seed.admin, 'DELETE', `/api/admin/users/${await adminIdOf()}`);
      expect(self.statusCode).toBe(409);
      expect(self.json()).toEqual({ message: userMessages.deleteSelf });
      const missing = await t.send(seed.admin, 'DELETE', '/api/admin/users/987654');
      expect(missing.statusCode).toBe(404);
      const bad = await t.send(seed.admin, 'DELETE', '/api/admin/users/abc');
      expect(bad.statusCode).toBe(400);
    });

    it('deletes another admin, leaving the caller as the last admin', async () => {
      const w = await t.createWorker(seed.station);
      await put(`/api/admin/users/${w.id}/role`, seed.admin, { role: 'admin' });
      const res = await t.send(seed.admin, 'DELETE', `/api/admin/users/${w.id}`);
      expect(res.statusCode).toBe(200);
      const last = await put(`/api/admin/users/${await adminIdOf()}/role`, seed.admin, { role: 'user' });
      expect(last.statusCode).toBe(409);
    });

    it('keeps every record of the deleted user, removes their likes and ends their active stop', async () => {
      const gone = await t.createWorker(seed.station, 'Se Va');
      const stays = await t.createWorker(seed.station, 'Se Queda');
      const now = Date.now();
      const iso = (ms: number) => new Date(ms).toISOString();
      const day = iso(now).slice(0, 10);
      const naveId = (await t.db.selectFrom('naves').select('id').where('name', '=', 'Nave 1').executeTakeFirstOrThrow()).id;

      const tramo = await t.db
        .insertInto('tramos')
        .values({
          id_tramo: 'T-001',
          id_proyecto: 'P-001',
          id_circular: 'C-001',
          circular_fecha: day,
          descripcion: null,
          imagen: null,
          imagen_thumb: null,
          nave_id: naveId,
          arco_sumergido_id: seed.station.id,
          user_id: gone.id,
          created_at: iso(now),
          updated_at: iso(now),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const stop = (start: number, end: number | null) => ({
        user_id: gone.id,
        arco_sumergido_id: seed.station.id,
        date: day,
        start_time: iso(start),
        end_time: end === null ? null : iso(end),
        duration_minutes: end === null ? null : Math.round((end - start) / 60_000),
        description: null,
        created_at: iso(start),
        updated_at: iso(start),
      });
      const ended = await t.db
        .insertInto('paradas_kaiser')
        .values(stop(now - 3 * 3_600_000, now - 2 * 3_600_000))
        .returning('id')
        .executeTakeFirstOrThrow();
      const active = await t.db
        .insertInto('paradas_kaiser')
        .values(stop(now - 30 * 60_000, null))
        .returning('id')
        .executeTakeFirstOrThrow();
      const post = (userId: number, likes: number) => ({
        user_id: userId,
        arco_sumergido_id: seed.station.id,
        wall_name: 'Main',
        content: 'Hola a todos',
        image_path: null,
        image_thumb: null,
        like_count: likes,
        comment_count: 1,
        created_at: iso(now),
        updated_at: iso(now),
      });
      const ownPost = await t.db.insertInto('wall_posts').values(post(gone.id, 0)).returning('id').executeTakeFirstOrThrow();
      const likedPost = await t.db.insertInto('wall_posts').values(post(stays.id, 2)).returning('id').executeTakeFirstOrThrow();
      await t.db
        .insertInto('wall_likes')
        .values([
          { post_id: likedPost.id, user_id: gone.id, created_at: iso(now) },
          { post_id: likedPost.id, user_id: stays.id, created_at: iso(now) },
        ])
        .execute();
      const comment = await t.db
        .insertInto('wall_comments')
        .values({
          post_id: likedPost.id,
          user_id: gone.id,
          content: 'Buen trabajo',
          image_path: null,
          image_thumb: null,
          created_at: iso(now),
          updated_at: iso(now),
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      const res = await t.send(seed.admin, 'DELETE', `/api/admin/users/${gone.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: '¡Usuario eliminado exitosamente!' });

      expect(await t.db.selectFrom('users').select('id').where('id', '=', gone.id).executeTakeFirst()).toBeUndefined();
      const keptTramo = await t.db
        .selectFrom('tramos')
        .select(['user_id', 'id_tramo'])
        .where('id', '=', tramo.id)
        .executeTakeFirstOrThrow();
      expect(keptTramo).toEqual({ user_id: null, id_tramo: 'T-001' });
      const stops = await t.db
        .selectFrom('paradas_kaiser')
        .select(['id', 'user_id', 'end_time', 'duration_minutes'])
        .where('id', 'in', [ended.id, active.id])
        .orderBy('id')
        .execute();
      expect(stops).toHaveLength(2);
      expect(stops[0]).toEqual({ id: ended.id, user_id: null, end_time: iso(now - 2 * 3_600_000), duration_minutes: 60 });
      expect(stops[1].user_id).toBeNull();
      expect(stops[1].end_time).not.toBeNull();
      const endedAt = Date.parse(String(stops[1].end_time));
      expect(endedAt).toBeGreaterThanOrEqual(now);
      expect(stops[1].duration_minutes).toBe(Math.round((endedAt - (now - 30 * 60_000)) / 60_000));

      const posts = await t.db
        .selectFrom('wall_posts')
        .select(['id', 'user_id', 'like_count'])
        .where('id', 'in', [ownPost.id, likedPost.id])
        .orderBy('id')
        .execute();
      expect(posts).toEqual([
        { id: ownPost.id, user_id: null, like_count: 0 },
        { id: likedPost.id, user_id: stays.id, like_count: 1 },
      ]);
      const likes = await t.db.selectFrom('wall_likes').select('user_id').where('post_id', '=', likedPost.id).execute();
      expect(likes).toEqual([{ user_id: stays.id }]);
      const keptComment = await t.db.selectFrom('wall_comments').select('user_id').where('id', '=', comment.id).executeTakeFirstOrThrow();
      expect(keptComment.user_id).toBeNull();

      // The deleted user's token stops working at once, and the account cannot sign in.
      const withToken = await put('/api/users/me/profile', gone.token, { name: 'Se Va', worker_id: gone.worker_id });
      expect(withToken.statusCode).toBe(401);
      await expect(t.loginWorker(gone.worker_id, gone.password, seed.station)).rejects.toThrow(/401/);
      // The worker_id is free again.
      const reuse = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { worker_id: gone.worker_id, name: 'Nuevo', password: 'secreto123' },
      });
      expect(reuse.statusCode).toBe(201);
    });
  });
});
