import { pagingMessages } from '@portal/contract/paging';
import { userMessages } from '@portal/contract/users';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadRequests, pgUnavailable, type TestArco, useSeed, useTestApp } from './helper';

// The admin lists page, filter and sort on the server (docs/decisions/018-admin-lists-at-scale.md).
// Rows are seeded straight in the database on a fixed calendar, then read through the real routes.

interface PageBody<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

describe.skipIf(pgUnavailable)('admin lists: paging, filters and sorting', () => {
  const t = useTestApp();
  const seed = useSeed(t, {
    arcos: { a: ['Arco Listas A', 'Nave 1'], b: ['Arco Listas B', 'Nave 2'] },
    workers: { w1: ['a', 'Ana Soldadora'], w2: ['b', 'Bruno Operario'] },
  });
  let nave2Id: number;

  const day = (i: number) => new Date(Date.UTC(2026, 2, 2) + (i % 30) * 86_400_000).toISOString().slice(0, 10);
  const at = (i: number, minutes = 0) => new Date(Date.UTC(2026, 2, 2, 9) + (i % 30) * 86_400_000 + (i + minutes) * 60_000).toISOString();

  async function get<T>(url: string, token = seed.admin): Promise<PageBody<T>> {
    const res = await t.send(token, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  beforeAll(async () => {
    nave2Id = (await t.db.selectFrom('naves').select('id').where('name', '=', 'Nave 2').executeTakeFirstOrThrow()).id;
    const naveOf = async (arco: TestArco) =>
      (await t.db.selectFrom('arcos_sumergidos').select('nave_id').where('id', '=', arco.id).executeTakeFirstOrThrow()).nave_id;
    const nave1Id = await naveOf(seed.a);

    // 60 stops: even ones by w1 at A, odd ones by w2 at B; the last one (59) still running.
    await t.db
      .insertInto('paradas_kaiser')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          user_id: i % 2 ? seed.w2.id : seed.w1.id,
          arco_sumergido_id: i % 2 ? seed.b.id : seed.a.id,
          date: day(i),
          start_time: at(i),
          end_time: i === 59 ? null : at(i, 5 + i),
          duration_minutes: i === 59 ? null : 5 + i,
          description: null,
          created_at: at(i),
          updated_at: at(i),
        })),
      )
      .execute();
    // 30 tramos: every third at B; ids carry the index.
    await t.db
      .insertInto('tramos')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          id_tramo: `TR-${String(i).padStart(3, '0')}`,
          id_proyecto: i === 7 ? 'PROYECTO-ESPECIAL' : `PRJ-${i % 4}`,
          id_circular: `CIRC-${i}`,
          circular_fecha: day(i),
          descripcion: null,
          imagen: null,
          imagen_thumb: null,
          nave_id: i % 3 === 0 ? nave2Id : nave1Id,
          arco_sumergido_id: i % 3 === 0 ? seed.b.id : seed.a.id,
          user_id: i % 2 ? seed.w2.id : seed.w1.id,
          created_at: at(i),
          updated_at: at(i),
        })),
      )
      .execute();
    // 30 posts: even ones by w1 at A; post 4 mentions "soldadura"; like_count = i.
    const posts = await t.db
      .insertInto('wall_posts')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          user_id: i % 2 ? seed.w2.id : seed.w1.id,
          arco_sumergido_id: i % 2 ? seed.b.id : seed.a.id,
          wall_name: 'Main',
          content: i === 4 ? 'Revisad la soldadura del tramo' : `Publicación ${i}`,
          image_path: null,
          image_thumb: null,
          like_count: i,
          comment_count: 0,
          created_at: at(i),
          updated_at: at(i),
        })),
      )
      .returning('id')
      .execute();
    // Two comments on each of the first ten posts, by the other worker.
    await t.db
      .insertInto('wall_comments')
      .values(
        posts.slice(0, 10).flatMap((p, i) =>
          [0, 1].map((k) => ({
            post_id: p.id,
            user_id: i % 2 ? seed.w1.id : seed.w2.id,
            content: k ? 'De acuerdo' : `Comentario ${i}`,
            image_path: null,
            image_thumb: null,
            created_at: at(i, k),
            updated_at: at(i, k),
          })),
        ),
      )
      .execute();
  });

  describe('paradas', () => {
    const url = '/api/admin/lists/paradas';
    it('first page: 25 newest of all, with the total from the rollup', async () => {
      const page = await get<{ id: number; date: string; start_time: string }>(url);
      expect(page.total).toBe(60);
      expect(page.page).toBe(1);
      expect(page.pageSize).toBe(25);
      expect(page.items).toHaveLength(25);
      const keys = page.items.map((p) => `${p.date} ${p.start_time}`);
      expect(keys).toEqual([...keys].sort().reverse());
    });

    it('page sizes 50 and 100, and the second page continues the first', async () => {
      const p50 = await get<{ id: number }>(`${url}?pageSize=50`);
      expect(p50.items).toHaveLength(50);
      const p100 = await get<{ id: number }>(`${url}?pageSize=100`);
      expect(p100.items).toHaveLength(60);
      const second = await get<{ id: number }>(`${url}?page=2&pageSize=25`);
      expect(second.items.map((p) => p.id)).toEqual(p100.items.slice(25, 50).map((p) => p.id));
      const third = await get<{ id: number }>(`${url}?page=3`);
      expect(third.items).toHaveLength(10);
      // Past the end: no row to carry the total, which still comes.
      expect(await get(`${url}?page=9`)).toMatchObject({ items: [], total: 60 });
    });

    it('filters by station, nave, worker, running only and dates, each with its own total', async () => {
      const byArco = await get<{ arco_sumergido_id: number }>(`${url}?arco_sumergido_id=${seed.a.id}&pageSize=100`);
      expect(byArco.total).toBe(30);
      expect(byArco.items.every((p) => p.arco_sumergido_id === seed.a.id)).toBe(true);
      const byNave = await get<{ arco_sumergido_id: number }>(`${url}?nave_id=${nave2Id}&pageSize=100`);
      expect(byNave.total).toBe(30);
      expect(byNave.items.every((p) => p.arco_sumergido_id === seed.b.id)).toBe(true);
      const byWorker = await get<{ user_id: number }>(`${url}?user_id=${seed.w1.id}`);
      expect(byWorker.total).toBe(30);
      expect(byWorker.items.every((p) => p.user_id === seed.w1.id)).toBe(true);
      const active = await get<{ end_time: string | null }>(`${url}?active=true`);
      expect(active.total).toBe(1);
      expect(active.items[0].end_time).toBeNull();
      // A week (Monday 2026-03-02 to Saturday 2026-03-07) at station A: days 0, 2, 4 of the cycle, twice.
      const week = await get<{ date: string; arco_sumergido_id: number }>(
        `${url}?arco_sumergido_id=${seed.a.id}&from=2026-03-02&to=2026-03-07`,
      );
      expect(week.total).toBe(6);
      expect(week.items.every((p) => p.date >= '2026-03-02' && p.date <= '2026-03-07' && p.arco_sumergido_id === seed.a.id)).toBe(true);
      // Blank filters, as a cleared form sends them, filter nothing.
      expect((await get(`${url}?from=&to=&arco_sumergido_id=&nave_id=&user_id=&motivo_id=&active=`)).total).toBe(60);
    });

    it('filters by motivo, alone and with a worker, and shows the motivo of each row', async () => {
      const motivos = await t.db.selectFrom('motivos').select(['id', 'name']).orderBy('id').limit(2).execute();
      const [m1, m2] = motivos;
      const stops = await t.db.selectFrom('paradas_kaiser').select('id').orderBy('id').limit(60).execute();
      // Stops 0-9 get the first motivo, 10-11 the second; the rest keep none.
      const first = stops.slice(0, 10).map((p) => p.id);
      const second = stops.slice(10, 12).map((p) => p.id);
      await t.db.updateTable('paradas_kaiser').set({ motivo_id: m1.id }).where('id', 'in', first).execute();
      await t.db.updateTable('paradas_kaiser').set({ motivo_id: m2.id }).where('id', 'in', second).execute();
      try {
        const byMotivo = await get<{ id: number; motivo_id: number | null; motivo_name: string | null }>(`${url}?motivo_id=${m1.id}`);
        expect(byMotivo.total).toBe(10);
        expect(byMotivo.items.map((p) => p.id).sort((x, y) => x - y)).toEqual(first);
        expect(byMotivo.items.every((p) => p.motivo_id === m1.id && p.motivo_name === m1.name)).toBe(true);
        // Even stops are w1's: five of the first ten.
        const withWorker = await get<{ user_id: number }>(`${url}?motivo_id=${m1.id}&user_id=${seed.w1.id}`);
        expect(withWorker.total).toBe(5);
        expect(withWorker.items.every((p) => p.user_id === seed.w1.id)).toBe(true);
        expect((await get(`${url}?motivo_id=${m2.id}`)).total).toBe(2);
        const none = await t.db
          .selectFrom('motivos')
          .select((eb) => eb.fn.max('id').as('max'))
          .executeTakeFirstOrThrow();
        expect(await get(`${url}?motivo_id=${Number(none.max) + 1}`)).toMatchObject({ total: 0, items: [] });
      } finally {
        await t.db
          .updateTable('paradas_kaiser')
          .set({ motivo_id: null })
          .where('id', 'in', [...first, ...second])
          .execute();
      }
    });

    it('sorts by duration both ways', async () => {
      const asc = await get<{ duration_minutes: number | null }>(`${url}?sort=duration&dir=asc&active=false&user_id=${seed.w1.id}`);
      const d = asc.items.map((p) => p.duration_minutes as number);
      expect(d).toEqual([...d].sort((x, y) => x - y));
      expect(d[0]).toBe(5);
      const desc = await get<{ duration_minutes: number | null }>(`${url}?sort=duration&dir=desc&user_id=${seed.w1.id}`);
      expect(desc.items[0].duration_minutes).toBe(5 + 58);
    });

    it('answers every bad parameter with a Spanish 400', async () => {
      await expectBadRequests(
        (q) => t.send(seed.admin, 'GET', `${url}?${q}`),
        [
          ['page=0', pagingMessages.page],
          ['page=abc', pagingMessages.page],
          ['page=10001', pagingMessages.page],
          ['pageSize=30', pagingMessages.pageSize],
          ['pageSize=250', pagingMessages.pageSize],
          ['sort=worker', pagingMessages.sort],
          ['dir=up', pagingMessages.dir],
          ['active=si', pagingMessages.active],
          ['from=2026-13-01', 'La fecha no es válida.'],
          ['from=2026-03-09&to=2026-03-02', pagingMessages.rangeOrder],
          ['arco_sumergido_id=x', 'Identificador inválido.'],
          ['user_id=-1', 'Identificador inválido.'],
          ['motivo_id=abc', 'Identificador inválido.'],
        ],
      );
    });

    it('is for administrators only; the unpaged call answers as before', async () => {
      expect((await t.send(seed.w1.token, 'GET', url)).statusCode).toBe(403);
      const plain = await t.send(seed.admin, 'GET', '/api/paradas-kaiser');
      expect(Array.isArray(plain.json())).toBe(true);
      expect(plain.json()).toHaveLength(60);
    });
  });

  describe('tramos', () => {
    const url = '/api/tramos/page';
    it('first page newest by date first with the rollup total; filters by dates, nave, station, worker and text', async () => {
      const first = await get<{ circular_fecha: string }>(url);
      expect(first.total).toBe(30);
      expect(first.items).toHaveLength(25);
      const dates = first.items.map((r) => r.circular_fecha);
      expect(dates).toEqual([...dates].sort().reverse());

      const range = await get<{ circular_fecha: string }>(`${url}?from=2026-03-05&to=2026-03-08`);
      expect(range.total).toBe(4);
      expect(range.items.every((r) => r.circular_fecha >= '2026-03-05' && r.circular_fecha <= '2026-03-08')).toBe(true);
      expect((await get(`${url}?nave_id=${nave2Id}`)).total).toBe(10);
      expect((await get(`${url}?arco_sumergido_id=${seed.a.id}`)).total).toBe(20);
      expect((await get(`${url}?user_id=${seed.w2.id}`)).total).toBe(15);
      // Text in any of the three ids, case-insensitive, short or long.
      const special = await get<{ id_proyecto: string }>(`${url}?q=especial`);
      expect(special.items.map((r) => r.id_proyecto)).toEqual(['PROYECTO-ESPECIAL']);
      expect((await get(`${url}?q=tr-01`)).total).toBe(10);
      expect((await get(`${url}?q=c-2`)).total).toBe(11);
      expect((await get(`${url}?q=5`)).total).toBeGreaterThan(0);
      expect((await get(`${url}?q=%25`)).total).toBe(0);
    });

    it('sorts by id_tramo and by circular date', async () => {
      const byId = await get<{ id_tramo: string }>(`${url}?sort=id_tramo&dir=asc&pageSize=50`);
      expect(byId.items.map((r) => r.id_tramo)).toEqual(Array.from({ length: 30 }, (_, i) => `TR-${String(i).padStart(3, '0')}`));
      const byCreation = await get<{ created_at: string }>(`${url}?sort=created&dir=asc`);
      const created = byCreation.items.map((r) => r.created_at);
      expect(created).toEqual([...created].sort());
    });

    it('answers bad parameters with a Spanish 400; the unpaged list answers as before', async () => {
      await expectBadRequests(
        (q) => t.send(seed.admin, 'GET', `${url}?${q}`),
        [
          ['sort=descripcion', pagingMessages.sort],
          [`q=${'x'.repeat(101)}`, pagingMessages.text],
          ['to=ayer', 'La fecha debe tener el formato AAAA-MM-DD.'],
          ['nave_id=0', 'Identificador inválido.'],
        ],
      );
      const plain = await t.send(seed.admin, 'GET', '/api/tramos');
      expect(plain.json().total).toBe(30);
      // Any signed-in user reads every circular, paged too.
      expect((await get(url, seed.w1.token)).total).toBe(30);
      expect(Array.isArray(plain.json().tramos)).toBe(true);
    });
  });

  describe('posts and comments', () => {
    it('posts: newest first; by station, author, text, dates; sorted by likes', async () => {
      const url = '/api/admin/lists/posts';
      const first = await get<{ id: number }>(url);
      expect(first.total).toBe(30);
      const ids = first.items.map((p) => p.id);
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      const byArco = await get<{ arco_sumergido_id: number }>(`${url}?arco_sumergido_id=${seed.a.id}`);
      expect(byArco.total).toBe(15);
      expect(byArco.items.every((p) => p.arco_sumergido_id === seed.a.id)).toBe(true);
      expect((await get(`${url}?user_id=${seed.w2.id}`)).total).toBe(15);
      const text = await get<{ content: string }>(`${url}?q=SOLDADURA`);
      expect(text.items.map((p) => p.content)).toEqual(['Revisad la soldadura del tramo']);
      // Factory days: posts 0..29 were written at 10:xx Madrid time on days 2..31 of March.
      expect((await get(`${url}?from=2026-03-02&to=2026-03-03`)).total).toBe(2);
      const likes = await get<{ like_count: number }>(`${url}?sort=likes&dir=desc&pageSize=50`);
      expect(likes.items[0].like_count).toBe(29);
      const fewest = await get<{ like_count: number }>(`${url}?sort=likes&dir=asc`);
      expect(fewest.items[0].like_count).toBe(0);
      expect((await get(`${url}?sort=comments`)).total).toBe(30);
      await expectBadRequests(
        (q) => t.send(seed.admin, 'GET', `${url}?${q}`),
        [
          ['sort=author', pagingMessages.sort],
          ['pageSize=10', pagingMessages.pageSize],
        ],
      );
    });

    it('comments: newest first; by the station of their post, author, text; the unpaged list answers as before', async () => {
      const url = '/api/admin/lists/comments';
      const first = await get<{ id: number }>(url);
      expect(first.total).toBe(20);
      expect((await get(`${url}?arco_sumergido_id=${seed.a.id}`)).total).toBe(10);
      expect((await get(`${url}?user_id=${seed.w1.id}`)).total).toBe(10);
      expect((await get(`${url}?q=de%20acuerdo`)).total).toBe(10);
      expect((await get(`${url}?q=de%20acuerdo&page=1&pageSize=25&dir=asc`)).items).toHaveLength(10);
      await expectBadRequests((q) => t.send(seed.admin, 'GET', `${url}?${q}`), [['sort=likes', pagingMessages.sort]]);
      const plain = await t.send(seed.admin, 'GET', '/api/wall/comments');
      expect(Array.isArray(plain.json())).toBe(true);
    });
  });

  describe('users', () => {
    const url = '/api/admin/lists/users';
    it('by name A to Z by default; searches name or worker ID; filters by role; sorts by worker ID', async () => {
      const all = await get<{ name: string; worker_id: string; role: string }>(url);
      expect(all.total).toBe(3);
      expect(all.items.map((u) => u.name)).toEqual([...all.items.map((u) => u.name)].sort((x, y) => (x < y ? -1 : 1)));
      expect((await get<{ name: string }>(`${url}?q=bruno`)).items.map((u) => u.name)).toEqual(['Bruno Operario']);
      expect((await get<{ name: string }>(`${url}?q=${seed.w1.worker_id.toUpperCase()}`)).items.map((u) => u.name)).toEqual([
        'Ana Soldadora',
      ]);
      const admins = await get<{ role: string }>(`${url}?role=admin`);
      expect(admins.total).toBe(1);
      expect(admins.items[0].role).toBe('admin');
      const byId = await get<{ worker_id: string }>(`${url}?sort=worker_id&dir=desc`);
      const wids = byId.items.map((u) => u.worker_id);
      expect(wids).toEqual([...wids].sort().reverse());
      expect((await get(`${url}?sort=created&pageSize=100`)).total).toBe(3);
      await expectBadRequests(
        (q) => t.send(seed.admin, 'GET', `${url}?${q}`),
        [
          ['role=jefe', userMessages.invalidRole],
          ['sort=password', pagingMessages.sort],
          ['dir=', pagingMessages.dir],
        ],
      );
      const plain = await t.send(seed.admin, 'GET', '/api/admin/users');
      expect(plain.json()).toHaveLength(3);
    });
  });

  it('the statistics totals follow every insert and delete through the rollups', async () => {
    const stats = async () => (await t.send(seed.admin, 'GET', '/api/dashboard/stats')).json();
    const before = await stats();
    expect(before).toMatchObject({ totalUsers: 3, totalWallPosts: 30, totalComments: 20, totalKaiserStops: 60, totalTramos: 30 });
    const extra = await t.createWorker(seed.a, 'Carla Nueva');
    const post = await t.sendForm(extra.token, 'POST', '/api/wall/posts', { content: 'Hola a todos' });
    expect(post.statusCode).toBe(201);
    const postId = post.json().post.id;
    expect((await t.sendForm(extra.token, 'POST', `/api/wall/posts/${postId}/comments`, { content: 'Bienvenida' })).statusCode).toBe(201);
    expect(await stats()).toMatchObject({ totalUsers: 4, totalWallPosts: 31, totalComments: 21 });
    // Deleting the post takes its comment with it; deleting the account keeps its records.
    expect((await t.send(seed.admin, 'DELETE', `/api/wall/posts/${postId}`)).statusCode).toBe(200);
    expect((await t.send(seed.admin, 'DELETE', `/api/admin/users/${extra.id}`)).statusCode).toBe(200);
    const after = await stats();
    expect(after).toMatchObject({ totalUsers: 3, totalWallPosts: 30, totalComments: 20 });
    expect(after.totalUsers).toBe(await t.countRows('users'));
    expect(after.totalComments).toBe(await t.countRows('wall_comments'));
  });
});
