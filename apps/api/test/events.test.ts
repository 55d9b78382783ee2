import {
  commentCreatedEvent,
  commentDeletedEvent,
  likeChangedEvent,
  machineReportEvent,
  paradaChangedEvent,
  paradaEndedEvent,
  paradaStartedEvent,
  postCreatedEvent,
  postDeletedEvent,
  postUpdatedEvent,
} from '@portal/contract/events';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { createTokenService } from '../src/lib/tokens';
import {
  adminToken,
  bearer,
  createArco,
  createWorker,
  injectForm,
  JWT_SECRET,
  pgUnavailable,
  secondInstance,
  TEST_DB,
  type TestArco,
  useTestApp,
} from './helper';
import { closeClients, connect, LIVE_WITHIN_MS, listen, PATIENCE_MS } from './sse-client';

async function post(app: App, token: string, content: string) {
  const res = await injectForm(app, token, 'POST', '/api/wall/posts', { content });
  expect(res.statusCode).toBe(201);
  return res.json().post as { id: number; content: string; arco_sumergido_id: number };
}

async function comment(app: App, token: string, postId: number, content: string) {
  const res = await injectForm(app, token, 'POST', `/api/wall/posts/${postId}/comments`, { content });
  expect(res.statusCode).toBe(201);
  return res.json().comment as { id: number };
}

/** An event about this record (a post, a comment or a stop). */
const about = (id: number) => (d: { post?: { id: number }; id?: number; post_id?: number }) =>
  d.post?.id === id || d.post_id === id || d.id === id;

describe.skipIf(pgUnavailable)('live event stream', () => {
  // On PostgreSQL buildTestApp passes the app its DATABASE_URL, so it LISTENs as in production.
  const t = useTestApp();
  let baseUrl: string;
  let stationA: TestArco;
  let stationB: TestArco;
  const open = (token: string) => connect(baseUrl, token);

  beforeAll(async () => {
    baseUrl = await listen(t.app);
    stationA = await t.createArco('Arco Eventos A');
    stationB = await t.createArco('Arco Eventos B', 'Nave 2');
  });
  afterEach(closeClients);

  it('opens with the SSE headers and a ready event', async () => {
    const w = await t.createWorker(stationA);
    const client = await open(w.token);
    expect(client.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(client.response.headers.get('cache-control')).toBe('no-cache');
    expect(client.response.headers.get('x-accel-buffering')).toBe('no');
    const ready = await client.next('ready');
    expect(Number.isNaN(Date.parse((ready.data as { at: string }).at))).toBe(false);
  });

  it('refuses a stream without a token, with a bad one, or with the token in the URL', async () => {
    const w = await t.createWorker(stationA);
    const none = await t.app.inject({ method: 'GET', url: '/api/events' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('No autenticado. Por favor, inicia sesión.');
    const inUrl = await t.app.inject({ method: 'GET', url: `/api/events?token=${w.token}` });
    expect(inUrl.statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/api/events', headers: bearer(`${w.token}x`) });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('Token inválido o expirado. Por favor, inicia sesión de nuevo.');
  });

  it('delivers a new post to a same-station client within a second and nothing to another station', async () => {
    const author = await t.createWorker(stationA, 'Autora A');
    const mate = await open((await t.createWorker(stationA, 'Compañero A')).token);
    const other = await open((await t.createWorker(stationB, 'Trabajador B')).token);
    const admin = await open(await t.adminToken());

    const created = await post(t.app, author.token, 'Cambio de turno a las 14:00');
    const published = Date.now();
    const seen = await mate.next('post.created', about(created.id), LIVE_WITHIN_MS);
    expect(Date.now() - published).toBeLessThan(LIVE_WITHIN_MS);
    const event = postCreatedEvent.parse(seen.data);
    expect(event.post).toMatchObject({
      id: created.id,
      content: 'Cambio de turno a las 14:00',
      user_name: 'Autora A',
      arco_sumergido_id: stationA.id,
      arco_sumergido_name: 'Arco Eventos A',
      is_liked_by_current_user: false,
    });
    await admin.next('post.created', about(created.id));

    // Events reach a stream in order: once station B's own post has arrived there, station A's would
    // have arrived before it had it been sent.
    const mine = await post(t.app, (await t.createWorker(stationB)).token, 'Aviso para el arco B');
    await other.next('post.created', about(mine.id));
    expect(other.received.map((e) => (e.data as { post: { id: number } }).post.id)).toEqual([mine.id]);
    expect(mate.received.some((e) => about(mine.id)(e.data as never))).toBe(false);
  });

  it('carries edits, deletions, comments and like counts of the wall', async () => {
    const author = await t.createWorker(stationA);
    const reader = await t.createWorker(stationA);
    const client = await open(reader.token);
    const p = await post(t.app, author.token, 'Revisar la cinta 3');

    const c = await comment(t.app, reader.token, p.id, 'Revisada');
    const created = commentCreatedEvent.parse(
      (await client.next('comment.created', (d: { comment: { id: number } }) => d.comment.id === c.id)).data,
    );
    expect(created).toMatchObject({ comment_count: 1, arco_sumergido_id: stationA.id, comment: { content: 'Revisada', post_id: p.id } });

    expect((await t.send(reader.token, 'POST', `/api/wall/posts/${p.id}/like`)).statusCode).toBe(200);
    const liked = likeChangedEvent.parse((await client.next('like.changed', about(p.id))).data);
    expect(liked).toEqual({ post_id: p.id, like_count: 1, arco_sumergido_id: stationA.id });
    expect((await t.send(reader.token, 'DELETE', `/api/wall/posts/${p.id}/like`)).statusCode).toBe(200);
    await client.next('like.changed', (d: { post_id: number; like_count: number }) => d.post_id === p.id && d.like_count === 0);

    const put = await t.sendForm(author.token, 'PUT', `/api/wall/posts/${p.id}`, { content: 'Revisar la cinta 4' });
    expect(put.statusCode).toBe(200);
    const updated = postUpdatedEvent.parse((await client.next('post.updated', about(p.id))).data);
    expect(updated.post).toMatchObject({ content: 'Revisar la cinta 4', comment_count: 1, is_liked_by_current_user: false });

    const delComment = await t.send(reader.token, 'DELETE', `/api/wall/posts/${p.id}/comments/${c.id}`);
    expect(delComment.statusCode).toBe(200);
    const removed = commentDeletedEvent.parse((await client.next('comment.deleted', about(c.id))).data);
    expect(removed).toEqual({ id: c.id, post_id: p.id, comment_count: 0, arco_sumergido_id: stationA.id });

    expect((await t.send(author.token, 'DELETE', `/api/wall/posts/${p.id}`)).statusCode).toBe(200);
    const deleted = postDeletedEvent.parse((await client.next('post.deleted', about(p.id))).data);
    expect(deleted).toEqual({ id: p.id, arco_sumergido_id: stationA.id, wall_name: 'Main' });
    expect(client.received.map((e) => e.type)).toEqual([
      'post.created',
      'comment.created',
      'like.changed',
      'like.changed',
      'post.updated',
      'comment.deleted',
      'post.deleted',
    ]);
  });

  it('sends a repeated like (no change) nowhere', async () => {
    const w = await t.createWorker(stationA);
    const client = await open(w.token);
    const p = await post(t.app, w.token, 'Me gusta dos veces');
    for (let i = 0; i < 2; i++) {
      expect((await t.send(w.token, 'POST', `/api/wall/posts/${p.id}/like`)).statusCode).toBe(200);
    }
    const marker = await post(t.app, w.token, 'Marcador de orden');
    await client.next('post.created', about(marker.id));
    expect(client.received.filter((e) => e.type === 'like.changed')).toHaveLength(1);
  });

  it("sends a stop's events to its owner, everyone signed in at its arco and admins, and nothing to another arco", async () => {
    const owner = await t.createWorker(stationA, 'Operaria Kaiser');
    const mate = await t.createWorker(stationA, 'Compañero Kaiser');
    const elsewhere = await t.createWorker(stationB);
    const admin = await open(await t.adminToken());
    const ownerStream = await open(owner.token);
    const mateStream = await open(mate.token);
    const elsewhereStream = await open(elsewhere.token);
    const ofStop = (id: number) => (d: { parada: { id: number } }) => d.parada.id === id;

    const start = await t.app.inject({ method: 'POST', url: '/api/paradas-kaiser/start', headers: bearer(owner.token), payload: {} });
    expect(start.statusCode).toBe(201);
    const stopId = start.json().stopId as number;
    // The colleague learns of it from the stream itself, not from a later refetch.
    const started = paradaStartedEvent.parse((await mateStream.next('parada.started', ofStop(stopId))).data);
    expect(started.parada).toMatchObject({ id: stopId, user_name: 'Operaria Kaiser', arco_sumergido_id: stationA.id, end_time: null });
    await admin.next('parada.started', ofStop(stopId));
    await ownerStream.next('parada.started', ofStop(stopId));

    // The colleague ends it (a running stop is the station's): its owner hears of it at once too.
    const end = await t.app.inject({ method: 'PUT', url: `/api/paradas-kaiser/end/${stopId}`, headers: bearer(mate.token), payload: {} });
    expect(end.statusCode).toBe(200);
    const ended = paradaEndedEvent.parse((await ownerStream.next('parada.ended', ofStop(stopId))).data);
    expect(ended.parada).toMatchObject({
      end_time: expect.any(String),
      duration_minutes: end.json().duration,
      ended_by_name: 'Compañero Kaiser',
    });
    await mateStream.next('parada.ended', ofStop(stopId));
    await admin.next('parada.ended', ofStop(stopId));

    const del = await t.send(owner.token, 'DELETE', `/api/paradas-kaiser/${stopId}`);
    expect(del.statusCode).toBe(200);
    const changed = paradaChangedEvent.parse((await mateStream.next('parada.changed')).data);
    expect(changed).toEqual({ id: stopId, arco_sumergido_id: stationA.id });
    await ownerStream.next('parada.changed');
    await admin.next('parada.changed');

    // A stop at the other arco is the last thing sent: everything about station A's stop came before it.
    const own = await t.app.inject({ method: 'POST', url: '/api/paradas-kaiser/start', headers: bearer(elsewhere.token), payload: {} });
    expect(own.statusCode).toBe(201);
    await elsewhereStream.next('parada.started', ofStop(own.json().stopId));
    expect(elsewhereStream.received.map((e) => e.type)).toEqual(['parada.started']);
    // And a post at station A is the last thing its streams get: station B's stop would have come before it.
    const marker = await post(t.app, owner.token, 'Marcador de paradas');
    for (const stream of [ownerStream, mateStream]) {
      await stream.next('post.created', about(marker.id));
      expect(stream.received.map((e) => e.type)).toEqual(['parada.started', 'parada.ended', 'parada.changed', 'post.created']);
    }
  });

  it("tells the admins' streams (the plant board) that a machine reported: once for a burst, nothing to workers", async () => {
    const arco = await createArco(t, 'Arco Informes');
    const admin = await adminToken(t);
    const atArco = await createWorker(t, arco, 'Operaria Informes');
    const elsewhere = await t.createWorker(stationB, 'Trabajador Otro Arco');
    const board = await open(admin);
    const atArcoStream = await open(atArco.token);
    const elsewhereStream = await open(elsewhere.token);
    const keyRes = await t.send(admin, 'POST', `/api/admin/arcos-sumergidos/${arco.id}/machine/key`);
    expect(keyRes.statusCode).toBe(201);
    const key = keyRes.json().key as string;
    const report = async (state: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/machines/${arco.id}/state`,
        headers: { 'x-device-key': key, 'content-type': 'text/plain' },
        payload: state,
      });
      expect(res.statusCode).toBe(200);
    };
    const ofArco = (d: { arco_sumergido_id: number }) => d.arco_sumergido_id === arco.id;

    // The first report of a silent arco goes out at once, with the stored report time.
    await report('running');
    const first = machineReportEvent.parse((await board.next('machine.report', ofArco)).data);
    const stored = (await t.send(admin, 'GET', '/api/admin/machines'))
      .json()
      .arcos.find((b: { arco_sumergido_id: number }) => b.arco_sumergido_id === arco.id);
    expect(first.last_report_at).toBe(stored.last_report_at);

    // A burst (heartbeats and a change of state) within the throttle window sends nothing more.
    for (const state of ['running', 'running', 'stopped', 'stopped', 'running']) await report(state);
    // A post at the arco is the last thing sent: every report event of the burst came before it.
    const marker = await post(t.app, atArco.token, 'Marcador de informes');
    await board.next('post.created', about(marker.id));
    expect(board.received.filter((e) => e.type === 'machine.report' && ofArco(e.data as never))).toHaveLength(1);

    // Workers, at that arco or another, never receive it (they got the machine's paradas and the post).
    await atArcoStream.next('post.created', about(marker.id));
    expect(atArcoStream.received.map((e) => e.type)).not.toContain('machine.report');
    const own = await post(t.app, elsewhere.token, 'Marcador del otro arco');
    await elsewhereStream.next('post.created', about(own.id));
    expect(elsewhereStream.received.map((e) => e.type)).toEqual(['post.created']);
  });

  it("ends a deleted user's active stop and tells the admins' streams (the plant board) that it ended", async () => {
    const arco = await createArco(t, 'Arco Usuario Borrado');
    const owner = await createWorker(t, arco, 'Operario Borrado');
    const admin = await adminToken(t);
    const board = await open(admin);
    const start = await t.app.inject({ method: 'POST', url: '/api/paradas-kaiser/start', headers: bearer(owner.token), payload: {} });
    expect(start.statusCode).toBe(201);
    const paradaId = start.json().stopId as number;
    const ofParada = (d: { parada: { id: number } }) => d.parada.id === paradaId;
    await board.next('parada.started', ofParada);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${owner.id}`, headers: bearer(admin) });
    expect(del.statusCode).toBe(200);
    const ended = paradaEndedEvent.parse((await board.next('parada.ended', ofParada)).data);
    expect(ended.parada).toMatchObject({ id: paradaId, user_id: null, user_name: 'Usuario eliminado', arco_sumergido_id: arco.id });
    expect(ended.parada.end_time).not.toBeNull();
    expect(ended.parada.duration_minutes).not.toBeNull();
    // What the board refetches agrees: the station runs again.
    const planta = await t.app.inject({ method: 'GET', url: '/api/admin/planta', headers: bearer(admin) });
    const arcos = (planta.json() as { arcos: { id: number; status: string }[] }[]).flatMap((nave) => nave.arcos);
    expect(arcos.find((a) => a.id === arco.id)?.status).toBe('running');
  });

  it('sends manual stops and edits as parada.changed', async () => {
    const owner = await t.createWorker(stationB);
    const admin = await open(await t.adminToken());
    const end = new Date(Date.now() - 60 * 60_000);
    const startTime = new Date(end.getTime() - 20 * 60_000);
    const manual = await t.send(owner.token, 'POST', '/api/paradas-kaiser/manual', {
      start_time: startTime.toISOString(),
      end_time: end.toISOString(),
      description: 'Manual',
    });
    expect(manual.statusCode).toBe(201);
    const id = manual.json().parada.id as number;
    await admin.next('parada.changed', (d: { id: number }) => d.id === id);
    const edit = await t.send(owner.token, 'PUT', `/api/paradas-kaiser/${id}`, {
      start_time: startTime.toISOString(),
      end_time: end.toISOString(),
      description: 'Editada',
    });
    expect(edit.statusCode).toBe(200);
    await admin.waitFor(() =>
      admin.events.filter((e) => e.type === 'parada.changed' && about(id)(e.data as never)).length === 2 ? true : undefined,
    );
  });

  it('closes the stream once its token expires', async () => {
    const w = await t.createWorker(stationA);
    // A session of one second, signed with the app's secret.
    const shortLived = createTokenService(JWT_SECRET, 1 / 3600).sign({
      id: w.id,
      name: w.name,
      worker_id: w.worker_id,
      role: 'user',
      nave: stationA.nave,
      arco_sumergido_id: stationA.id,
      arco_sumergido_name: stationA.name,
      token_version: 0,
    });
    const client = await open(shortLived);
    await client.waitFor(() => (t.app.ctx.tokens.verify(shortLived) === null ? true : undefined));
    // The next event finds the session over and ends the stream instead of delivering it.
    const p = await post(t.app, w.token, 'Después de caducar');
    await client.ended();
    expect(client.received.some((e) => about(p.id)(e.data as never))).toBe(false);
  });

  it('closes the stream of a deleted user at the next heartbeat', async () => {
    t.app.ctx.events.settings.heartbeatMs = 100;
    try {
      const w = await t.createWorker(stationA);
      const client = await open(w.token);
      const admin = await t.adminToken();
      const res = await t.send(admin, 'DELETE', `/api/admin/users/${w.id}`);
      expect(res.statusCode).toBe(200);
      await client.ended();
      expect(t.app.ctx.events.subscriberCount).toBe(0);
    } finally {
      t.app.ctx.events.settings.heartbeatMs = 25_000;
    }
  });

  it('keeps a live session open with heartbeats and forgets a client that disconnects', async () => {
    t.app.ctx.events.settings.heartbeatMs = 50;
    try {
      const w = await t.createWorker(stationA);
      const client = await open(w.token);
      const before = t.app.ctx.events.subscriberCount;
      await client.waitFor(() => (client.heartbeats >= 2 ? true : undefined));
      expect(client.closed).toBe(false);
      client.close();
      await client.ended();
      await client.waitFor(() => (t.app.ctx.events.subscriberCount === before - 1 ? true : undefined));
    } finally {
      t.app.ctx.events.settings.heartbeatMs = 25_000;
    }
  });
});

describe.skipIf(pgUnavailable || TEST_DB !== 'postgres')('live events across API instances (PostgreSQL LISTEN/NOTIFY)', () => {
  const t = useTestApp();
  let second: App;
  let urlA: string;
  let urlB: string;
  let station: TestArco;

  beforeAll(async () => {
    // Instance B: its own pool and listener on the same PostgreSQL schema as instance A.
    second = await secondInstance(t);
    urlA = await listen(t.app);
    urlB = await listen(second);
    station = await t.createArco('Arco Compartido');
  });
  afterEach(closeClients);
  afterAll(async () => {
    await second?.close();
  });

  it('delivers a post created through instance A to a client of instance B, once on each instance', async () => {
    const author = await t.createWorker(station);
    const reader = await t.createWorker(station);
    const onB = await connect(urlB, reader.token);
    const onA = await connect(urlA, reader.token);

    const first = await post(t.app, author.token, 'Publicada en la instancia A');
    const seen = postCreatedEvent.parse((await onB.next('post.created', about(first.id), LIVE_WITHIN_MS)).data);
    expect(seen.post).toMatchObject({ id: first.id, content: 'Publicada en la instancia A', arco_sumergido_id: station.id });

    // And back: a post through B reaches A's client; each stream has each post exactly once.
    const back = await post(second, author.token, 'Publicada en la instancia B');
    await onA.next('post.created', about(back.id));
    await onB.next('post.created', about(back.id));
    for (const client of [onA, onB])
      expect(client.received.map((e) => (e.data as { post: { id: number } }).post.id)).toEqual([first.id, back.id]);
  });

  it("delivers a machine's report through instance A to an admin's stream on instance B", async () => {
    const admin = await adminToken(t);
    const board = await connect(urlB, admin);
    const arco = await t.createArco('Arco Informe Compartido');
    const key = (await t.send(admin, 'POST', `/api/admin/arcos-sumergidos/${arco.id}/machine/key`)).json().key as string;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/machines/${arco.id}/state`,
      headers: { 'x-device-key': key, 'content-type': 'text/plain' },
      payload: 'running',
    });
    expect(res.statusCode).toBe(200);
    const seen = machineReportEvent.parse(
      (await board.next('machine.report', (d: { arco_sumergido_id: number }) => d.arco_sumergido_id === arco.id)).data,
    );
    expect(Number.isNaN(Date.parse(seen.last_report_at))).toBe(false);
  });

  it('sends only the id of a payload too large for NOTIFY and rebuilds it on the receiving side', async () => {
    const author = await t.createWorker(station, 'Autor Largo');
    const onB = await connect(urlB, (await t.createWorker(station)).token);
    t.app.ctx.events.settings.maxNotifyBytes = 64;
    try {
      const p = await post(t.app, author.token, 'Un texto que no cabe en 64 bytes de NOTIFY junto al resto del post');
      const seen = postCreatedEvent.parse((await onB.next('post.created', about(p.id))).data);
      expect(seen.post).toMatchObject({ id: p.id, user_name: 'Autor Largo', content: p.content, is_liked_by_current_user: false });
    } finally {
      t.app.ctx.events.settings.maxNotifyBytes = 7_900;
    }
  });

  it('listens again after the LISTEN connection drops, and then ends its streams (their clients refetch)', async () => {
    const w = await t.createWorker(station);
    const before = await connect(urlB, w.token);
    const listenQuery = `listen ${t.app.ctx.events.channel}`;
    const listeners = () =>
      sql<{ pid: number }>`select pid from pg_stat_activity where query = ${listenQuery}`.execute(t.db).then((r) => r.rows);
    const pids = (await listeners()).map((r) => r.pid);
    expect(pids).toHaveLength(2);
    // Drop both instances' listeners, as a network cut or a database restart would.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where query = ${listenQuery}`.execute(t.db);
    await before.ended();
    const deadline = Date.now() + PATIENCE_MS;
    while ((await listeners()).filter((r) => !pids.includes(r.pid)).length < 2) {
      if (Date.now() > deadline) throw new Error('listeners did not reconnect');
      await new Promise((r) => setTimeout(r, 100));
    }
    const after = await connect(urlB, w.token);
    const p = await post(t.app, w.token, 'Tras la reconexión');
    await after.next('post.created', about(p.id));
  });
});
