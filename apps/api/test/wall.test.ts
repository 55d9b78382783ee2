import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type FormFiles, pgUnavailable, useSeed, useTestApp } from './helper';

const png = (color = '#c0392b') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();

describe.skipIf(pgUnavailable)('wall', () => {
  const t = useTestApp();
  const seed = useSeed(t, {
    arcos: { stationA: 'Arco A', stationB: ['Arco B', 'Nave 2'] },
    workers: { ana: ['stationA', 'Ana'], beto: ['stationA', 'Beto'], carla: ['stationB', 'Carla'] },
  });

  /** The form's optional image, as a PNG file of the given name. */
  const imageFile = (filename: string, image?: Buffer): FormFiles => (image ? { image: { data: image, filename, type: 'image/png' } } : {});
  const post = (token: string, fields: Record<string, string | undefined>, image?: Buffer) =>
    t.sendForm(token, 'POST', '/api/wall/posts', fields, imageFile('foto.png', image));
  const comment = (token: string, postId: number | string, fields: Record<string, string | undefined>, image?: Buffer) =>
    t.sendForm(token, 'POST', `/api/wall/posts/${postId}/comments`, fields, imageFile('c.png', image));
  const put = (token: string, url: string, fields: Record<string, string | undefined>, image?: Buffer) =>
    t.sendForm(token, 'PUT', url, fields, imageFile('n.png', image));
  const get = (token: string, url: string) => t.send(token, 'GET', url);
  const del = (token: string, url: string) => t.send(token, 'DELETE', url);
  const likeIt = (token: string, id: number) => t.send(token, 'POST', `/api/wall/posts/${id}/like`);
  const unlikeIt = (token: string, id: number) => t.send(token, 'DELETE', `/api/wall/posts/${id}/like`);
  const postRow = (id: number) => t.db.selectFrom('wall_posts').selectAll().where('id', '=', id).executeTakeFirst();
  async function newPost(token: string, content = 'Hola equipo del turno') {
    const res = await post(token, { content });
    expect(res.statusCode).toBe(201);
    return res.json().post.id as number;
  }

  describe('post rules', () => {
    it.each([
      [{}, 'El contenido o una imagen son requeridos para la publicación.'],
      [{ content: '    ' }, 'El contenido o una imagen son requeridos para la publicación.'],
      [{ content: 'x'.repeat(501) }, 'El contenido de la publicación no puede exceder los 500 caracteres.'],
      [{ content: 'hola' }, 'El contenido de la publicación debe tener al menos 5 caracteres si no hay imagen.'],
      [{ content: 'hola', wall_name: 'w'.repeat(51) }, 'El nombre del muro no puede exceder los 50 caracteres.'],
    ])('refuses %j with its message', async (fields, message) => {
      const before = await t.countRows('wall_posts');
      const res = await post(seed.ana.token, fields as Record<string, string>);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
      expect(await t.countRows('wall_posts')).toBe(before);
    });

    it('accepts exactly 500 characters and short content with an image', async () => {
      expect((await post(seed.ana.token, { content: 'y'.repeat(500) })).statusCode).toBe(201);
      const res = await post(seed.ana.token, { content: 'ok' }, await png());
      expect(res.statusCode).toBe(201);
      const created = res.json().post;
      expect(created.image_path).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
      expect(created.image_thumb).toMatch(/^\/uploads\/[0-9a-f-]{36}_thumb\.webp$/);
      const onlyImage = await post(seed.ana.token, {}, await png('#2980b9'));
      expect(onlyImage.statusCode).toBe(201);
      expect(onlyImage.json().post.content).toBe('');
    });

    it('refuses a file that is not an image with 415 and stores nothing', async () => {
      const files = t.uploadedFiles();
      const res = await post(seed.ana.token, { content: 'con un archivo raro' }, Buffer.from('not an image at all'));
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('El archivo debe ser una imagen JPEG, PNG o WebP.');
      expect(t.uploadedFiles()).toEqual(files);
    });

    it('takes the station from the token and the author name from the user', async () => {
      const res = await post(seed.beto.token, { content: 'Turno de noche listo', wall_name: '' });
      expect(res.statusCode).toBe(201);
      const p = res.json().post;
      expect(p).toMatchObject({
        user_id: seed.beto.id,
        user_name: 'Beto',
        arco_sumergido_id: seed.stationA.id,
        wall_name: 'Main',
        content: 'Turno de noche listo',
        like_count: 0,
        comment_count: 0,
        is_liked_by_current_user: false,
      });
      expect(new Date(p.timestamp).toISOString()).toBe(p.timestamp);
    });

    it('needs a session', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/wall/posts' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('stations', () => {
    it('a worker of station A cannot read or post on station B (403)', async () => {
      const read = await get(seed.ana.token, `/api/wall/posts?arco_sumergido_id=${seed.stationB.id}`);
      expect(read.statusCode).toBe(403);
      expect(read.json().message).toBe('No puedes acceder al muro de otro arco sumergido.');
      const write = await post(seed.ana.token, { content: 'Mensaje intruso', arco_sumergido_id: String(seed.stationB.id) });
      expect(write.statusCode).toBe(403);
    });

    it('a worker sees only their station; an admin sees all or the asked one', async () => {
      const onB = await newPost(seed.carla.token, 'Solo para el arco B');
      const onA = await newPost(seed.ana.token, 'Solo para el arco A');
      const anaView = (await get(seed.ana.token, '/api/wall/posts?limit=100')).json() as { id: number; arco_sumergido_id: number }[];
      expect(anaView.map((p) => p.id)).toContain(onA);
      expect(anaView.map((p) => p.id)).not.toContain(onB);
      expect(anaView.every((p) => p.arco_sumergido_id === seed.stationA.id)).toBe(true);
      const own = await get(seed.carla.token, `/api/wall/posts?arco_sumergido_id=${seed.stationB.id}`);
      expect(own.statusCode).toBe(200);
      expect(own.json().map((p: { id: number }) => p.id)).toEqual([onB]);

      const all = (await get(seed.admin, '/api/wall/posts?limit=100')).json().map((p: { id: number }) => p.id);
      expect(all).toEqual(expect.arrayContaining([onA, onB]));
      const onlyB = (await get(seed.admin, `/api/wall/posts?arco_sumergido_id=${seed.stationB.id}`))
        .json()
        .map((p: { id: number }) => p.id);
      expect(onlyB).toEqual([onB]);
    });

    it('walls other than Main are separate', async () => {
      const res = await post(seed.ana.token, { content: 'En el muro de seguridad', wall_name: 'Seguridad' });
      const id = res.json().post.id;
      const main = (await get(seed.beto.token, '/api/wall/posts?limit=100')).json().map((p: { id: number }) => p.id);
      expect(main).not.toContain(id);
      const seg = (await get(seed.beto.token, '/api/wall/posts?wall_name=Seguridad')).json().map((p: { id: number }) => p.id);
      expect(seg).toEqual([id]);
    });

    it('a worker cannot like or comment a post of another station', async () => {
      const onB = await newPost(seed.carla.token, 'Otra publicación B');
      expect((await likeIt(seed.ana.token, onB)).statusCode).toBe(403);
      expect((await comment(seed.ana.token, onB, { content: 'hola' })).statusCode).toBe(403);
      expect((await get(seed.ana.token, `/api/wall/posts/${onB}/comments`)).statusCode).toBe(403);
    });
  });

  describe('likes', () => {
    it('two users liking at the same time give like_count 2, liking twice counts once', async () => {
      const id = await newPost(seed.ana.token);
      const [r1, r2] = await Promise.all([likeIt(seed.ana.token, id), likeIt(seed.beto.token, id)]);
      expect(r1.statusCode).toBe(200);
      expect(r2.statusCode).toBe(200);
      expect((await postRow(id))?.like_count).toBe(2);
      const again = await likeIt(seed.ana.token, id);
      expect(again.json()).toMatchObject({ like_count: 2, is_liked_by_current_user: true });
      const rows = await t.db.selectFrom('wall_likes').selectAll().where('post_id', '=', id).execute();
      expect(rows).toHaveLength(2);
    });

    it('is_liked_by_current_user differs per caller', async () => {
      const id = await newPost(seed.ana.token, 'Solo Beto le da me gusta');
      await likeIt(seed.beto.token, id);
      const find = async (token: string) => (await get(token, '/api/wall/posts?limit=100')).json().find((p: { id: number }) => p.id === id);
      expect(await find(seed.beto.token)).toMatchObject({ like_count: 1, is_liked_by_current_user: true });
      expect(await find(seed.ana.token)).toMatchObject({ like_count: 1, is_liked_by_current_user: false });
    });

    it('unliking removes one like; unliking without a like answers 200 and changes nothing', async () => {
      const id = await newPost(seed.ana.token);
      await likeIt(seed.ana.token, id);
      await likeIt(seed.beto.token, id);
      const res = await unlikeIt(seed.ana.token, id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ like_count: 1, is_liked_by_current_user: false });
      const again = await unlikeIt(seed.ana.token, id);
      expect(again.statusCode).toBe(200);
      expect((await postRow(id))?.like_count).toBe(1);
    });

    it('liking a missing post is 404, a bad id 400', async () => {
      expect((await likeIt(seed.ana.token, 999999)).statusCode).toBe(404);
      const bad = await t.send(seed.ana.token, 'POST', '/api/wall/posts/abc/like');
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('comments', () => {
    it.each([
      [{}, 'El comentario o una imagen son requeridos.'],
      [{ content: 'x'.repeat(251) }, 'El comentario no puede exceder los 250 caracteres.'],
      [{ content: 'x' }, 'El comentario debe tener al menos 2 caracteres si no hay imagen.'],
    ])('refuses %j with its message', async (fields, message) => {
      const id = await newPost(seed.ana.token);
      const res = await comment(seed.beto.token, id, fields as Record<string, string>);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
      expect((await postRow(id))?.comment_count).toBe(0);
    });

    it('adds comments oldest first and keeps comment_count exact', async () => {
      const id = await newPost(seed.ana.token);
      expect((await comment(seed.beto.token, id, { content: 'ok' })).statusCode).toBe(201);
      const withImage = await comment(seed.ana.token, id, { content: 'x' }, await png());
      expect(withImage.statusCode).toBe(201);
      expect(withImage.json().comment.image_path).toMatch(/^\/uploads\//);
      const list = (await get(seed.ana.token, `/api/wall/posts/${id}/comments`)).json();
      expect(list.map((c: { user_name: string; content: string }) => [c.user_name, c.content])).toEqual([
        ['Beto', 'ok'],
        ['Ana', 'x'],
      ]);
      expect((await postRow(id))?.comment_count).toBe(2);
      const del1 = await del(seed.beto.token, `/api/wall/posts/${id}/comments/${list[0].id}`);
      expect(del1.statusCode).toBe(200);
      expect((await postRow(id))?.comment_count).toBe(1);
    });

    it('commenting a missing post is 404', async () => {
      expect((await comment(seed.ana.token, 999999, { content: 'hola' })).statusCode).toBe(404);
    });

    it('the admin list holds every comment, newest first, paged', async () => {
      const id = await newPost(seed.carla.token, 'Para comentarios del admin');
      const c1 = (await comment(seed.carla.token, id, { content: 'primero' })).json().comment.id;
      const c2 = (await comment(seed.carla.token, id, { content: 'segundo' })).json().comment.id;
      const page = (await get(seed.admin, '/api/wall/comments?limit=1')).json();
      expect(page.map((c: { id: number }) => c.id)).toEqual([c2]);
      expect(page[0]).toMatchObject({ post_id: id, user_name: 'Carla', content: 'segundo', image_path: null });
      expect(typeof page[0].timestamp).toBe('string');
      const next = (await get(seed.admin, `/api/wall/comments?limit=1&before=${c2}`)).json();
      expect(next.map((c: { id: number }) => c.id)).toEqual([c1]);
      expect((await get(seed.ana.token, '/api/wall/comments')).statusCode).toBe(403);
    });
  });

  describe('authorship', () => {
    it('a user cannot edit or delete another user\u2019s post or comment (403)', async () => {
      const id = await newPost(seed.ana.token, 'Publicación de Ana');
      const c = (await comment(seed.ana.token, id, { content: 'comentario de Ana' })).json().comment.id;
      expect((await put(seed.beto.token, `/api/wall/posts/${id}`, { content: 'Editado por Beto' })).statusCode).toBe(403);
      expect((await del(seed.beto.token, `/api/wall/posts/${id}`)).statusCode).toBe(403);
      expect((await put(seed.beto.token, `/api/wall/posts/${id}/comments/${c}`, { content: 'cambio' })).statusCode).toBe(403);
      expect((await del(seed.beto.token, `/api/wall/posts/${id}/comments/${c}`)).statusCode).toBe(403);
      expect((await postRow(id))?.content).toBe('Publicación de Ana');
      expect((await postRow(id))?.comment_count).toBe(1);
    });

    it('the author edits their post with the user rules; the admin with the admin rules', async () => {
      const id = await newPost(seed.ana.token, 'Texto original');
      const short = await put(seed.ana.token, `/api/wall/posts/${id}`, { content: 'abc' });
      expect(short.json()).toEqual({ message: 'El contenido de la publicación debe tener al menos 5 caracteres si no hay imagen.' });
      const ok = await put(seed.ana.token, `/api/wall/posts/${id}`, { content: 'Texto corregido' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().post).toMatchObject({ content: 'Texto corregido', wall_name: 'Main' });
      const empty = await put(seed.admin, `/api/wall/posts/${id}`, { content: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ message: 'El contenido de la publicación no puede estar vacío.' });
      const long = await put(seed.admin, `/api/wall/posts/${id}`, { content: 'x'.repeat(501) });
      expect(long.json()).toEqual({ message: 'El contenido de la publicación no puede exceder los 500 caracteres.' });
      const byAdmin = await put(seed.admin, `/api/wall/posts/${id}`, { content: 'abc', wall_name: 'Main' });
      expect(byAdmin.statusCode).toBe(200);
      expect((await postRow(id))?.content).toBe('abc');
      expect((await put(seed.admin, '/api/wall/posts/999999', { content: 'nada' })).statusCode).toBe(404);
    });

    it('a new image replaces the old files', async () => {
      const res = await post(seed.ana.token, { content: 'con foto' }, await png());
      const old = res.json().post;
      const files = t.uploadedFiles();
      const upd = await put(seed.ana.token, `/api/wall/posts/${old.id}`, { content: 'con otra foto' }, await png('#27ae60'));
      expect(upd.statusCode).toBe(200);
      const now = t.uploadedFiles();
      expect(now).not.toContain(old.image_path.slice('/uploads/'.length));
      expect(now).not.toContain(old.image_thumb.slice('/uploads/'.length));
      expect(now).toContain(upd.json().post.image_path.slice('/uploads/'.length));
      expect(now).toHaveLength(files.length);
      // Without a new file the image stays, and with an image empty content is accepted for the admin.
      const keep = await put(seed.admin, `/api/wall/posts/${old.id}`, { content: '' });
      expect(keep.statusCode).toBe(200);
      expect(keep.json().post.image_path).toBe(upd.json().post.image_path);
    });

    it('comment edits: author rules, admin rules, and the :postId quirk', async () => {
      const id = await newPost(seed.ana.token);
      const other = await newPost(seed.ana.token);
      const c = (await comment(seed.ana.token, id, { content: 'primera versión' })).json().comment.id;
      expect((await put(seed.ana.token, `/api/wall/posts/${id}/comments/${c}`, { content: 'x' })).json()).toEqual({
        message: 'El comentario debe tener al menos 2 caracteres si no hay imagen.',
      });
      const ok = await put(seed.ana.token, `/api/wall/posts/${id}/comments/${c}`, { content: 'segunda versión' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().comment.content).toBe('segunda versión');
      expect((await put(seed.admin, `/api/wall/posts/${id}/comments/${c}`, { content: '' })).json()).toEqual({
        message: 'El contenido del comentario no puede estar vacío.',
      });
      expect((await put(seed.admin, `/api/wall/posts/${id}/comments/${c}`, { content: 'x'.repeat(251) })).json()).toEqual({
        message: 'El contenido del comentario no puede exceder los 250 caracteres.',
      });
      const quirk = await put(seed.admin, `/api/wall/posts/:postId/comments/${c}`, { content: 'v' });
      expect(quirk.statusCode).toBe(200);
      // A number that is not the comment's post is 404, for edits and deletes.
      expect((await put(seed.admin, `/api/wall/posts/${other}/comments/${c}`, { content: 'nope' })).statusCode).toBe(404);
      expect((await del(seed.admin, `/api/wall/posts/${other}/comments/${c}`)).statusCode).toBe(404);
      const gone = await del(seed.admin, `/api/wall/posts/:postId/comments/${c}`);
      expect(gone.statusCode).toBe(200);
      expect(gone.json()).toEqual({ message: 'Comentario eliminado con éxito!' });
      expect((await postRow(id))?.comment_count).toBe(0);
      expect((await del(seed.admin, `/api/wall/posts/:postId/comments/${c}`)).statusCode).toBe(404);
    });

    it('a deleted author shows as Usuario eliminado', async () => {
      const tmp = await t.createWorker(seed.stationA, 'Temporal');
      const id = await newPost(tmp.token, 'Me voy de la empresa');
      await comment(tmp.token, id, { content: 'adiós' });
      await t.db.deleteFrom('wall_likes').where('user_id', '=', tmp.id).execute();
      await t.db.deleteFrom('users').where('id', '=', tmp.id).execute();
      const p = (await get(seed.ana.token, '/api/wall/posts?limit=100')).json().find((x: { id: number }) => x.id === id);
      expect(p).toMatchObject({ user_name: 'Usuario eliminado', user_id: null });
      const cs = (await get(seed.ana.token, `/api/wall/posts/${id}/comments`)).json();
      expect(cs[0].user_name).toBe('Usuario eliminado');
    });
  });

  describe('deleting a post', () => {
    it('removes its comments, likes and every image file, and nothing else', async () => {
      const keep = await post(seed.beto.token, { content: 'Esta se queda' }, await png('#8e44ad'));
      const keepId = keep.json().post.id;
      await comment(seed.ana.token, keepId, { content: 'comentario que se queda' }, await png('#16a085'));
      await likeIt(seed.ana.token, keepId);

      const doomed = (await post(seed.ana.token, { content: 'Esta se va' }, await png())).json().post;
      await comment(seed.beto.token, doomed.id, { content: 'con imagen' }, await png('#f39c12'));
      await comment(seed.ana.token, doomed.id, { content: 'sin imagen' });
      await likeIt(seed.beto.token, doomed.id);
      const doomedComments = await t.db.selectFrom('wall_comments').selectAll().where('post_id', '=', doomed.id).execute();
      const doomedFiles = [doomed.image_path, doomed.image_thumb, ...doomedComments.flatMap((c) => [c.image_path, c.image_thumb])]
        .filter((p): p is string => !!p)
        .map((p) => p.slice('/uploads/'.length));
      expect(doomedFiles).toHaveLength(4);
      const before = t.uploadedFiles();
      const keepCommentsBefore = await t.db.selectFrom('wall_comments').selectAll().where('post_id', '<>', doomed.id).execute();
      const likesBefore = await t.db.selectFrom('wall_likes').selectAll().where('post_id', '<>', doomed.id).execute();

      const res = await del(seed.ana.token, `/api/wall/posts/${doomed.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Publicación eliminada con éxito!' });

      expect(await postRow(doomed.id)).toBeUndefined();
      expect(await t.db.selectFrom('wall_comments').selectAll().where('post_id', '=', doomed.id).execute()).toEqual([]);
      expect(await t.db.selectFrom('wall_likes').selectAll().where('post_id', '=', doomed.id).execute()).toEqual([]);
      expect(t.uploadedFiles()).toEqual(before.filter((f) => !doomedFiles.includes(f)));
      expect(await t.db.selectFrom('wall_comments').selectAll().where('post_id', '<>', doomed.id).execute()).toEqual(keepCommentsBefore);
      expect(await t.db.selectFrom('wall_likes').selectAll().where('post_id', '<>', doomed.id).execute()).toEqual(likesBefore);
      expect((await postRow(keepId))?.like_count).toBe(1);
      expect((await del(seed.ana.token, `/api/wall/posts/${doomed.id}`)).statusCode).toBe(404);
    });

    it('the admin may delete any post', async () => {
      const id = await newPost(seed.carla.token, 'El admin la borra');
      expect((await del(seed.admin, `/api/wall/posts/${id}`)).statusCode).toBe(200);
      expect(await postRow(id)).toBeUndefined();
    });
  });

  describe('paging', () => {
    it('pages newest first with limit and before, and bounds the limit', async () => {
      const station = await t.createArco('Arco paginado');
      const w = await t.createWorker(station, 'Paginador');
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) ids.push(await newPost(w.token, `Publicación número ${i}`));
      const first = (await get(w.token, '/api/wall/posts?limit=2')).json().map((p: { id: number }) => p.id);
      expect(first).toEqual([ids[4], ids[3]]);
      const second = (await get(w.token, `/api/wall/posts?limit=2&before=${first[1]}`)).json().map((p: { id: number }) => p.id);
      expect(second).toEqual([ids[2], ids[1]]);
      const last = (await get(w.token, `/api/wall/posts?limit=2&before=${second[1]}`)).json().map((p: { id: number }) => p.id);
      expect(last).toEqual([ids[0]]);
      expect((await get(w.token, '/api/wall/posts')).json()).toHaveLength(5);
      for (const bad of ['0', '101', 'abc', '-1']) {
        const res = await get(w.token, `/api/wall/posts?limit=${bad}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('El límite debe ser un número entero entre 1 y 100.');
      }
      expect((await get(w.token, '/api/wall/posts?before=abc')).statusCode).toBe(400);
    });

    it('defaults to 20 posts', async () => {
      const station = await t.createArco('Arco lleno');
      const w = await t.createWorker(station, 'Muchos');
      for (let i = 0; i < 22; i++) await newPost(w.token, `Mensaje en serie ${i}`);
      expect((await get(w.token, '/api/wall/posts')).json()).toHaveLength(20);
      expect((await get(w.token, '/api/wall/posts?limit=100')).json()).toHaveLength(22);
    });
  });
});
