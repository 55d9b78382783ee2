import type { AuditAction, AuditEntity } from '@portal/contract/audit';
import { beforeAll, describe, expect, it } from 'vitest';
import { pgUnavailable, useTestApp } from './helper';

// Every admin act and every change of credentials writes its audit row, in the write's transaction,
// and the history's filters find it (the web's filter options are AUDIT_ENTITIES and AUDIT_ACTIONS).

interface Entry {
  actor_id: number | null;
  entity: string;
  entity_id: number;
  action: string;
  changes: Record<string, { before: unknown; after: unknown }>;
}

describe.skipIf(pgUnavailable)('audit rows of admin acts and credential changes', () => {
  const t = useTestApp();
  let admin: string;
  let adminId: number;

  /** The rows the history shows for these filters, newest first. */
  const history = async (entity: AuditEntity, action: AuditAction, entityId: number): Promise<Entry[]> => {
    const res = await t.send(admin, 'GET', `/api/admin/audit?entity=${entity}&action=${action}&entity_id=${entityId}`);
    expect(res.statusCode).toBe(200);
    return res.json().items;
  };

  beforeAll(async () => {
    admin = await t.adminToken();
    adminId = (await t.db.selectFrom('users').select('id').where('worker_id', '=', 'admin').executeTakeFirstOrThrow()).id;
  });

  it('a worker changing their own password: the fact, never the value, by themself', async () => {
    const w = await t.createWorker(await t.createArco());
    const res = await t.send(w.token, 'PUT', '/api/users/me/password', { currentPassword: w.password, newPassword: 'otra-clave-9' });
    expect(res.statusCode).toBe(200);
    const rows = await history('user', 'password_change', w.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: w.id, changes: { password: { before: null, after: null } } });
    expect(JSON.stringify(rows[0])).not.toContain('otra-clave-9');
    // A wrong current password changes nothing and leaves no row.
    const token = res.json().newToken as string;
    expect(
      (await t.send(token, 'PUT', '/api/users/me/password', { currentPassword: 'mala', newPassword: 'otra-clave-8' })).statusCode,
    ).toBe(400);
    expect(await history('user', 'password_change', w.id)).toHaveLength(1);
  });

  it('an unlock of a worker’s logins', async () => {
    const w = await t.createWorker(await t.createArco());
    expect((await t.send(admin, 'POST', `/api/admin/users/${w.id}/unlock`)).statusCode).toBe(200);
    const rows = await history('user', 'unlock', w.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: adminId, entity_id: w.id });
  });

  it('device keys created and revoked: the fact, never the key', async () => {
    const arco = await t.createArco();
    const created = await t.send(admin, 'POST', `/api/admin/arcos-sumergidos/${arco.id}/machine/key`);
    expect(created.statusCode).toBe(201);
    expect((await t.send(admin, 'DELETE', `/api/admin/arcos-sumergidos/${arco.id}/machine/key`)).statusCode).toBe(200);
    const made = await history('arco', 'key_create', arco.id);
    const revoked = await history('arco', 'key_revoke', arco.id);
    expect(made).toHaveLength(1);
    expect(revoked).toHaveLength(1);
    expect(made[0]).toMatchObject({ actor_id: adminId, changes: { device_key: { before: null, after: null } } });
    expect(revoked[0]).toMatchObject({ actor_id: adminId });
    expect(JSON.stringify(made)).not.toContain(created.json().key);
  });

  it('topic bindings, with the topic before and after', async () => {
    const arco = await t.createArco();
    const bind = (topic: string | null) => t.send(admin, 'PUT', `/api/admin/arcos-sumergidos/${arco.id}/machine`, { topic });
    expect((await bind(`planta/auditada-${arco.id}/estado`)).statusCode).toBe(200);
    expect((await bind(`planta/auditada-${arco.id}/estado`)).statusCode).toBe(200);
    expect((await bind(null)).statusCode).toBe(200);
    const rows = (await history('arco', 'binding', arco.id)).reverse();
    // Binding the same topic again is no change.
    expect(rows.map((r) => r.changes.topic)).toEqual([
      { before: null, after: `planta/auditada-${arco.id}/estado` },
      { before: `planta/auditada-${arco.id}/estado`, after: null },
    ]);
    expect(rows.every((r) => r.actor_id === adminId)).toBe(true);
  });

  it('motivos created and changed', async () => {
    const created = await t.send(admin, 'POST', '/api/admin/motivos', { name: 'Motivo auditado' });
    expect(created.statusCode).toBe(201);
    const id = created.json().motivo.id as number;
    expect((await t.send(admin, 'PUT', `/api/admin/motivos/${id}`, { name: 'Motivo renombrado', active: false })).statusCode).toBe(200);
    expect(await history('motivo', 'create', id)).toMatchObject([
      { actor_id: adminId, changes: { name: { before: null, after: 'Motivo auditado' } } },
    ]);
    expect(await history('motivo', 'update', id)).toMatchObject([
      {
        actor_id: adminId,
        changes: { name: { before: 'Motivo auditado', after: 'Motivo renombrado' }, active: { before: true, after: false } },
      },
    ]);
    // A refused change (a name taken) leaves no row.
    await t.send(admin, 'POST', '/api/admin/motivos', { name: 'Otro motivo' });
    expect((await t.send(admin, 'PUT', `/api/admin/motivos/${id}`, { name: 'Otro motivo' })).statusCode).toBe(409);
    expect(await history('motivo', 'update', id)).toHaveLength(1);
  });

  it('planned hours: the retired write records nothing', async () => {
    expect((await t.send(admin, 'PUT', '/api/admin/downtime/planned-hours', { hours: [8, 8, 8, 8, 6.5, 0, 0] })).statusCode).toBe(410);
    const res = await t.send(admin, 'GET', '/api/admin/audit?entity=planned_hours');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([]);
  });

  it('naves and arcos created, changed and deleted', async () => {
    const nave = await t.send(admin, 'POST', '/api/admin/naves', { name: 'Nave Auditada' });
    expect(nave.statusCode).toBe(201);
    const naveId = nave.json().id as number;
    expect((await t.send(admin, 'PUT', `/api/admin/naves/${naveId}`, { name: 'Nave Revisada' })).statusCode).toBe(200);
    const arco = await t.send(admin, 'POST', '/api/admin/arcos-sumergidos', { name: 'Arco Auditado', nave: 'Nave Revisada' });
    expect(arco.statusCode).toBe(201);
    const arcoId = arco.json().id as number;
    expect(
      (await t.send(admin, 'PUT', `/api/admin/arcos-sumergidos/${arcoId}`, { name: 'Arco Revisado', nave: 'Nave Revisada' })).statusCode,
    ).toBe(200);
    // A nave with stations is kept: refused, no row.
    expect((await t.send(admin, 'DELETE', `/api/admin/naves/${naveId}`)).statusCode).toBe(409);
    expect((await t.send(admin, 'DELETE', `/api/admin/arcos-sumergidos/${arcoId}`)).statusCode).toBe(200);
    expect((await t.send(admin, 'DELETE', `/api/admin/naves/${naveId}`)).statusCode).toBe(200);

    expect(await history('arco', 'create', arcoId)).toMatchObject([
      { actor_id: adminId, changes: { name: { after: 'Arco Auditado' }, nave: { after: 'Nave Revisada' } } },
    ]);
    expect(await history('arco', 'update', arcoId)).toMatchObject([
      { changes: { name: { before: 'Arco Auditado', after: 'Arco Revisado' } } },
    ]);
    expect(await history('arco', 'delete', arcoId)).toMatchObject([
      { actor_id: adminId, changes: { name: { before: 'Arco Revisado', after: null } } },
    ]);
    expect(await history('nave', 'create', naveId)).toMatchObject([{ actor_id: adminId, changes: { name: { after: 'Nave Auditada' } } }]);
    expect(await history('nave', 'update', naveId)).toMatchObject([
      { changes: { name: { before: 'Nave Auditada', after: 'Nave Revisada' } } },
    ]);
    expect(await history('nave', 'delete', naveId)).toHaveLength(1);
  });

  it('a worker ID or name changed by the account itself or by an admin', async () => {
    const w = await t.createWorker(await t.createArco());
    const own = await t.send(w.token, 'PUT', '/api/users/me/profile', { name: 'Nombre Propio', worker_id: w.worker_id });
    expect(own.statusCode).toBe(200);
    const renamed = `${w.worker_id}b`;
    expect((await t.send(admin, 'PUT', `/api/admin/users/${w.id}/profile`, { name: 'Nombre Propio', worker_id: renamed })).statusCode).toBe(
      200,
    );
    const rows = (await history('user', 'update', w.id)).reverse();
    expect(rows).toMatchObject([
      { actor_id: w.id, changes: { name: { before: 'Trabajador Prueba', after: 'Nombre Propio' } } },
      { actor_id: adminId, changes: { worker_id: { before: w.worker_id, after: renamed } } },
    ]);
    expect(rows[0].changes.worker_id).toBeUndefined();
  });

  it("an admin's moderation of a worker's wall post and comment; an author's own edits write none", async () => {
    const w = await t.createWorker(await t.createArco());
    const post = (await t.sendForm(w.token, 'POST', '/api/wall/posts', { content: 'Publicación original' })).json().post.id as number;
    const comment = (await t.sendForm(w.token, 'POST', `/api/wall/posts/${post}/comments`, { content: 'Comentario original' })).json()
      .comment.id as number;
    // The author edits their own post: not moderation.
    expect((await t.sendForm(w.token, 'PUT', `/api/wall/posts/${post}`, { content: 'Editada por su autor' })).statusCode).toBe(200);
    expect(await history('post', 'update', post)).toEqual([]);

    expect((await t.sendForm(admin, 'PUT', `/api/wall/posts/${post}`, { content: 'Moderada' })).statusCode).toBe(200);
    expect(await history('post', 'update', post)).toMatchObject([
      { actor_id: adminId, changes: { content: { before: 'Editada por su autor', after: 'Moderada' } } },
    ]);
    expect(
      (await t.sendForm(admin, 'PUT', `/api/wall/posts/${post}/comments/${comment}`, { content: 'Comentario moderado' })).statusCode,
    ).toBe(200);
    expect(await history('comment', 'update', comment)).toMatchObject([
      { actor_id: adminId, changes: { content: { before: 'Comentario original', after: 'Comentario moderado' } } },
    ]);
    expect((await t.send(admin, 'DELETE', `/api/wall/posts/${post}/comments/${comment}`)).statusCode).toBe(200);
    expect(await history('comment', 'delete', comment)).toMatchObject([
      { actor_id: adminId, changes: { content: { before: 'Comentario moderado' } } },
    ]);
    expect((await t.send(admin, 'DELETE', `/api/wall/posts/${post}`)).statusCode).toBe(200);
    expect(await history('post', 'delete', post)).toMatchObject([
      { actor_id: adminId, changes: { content: { before: 'Moderada', after: null } } },
    ]);
  });
});
