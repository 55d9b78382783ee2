import type { AddressInfo } from 'node:net';
import { messages } from '@portal/contract/common';
import { terminalMessages } from '@portal/contract/terminal';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/lib/passwords';
import { applySignal, createKey } from '../../src/modules/machines/service';
import { issueCode } from '../../src/modules/terminals/service';
import type { Policy } from '../../src/plugins/auth';
import {
  ADMIN,
  bearer,
  enrolTerminal,
  enrolTerminalAt,
  multipart,
  pgUnavailable,
  type TestApp,
  type TestArco,
  terminalKey,
  uniqueWorkerId,
  useTestApp,
  type Worker,
} from '../helper';
import { newDeviceKey } from '../terminal-device';
import { telemetryScenarios } from './authz-telemetry';
import { weldScenarios } from './authz-welds';

/**
 * Authorization matrix (OWASP API1 BOLA and API5 BFLA; policies in docs/decisions/002-route-policies.md): every route the
 * server registers, taken from app.routeTable, is called by five callers and must answer exactly the
 * status its scenario allows. Worker A owns the records, B works at A's station, C at another one.
 */
type Caller = 'anon' | 'owner' | 'sameStation' | 'otherArco' | 'admin';
const CALLERS: Caller[] = ['anon', 'owner', 'sameStation', 'otherArco', 'admin'];

interface Ctx {
  t: TestApp;
  s1: TestArco;
  s2: TestArco;
  A: Worker;
  B: Worker;
  C: Worker;
  admin: string;
  adminId: number;
  /** The credential of a station terminal at S1. */
  terminalS1: string;
  /** Records nobody mutates: read by the list and detail scenarios. */
  shared: { tramo: number; stopA: number; stopB: number; stopC: number; postS1: number; postS2: number };
}

interface Call {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Replaces the caller's token (routes about the caller's own account that end its session). */
  token?: string;
}

interface Scenario {
  policy: Policy;
  /** Builds the request, creating fresh records when the call changes or removes them. */
  prepare(ctx: Ctx, caller: Caller): Promise<Call> | Call;
  expect: Record<Caller, number>;
  /** Content checks of an allowed answer (list routes: nothing of anybody else's). */
  check?(ctx: Ctx, caller: Caller, res: LightMyRequestResponse): Promise<void> | void;
  /** Server-sent events: called over real HTTP and closed once the status is known. */
  stream?: boolean;
}

/** A station terminal's routes: its credential decides, whatever session the caller holds; none: 401. */
const TERMINAL = (ok: number) => ({ anon: 401, owner: ok, sameStation: ok, otherArco: ok, admin: ok });
/** The PIN worker A sets (PUT /api/users/me/pin) and signs in with at S1's terminal. */
const MATRIX_PIN = '2468';

/** A call to a terminal route with S1's terminal credential (none for the anonymous caller). */
const asTerminal = (ctx: Ctx, caller: Caller, url: string): Call => ({
  url,
  headers: caller === 'anon' ? {} : terminalKey(ctx.terminalS1),
});

const ANON_PUBLIC = { anon: 200, owner: 200, sameStation: 200, otherArco: 200, admin: 200 };
const ADMIN_ONLY = (ok: number) => ({ anon: 401, owner: 403, sameStation: 403, otherArco: 403, admin: ok });
const ANY_USER = (ok: number) => ({ anon: 401, owner: ok, sameStation: ok, otherArco: ok, admin: ok });
/** Records of worker A: A and admins may change them, nobody else. */
const OWNER_OR_ADMIN = (ok: number) => ({ anon: 401, owner: ok, sameStation: 403, otherArco: 403, admin: ok });
/** Things on station S1's wall that anyone there may do (and admins). */
const STATION_S1 = (ok: number) => ({ anon: 401, owner: ok, sameStation: ok, otherArco: 403, admin: ok });

let seq = 0;
const unique = (prefix: string) => `${prefix} ${process.pid}-${Date.now().toString(36)}-${seq++}`;

/** A past window of ten minutes that no other call of the run uses, so stops never overlap. */
function pastWindow(): { start_time: string; end_time: string } {
  const n = seq++;
  const end = Date.now() - (60 + n * 20) * 60_000;
  return { start_time: new Date(end - 10 * 60_000).toISOString(), end_time: new Date(end).toISOString() };
}

/** A shift of its own (Sunday 10:00–11:00 from 2099, clear of every other): what the change routes act on. */
async function matrixShift(ctx: Ctx): Promise<number> {
  const at = new Date().toISOString();
  const { id } = await ctx.t.db.insertInto('shifts').values({ created_at: at }).returning('id').executeTakeFirstOrThrow();
  await ctx.t.db
    .insertInto('shift_versions')
    .values({
      shift_id: id,
      effective_from: `2099-01-${String(10 + (seq++ % 18)).padStart(2, '0')}`,
      name: unique('Turno'),
      nave_id: null,
      weekdays: 0,
      start_time: '10:00',
      end_time: '11:00',
      breaks: '[]',
      active: 1,
      created_at: at,
    })
    .execute();
  return id;
}

async function inject(
  ctx: Ctx,
  method: string,
  url: string,
  token: string | null,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return ctx.t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    payload: payload as string,
  });
}

async function ok(res: LightMyRequestResponse, what: string) {
  if (res.statusCode >= 300) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function newTramo(ctx: Ctx, w: Worker): Promise<number> {
  const body = await multipart({ id_tramo: unique('T'), id_proyecto: 'P-001', id_circular: 'C-001', arco_sumergido_id: w.station.id });
  return (await ok(await inject(ctx, 'POST', '/api/tramos', w.token, body.payload, body.headers), 'tramo')).tramo.id;
}

async function newManualStop(ctx: Ctx, w: Worker): Promise<number> {
  const res = await inject(ctx, 'POST', '/api/paradas-kaiser/manual', w.token, { ...pastWindow(), description: 'matriz' });
  return (await ok(res, 'manual stop')).parada.id;
}

/** Ends the user's running stop and the one at the station (one running stop per arco, downtime-arco.test.ts). */
async function closeActiveStops(ctx: Ctx, userId: number, arcoId?: number) {
  const now = new Date().toISOString();
  await ctx.t.db
    .updateTable('paradas_kaiser')
    .set({ end_time: now, duration_minutes: 0, updated_at: now })
    .where((eb) => eb.or([eb('user_id', '=', userId), ...(arcoId === undefined ? [] : [eb('arco_sumergido_id', '=', arcoId)])]))
    .where('end_time', 'is', null)
    .execute();
}

async function newActiveStop(ctx: Ctx, w: Worker): Promise<number> {
  await closeActiveStops(ctx, w.id, w.station.id);
  return (await ok(await inject(ctx, 'POST', '/api/paradas-kaiser/start', w.token, { description: 'activa' }), 'start')).stopId;
}

/** Closes every open andon call, so that a new one can be made at any arco. */
async function closeAndonCalls(ctx: Ctx) {
  await ctx.t.db.updateTable('andon_calls').set({ resolved_at: new Date().toISOString() }).where('resolved_at', 'is', null).execute();
}

/** A fresh supervisor call without parada at S1 (nobody of the matrix is called for it). */
async function newAndonCall(ctx: Ctx): Promise<number> {
  await closeAndonCalls(ctx);
  const row = await ctx.t.db
    .insertInto('andon_calls')
    .values({
      arco_sumergido_id: ctx.s1.id,
      parada_id: null,
      level: 'supervisor',
      origin: 'manual',
      created_at: new Date().toISOString(),
      created_by: ctx.A.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A browser's push subscription with a unique endpoint (nothing is sent to it). */
const pushSubscription = () => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${unique('sub').replaceAll(' ', '-')}`,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});

/** An ended stop of the worker's, without a motivo, in the recent past. */
async function newEndedStop(ctx: Ctx, w: Worker): Promise<number> {
  const body = { ...pastWindow(), description: 'sin motivo', arco_sumergido_id: w.station.id };
  return (await ok(await inject(ctx, 'POST', '/api/paradas-kaiser/manual', w.token, body), 'manual')).parada.id;
}

async function newPost(ctx: Ctx, w: Worker): Promise<number> {
  const body = await multipart({ content: unique('Publicación de matriz') });
  return (await ok(await inject(ctx, 'POST', '/api/wall/posts', w.token, body.payload, body.headers), 'post')).post.id;
}

async function newComment(ctx: Ctx, w: Worker, postId: number): Promise<number> {
  const body = await multipart({ content: 'Comentario de matriz' });
  const res = await inject(ctx, 'POST', `/api/wall/posts/${postId}/comments`, w.token, body.payload, body.headers);
  return (await ok(res, 'comment')).comment.id;
}

/** An account straight in the database: the target of the admin user routes. */
async function newUser(ctx: Ctx, role: 'user' | 'admin' = 'user', password = 'secreto123') {
  const now = new Date().toISOString();
  const worker_id = uniqueWorkerId('m');
  const row = await ctx.t.db
    .insertInto('users')
    .values({
      worker_id,
      name: 'Objetivo Matriz',
      password_hash: await hashPassword(password),
      role,
      nave_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, worker_id, password };
}

/** A fresh session of the caller's kind, for routes that end the caller's session (password change). */
async function freshSession(ctx: Ctx, caller: Caller): Promise<{ token: string; password: string }> {
  if (caller === 'admin') {
    const u = await newUser(ctx, 'admin');
    const res = await inject(ctx, 'POST', '/api/admin/login', null, { worker_id: u.worker_id, password: u.password });
    return { token: (await ok(res, 'admin login')).accessToken, password: u.password };
  }
  const station = caller === 'otherArco' ? ctx.s2 : ctx.s1;
  const w = await ctx.t.createWorker(station, 'Sesión Nueva');
  return { token: w.token, password: w.password };
}

/** A handover of worker A's at S1, unconfirmed, straight in the database (the only one of S1's shift). */
async function newHandover(ctx: Ctx): Promise<number> {
  await ctx.t.db.deleteFrom('handovers').where('arco_sumergido_id', '=', ctx.s1.id).execute();
  const now = new Date().toISOString();
  const row = await ctx.t.db
    .insertInto('handovers')
    .values({
      arco_sumergido_id: ctx.s1.id,
      shift_date: now.slice(0, 10),
      shift_name: 'Mañana',
      shift_start: new Date(Date.now() - 3600_000).toISOString(),
      shift_end: new Date(Date.now() + 3600_000).toISOString(),
      note: 'Relevo de matriz',
      summary: JSON.stringify({ open_paradas: [], stops: 0, stopped_minutes: 0, micro_stops: 0, planned_minutes: 0 }),
      author_id: ctx.A.id,
      created_at: now,
      updated_at: now,
      confirmed_by: null,
      confirmed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const stationOf = (ctx: Ctx, caller: Caller) => (caller === 'otherArco' ? ctx.s2 : ctx.s1);
const userOf = (ctx: Ctx, caller: Caller) =>
  caller === 'owner' ? ctx.A : caller === 'sameStation' ? ctx.B : caller === 'otherArco' ? ctx.C : null;

const mp = async (fields: Record<string, string | number>) => {
  const body = await multipart(fields);
  return { payload: body.payload, headers: body.headers };
};

const dateRange = () => {
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  // Several spellings of a range, so an export route gets its own whichever it uses.
  return `startDate=${from}&endDate=${today}&from=${from}&to=${today}&desde=${from}&hasta=${today}`;
};

const scenarios: Record<string, Scenario> = {
  // --- public ---
  'GET /api/health': { policy: 'public', prepare: () => ({ url: '/api/health' }), expect: ANON_PUBLIC },
  'GET /api/config': { policy: 'public', prepare: () => ({ url: '/api/config' }), expect: ANON_PUBLIC },
  'GET /api/naves': { policy: 'public', prepare: () => ({ url: '/api/naves' }), expect: ANON_PUBLIC },
  'GET /api/arcos-sumergidos': {
    policy: 'public',
    prepare: (ctx) => ({ url: `/api/arcos-sumergidos?nave=${encodeURIComponent(ctx.s1.nave)}` }),
    expect: ANON_PUBLIC,
  },
  'POST /api/auth/register': {
    policy: 'public',
    prepare: () => ({
      url: '/api/auth/register',
      payload: { worker_id: uniqueWorkerId('r'), name: 'Nuevo', password: 'secreto123', role: 'admin' },
    }),
    expect: { anon: 201, owner: 201, sameStation: 201, otherArco: 201, admin: 201 },
    // Whoever calls it (an admin too), registration never creates anything but a user.
    check: (_ctx, _caller, res) => expect(res.json().user.role).toBe('user'),
  },
  'POST /api/auth/login': {
    policy: 'public',
    prepare: (ctx) => ({
      url: '/api/auth/login',
      payload: { worker_id: ctx.A.worker_id, password: ctx.A.password, nave: ctx.s1.nave, arco_sumergido_id: ctx.s1.id },
    }),
    expect: ANON_PUBLIC,
  },
  'POST /api/admin/login': {
    policy: 'public',
    // The credentials decide, not the session the caller may already have: a worker's own are refused.
    prepare: (ctx, caller) => {
      const w = userOf(ctx, caller);
      return {
        url: '/api/admin/login',
        payload: w ? { worker_id: w.worker_id, password: w.password } : { worker_id: 'admin', password: 'admin-password' },
      };
    },
    expect: { anon: 200, owner: 403, sameStation: 403, otherArco: 403, admin: 200 },
  },

  // --- own account ---
  'PUT /api/users/me/profile': {
    policy: 'user',
    prepare: (ctx, caller) => {
      const w = userOf(ctx, caller);
      return {
        url: '/api/users/me/profile',
        payload: w ? { name: w.name, worker_id: w.worker_id } : { name: 'Admin Principal', worker_id: 'admin' },
      };
    },
    expect: ANY_USER(200),
  },
  'PUT /api/users/me/password': {
    policy: 'user',
    prepare: async (ctx, caller) => {
      if (caller === 'anon')
        return { url: '/api/users/me/password', payload: { currentPassword: 'secreto123', newPassword: 'otra-clave-1' } };
      const session = await freshSession(ctx, caller);
      return {
        url: '/api/users/me/password',
        token: session.token,
        payload: { currentPassword: session.password, newPassword: 'otra-clave-1' },
      };
    },
    expect: ANY_USER(200),
  },

  // --- user administration ---
  'GET /api/admin/users': {
    policy: 'admin',
    prepare: () => ({ url: '/api/admin/users' }),
    expect: ADMIN_ONLY(200),
    check: (ctx, _caller, res) => expect(res.json().map((u: { id: number }) => u.id)).toContain(ctx.A.id),
  },
  'PUT /api/admin/users/:id/role': {
    policy: 'admin',
    prepare: async (ctx) => ({ url: `/api/admin/users/${(await newUser(ctx)).id}/role`, payload: { role: 'admin' } }),
    expect: ADMIN_ONLY(200),
  },
  'PUT /api/admin/users/:id/password': {
    policy: 'admin',
    prepare: async (ctx) => ({ url: `/api/admin/users/${(await newUser(ctx)).id}/password`, payload: { password: 'nueva-clave' } }),
    expect: ADMIN_ONLY(200),
  },
  'PUT /api/admin/users/:id/profile': {
    policy: 'admin',
    prepare: async (ctx) => ({
      url: `/api/admin/users/${(await newUser(ctx)).id}/profile`,
      payload: { name: 'Nombre Cambiado', worker_id: uniqueWorkerId('p') },
    }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/admin/users/:id/unlock': {
    policy: 'admin',
    prepare: async (ctx) => ({ url: `/api/admin/users/${(await newUser(ctx)).id}/unlock` }),
    expect: ADMIN_ONLY(200),
  },
  'DELETE /api/admin/users/:id': {
    policy: 'admin',
    prepare: async (ctx) => ({ url: `/api/admin/users/${(await newUser(ctx)).id}` }),
    expect: ADMIN_ONLY(200),
  },

  // --- naves and stations ---
  'GET /api/admin/naves': { policy: 'admin', prepare: () => ({ url: '/api/admin/naves' }), expect: ADMIN_ONLY(200) },
  'POST /api/admin/naves': {
    policy: 'admin',
    prepare: () => ({ url: '/api/admin/naves', payload: { name: unique('Nave') } }),
    expect: ADMIN_ONLY(201),
  },
  'PUT /api/admin/naves/:id': {
    policy: 'admin',
    prepare: async (ctx) => {
      const id = (await ok(await inject(ctx, 'POST', '/api/admin/naves', ctx.admin, { name: unique('Nave') }), 'nave')).id;
      return { url: `/api/admin/naves/${id}`, payload: { name: unique('Nave Renombrada') } };
    },
    expect: ADMIN_ONLY(200),
  },
  'DELETE /api/admin/naves/:id': {
    policy: 'admin',
    prepare: async (ctx) => {
      const id = (await ok(await inject(ctx, 'POST', '/api/admin/naves', ctx.admin, { name: unique('Nave') }), 'nave')).id;
      return { url: `/api/admin/naves/${id}` };
    },
    expect: ADMIN_ONLY(200),
  },
  'GET /api/admin/arcos-sumergidos': { policy: 'admin', prepare: () => ({ url: '/api/admin/arcos-sumergidos' }), expect: ADMIN_ONLY(200) },
  'POST /api/admin/arcos-sumergidos': {
    policy: 'admin',
    prepare: () => ({ url: '/api/admin/arcos-sumergidos', payload: { name: unique('Arco'), nave: 'Nave 1' } }),
    expect: ADMIN_ONLY(201),
  },
  'PUT /api/admin/arcos-sumergidos/:id': {
    policy: 'admin',
    prepare: async (ctx) => ({
      url: `/api/admin/arcos-sumergidos/${(await ctx.t.createArco()).id}`,
      payload: { name: unique('Arco'), nave: 'Nave 2' },
    }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/admin/audit': {
    policy: 'admin',
    prepare: () => ({ url: '/api/admin/audit' }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/admin/downtime': {
    policy: 'admin',
    prepare: () => ({ url: '/api/admin/downtime?month=2026-01&nave=Nave%201' }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/admin/downtime/planned-hours': {
    policy: 'admin',
    prepare: () => ({ url: '/api/admin/downtime/planned-hours' }),
    expect: ADMIN_ONLY(200),
  },
  'PUT /api/admin/downtime/planned-hours': {
    policy: 'admin',
    prepare: () => ({ url: '/api/admin/downtime/planned-hours', payload: { hours: [24, 24, 24, 24, 24, 24, 0] } }),
    // Retired: the shift calendar edits the working time (docs/decisions/056-shift-figures-across-a-month.md).
    expect: ADMIN_ONLY(410),
  },
  'GET /api/shifts/instances': {
    policy: 'user',
    prepare: () => ({ url: '/api/shifts/instances?from=2026-03-28&to=2026-03-29' }),
    expect: ANY_USER(200),
  },
  'GET /api/shifts/current': {
    policy: 'user',
    prepare: () => ({ url: '/api/shifts/current' }),
    expect: ANY_USER(200),
  },
  'GET /api/admin/shifts': {
    policy: 'admin',
    prepare: () => ({ url: '/api/admin/shifts' }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/admin/shifts': {
    policy: 'admin',
    prepare: () => ({
      url: '/api/admin/shifts',
      payload: { name: unique('Turno'), start: '09:00', end: '10:00', weekdays: [7], effective_from: '2099-01-04' },
    }),
    expect: ADMIN_ONLY(201),
  },
  'PUT /api/admin/shifts/:id': {
    policy: 'admin',
    prepare: async (ctx) => ({
      url: `/api/admin/shifts/${await matrixShift(ctx)}`,
      payload: { name: unique('Turno'), start: '11:00', end: '12:00', weekdays: [7], effective_from: '2099-02-01' },
    }),
    expect: ADMIN_ONLY(200),
  },
  'DELETE /api/admin/shifts/:id': {
    policy: 'admin',
    prepare: async (ctx) => ({ url: `/api/admin/shifts/${await matrixShift(ctx)}?from=2099-03-01` }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/admin/shifts/closures': {
    policy: 'admin',
    prepare: () => ({ url: '/api/admin/shifts/closures', payload: { date: '2099-04-01', reason: 'Fiesta' } }),
    expect: ADMIN_ONLY(201),
  },
  'DELETE /api/admin/shifts/closures/:id': {
    policy: 'admin',
    prepare: async (ctx) => {
      const row = await ctx.t.db
        .insertInto('shift_closures')
        .values({ date: '2099-05-01', shift_id: null, reason: '', created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { url: `/api/admin/shifts/closures/${row.id}` };
    },
    expect: ADMIN_ONLY(200),
  },
  'GET /api/motivos': {
    policy: 'user',
    prepare: () => ({ url: '/api/motivos' }),
    expect: ANY_USER(200),
  },
  'POST /api/admin/motivos': {
    policy: 'admin',
    prepare: () => ({ url: '/api/admin/motivos', payload: { name: unique('Motivo') } }),
    expect: ADMIN_ONLY(201),
  },
  'PUT /api/admin/motivos/:id': {
    policy: 'admin',
    prepare: async (ctx) => {
      const at = new Date().toISOString();
      const row = await ctx.t.db
        .insertInto('motivos')
        .values({ name: unique('Motivo'), active: 1, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { url: `/api/admin/motivos/${row.id}`, payload: { active: false } };
    },
    expect: ADMIN_ONLY(200),
  },
  'DELETE /api/admin/arcos-sumergidos/:id': {
    policy: 'admin',
    prepare: async (ctx) => ({ url: `/api/admin/arcos-sumergidos/${(await ctx.t.createArco()).id}` }),
    expect: ADMIN_ONLY(200),
  },

  // --- machine signals: bindings are admins'; a state report takes the arco's device key, whoever calls ---
  'POST /api/machines/:id/state': {
    policy: 'public',
    prepare: async (ctx) => {
      const arco = await ctx.t.createArco();
      const { key } = await createKey(ctx.t.app.ctx, null, arco.id);
      return { url: `/api/machines/${arco.id}/state`, payload: { state: 'stopped' }, headers: { 'x-device-key': key } };
    },
    expect: ANON_PUBLIC,
  },
  'PUT /api/machines/paradas/:id': {
    policy: 'user',
    prepare: async (ctx) => {
      // A fresh machine stop at S1 each call: the arco's previous one ends first.
      await applySignal(ctx.t.app.ctx, ctx.s1.id, { state: 'running' });
      const opened = (await applySignal(ctx.t.app.ctx, ctx.s1.id, { state: 'stopped' })).cover?.opened;
      return { url: `/api/machines/paradas/${opened}`, payload: { description: 'Falta de hilo' } };
    },
    expect: STATION_S1(200),
  },
  'GET /api/admin/machines': { policy: 'admin', prepare: () => ({ url: '/api/admin/machines' }), expect: ADMIN_ONLY(200) },
  'GET /api/dashboard/disk': { policy: 'admin', prepare: () => ({ url: '/api/dashboard/disk' }), expect: ADMIN_ONLY(200) },
  'PUT /api/admin/arcos-sumergidos/:id/machine': {
    policy: 'admin',
    prepare: async (ctx) => ({
      url: `/api/admin/arcos-sumergidos/${(await ctx.t.createArco()).id}/machine`,
      payload: { topic: unique('planta/arco') },
    }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/admin/arcos-sumergidos/:id/machine/key': {
    policy: 'admin',
    prepare: async (ctx) => ({ url: `/api/admin/arcos-sumergidos/${(await ctx.t.createArco()).id}/machine/key` }),
    expect: ADMIN_ONLY(201),
  },
  'DELETE /api/admin/arcos-sumergidos/:id/machine/key': {
    policy: 'admin',
    prepare: async (ctx) => {
      const arco = await ctx.t.createArco();
      await createKey(ctx.t.app.ctx, null, arco.id);
      return { url: `/api/admin/arcos-sumergidos/${arco.id}/machine/key` };
    },
    expect: ADMIN_ONLY(200),
  },

  // --- tramos: everyone reads, the owner edits, only admins delete ---
  'POST /api/tramos': {
    policy: 'user',
    prepare: async (ctx, caller) => ({
      url: '/api/tramos',
      ...(await mp({ id_tramo: unique('T'), id_proyecto: 'P-002', id_circular: 'C-002', arco_sumergido_id: stationOf(ctx, caller).id })),
    }),
    expect: ANY_USER(201),
    check: (ctx, caller, res) => {
      const admin = caller === 'admin';
      expect(res.json().tramo.user_id).toBe(admin ? ctx.adminId : userOf(ctx, caller)?.id);
    },
  },
  'GET /api/tramos': {
    policy: 'user',
    prepare: () => ({ url: '/api/tramos?limit=100' }),
    expect: ANY_USER(200),
    check: (ctx, _caller, res) => expect(res.json().tramos.map((r: { id: number }) => r.id)).toContain(ctx.shared.tramo),
  },
  'GET /api/tramos/search': { policy: 'user', prepare: () => ({ url: '/api/tramos/search?id_proyecto=P-00' }), expect: ANY_USER(200) },
  'GET /api/tramos/:id': { policy: 'user', prepare: (ctx) => ({ url: `/api/tramos/${ctx.shared.tramo}` }), expect: ANY_USER(200) },
  'PUT /api/tramos/:id': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/tramos/${await newTramo(ctx, ctx.A)}`, ...(await mp({ descripcion: 'Editada' })) }),
    expect: OWNER_OR_ADMIN(200),
    check: (ctx, _caller, res) => expect(res.json().tramo.user_id).toBe(ctx.A.id),
  },
  'DELETE /api/tramos/:id': {
    policy: 'admin',
    prepare: async (ctx) => ({ url: `/api/tramos/${await newTramo(ctx, ctx.A)}` }),
    expect: { anon: 401, owner: 403, sameStation: 403, otherArco: 403, admin: 200 },
  },

  // --- Kaiser stops: own only, admins all ---
  'GET /api/paradas-kaiser': {
    policy: 'user',
    prepare: () => ({ url: '/api/paradas-kaiser' }),
    expect: ANY_USER(200),
    check: (ctx, caller, res) => {
      const ids = res.json().map((p: { id: number }) => p.id);
      const owners = new Set(res.json().map((p: { user_id: number }) => p.user_id));
      if (caller === 'admin') {
        expect(ids).toEqual(expect.arrayContaining([ctx.shared.stopA, ctx.shared.stopB, ctx.shared.stopC]));
        return;
      }
      const me = userOf(ctx, caller)!;
      expect([...owners]).toEqual([me.id]);
      expect(ids).toContain({ owner: ctx.shared.stopA, sameStation: ctx.shared.stopB, otherArco: ctx.shared.stopC }[caller as 'owner']);
    },
  },
  'GET /api/paradas-kaiser/active': {
    policy: 'user',
    prepare: async (ctx) => {
      // Somebody else's stop is running, so an answer that is not one's own would show.
      await newActiveStop(ctx, ctx.C);
      return { url: '/api/paradas-kaiser/active' };
    },
    expect: ANY_USER(200),
    check: (ctx, caller, res) => {
      const active = res.json();
      const me = caller === 'admin' ? ctx.adminId : userOf(ctx, caller)!.id;
      if (active !== null) expect(active.user_id).toBe(me);
    },
  },
  'GET /api/paradas-kaiser/:id': {
    policy: 'user',
    prepare: (ctx) => ({ url: `/api/paradas-kaiser/${ctx.shared.stopA}` }),
    expect: OWNER_OR_ADMIN(200),
  },
  'POST /api/paradas-kaiser/start': {
    policy: 'user',
    prepare: async (ctx, caller) => {
      if (caller === 'admin') await closeActiveStops(ctx, ctx.adminId, ctx.s2.id);
      else if (caller !== 'anon') await closeActiveStops(ctx, userOf(ctx, caller)!.id, stationOf(ctx, caller).id);
      // The body's station counts only for a session without one (an admin); a worker's comes from the token.
      return { url: '/api/paradas-kaiser/start', payload: { description: 'inicio', arco_sumergido_id: ctx.s2.id } };
    },
    expect: ANY_USER(201),
    check: async (ctx, caller, res) => {
      const row = await ctx.t.db.selectFrom('paradas_kaiser').selectAll().where('id', '=', res.json().stopId).executeTakeFirstOrThrow();
      expect(row.arco_sumergido_id).toBe(caller === 'admin' ? ctx.s2.id : stationOf(ctx, caller).id);
    },
  },
  'GET /api/paradas-kaiser/active/arco': {
    policy: 'user',
    prepare: async (ctx) => {
      await newActiveStop(ctx, ctx.A);
      return { url: '/api/paradas-kaiser/active/arco' };
    },
    expect: ANY_USER(200),
    check: (ctx, caller, res) => {
      // The stop running at one's own station, whoever started it; never another station's.
      const active = res.json();
      if (caller === 'owner' || caller === 'sameStation') expect(active.user_id).toBe(ctx.A.id);
      else if (caller === 'otherArco' && active !== null) expect(active.arco_sumergido_id).toBe(ctx.s2.id);
      else if (caller === 'admin') expect(active).toBeNull();
    },
  },
  // A running stop is the station's: anyone signed in at its arco may end it.
  'GET /api/paradas-kaiser/sin-motivo': {
    policy: 'user',
    prepare: async (ctx) => {
      await newEndedStop(ctx, ctx.A);
      return { url: '/api/paradas-kaiser/sin-motivo' };
    },
    expect: ANY_USER(200),
    check: (ctx, caller, res) => {
      // Only the caller's own station's stops; an admin signed in without one gets none.
      const rows = res.json() as { arco_sumergido_id: number }[];
      const station = caller === 'otherArco' ? ctx.s2.id : ctx.s1.id;
      if (caller === 'admin') expect(rows).toEqual([]);
      else for (const row of rows) expect(row.arco_sumergido_id).toBe(station);
      if (caller === 'owner' || caller === 'sameStation') expect(rows.length).toBeGreaterThan(0);
    },
  },
  // An ended stop without motivo is the station's to complete: anyone signed in at its arco, or an admin.
  'PUT /api/paradas-kaiser/:id/motivo': {
    policy: 'user',
    prepare: async (ctx) => {
      const motivo = await ctx.t.db.selectFrom('motivos').select('id').where('active', '=', 1).executeTakeFirstOrThrow();
      return { url: `/api/paradas-kaiser/${await newEndedStop(ctx, ctx.A)}/motivo`, payload: { motivo_id: motivo.id } };
    },
    expect: STATION_S1(200),
  },
  'PUT /api/paradas-kaiser/end/:id': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/paradas-kaiser/end/${await newActiveStop(ctx, ctx.A)}`, payload: {} }),
    expect: STATION_S1(200),
  },
  'POST /api/paradas-kaiser/manual': {
    policy: 'user',
    prepare: (ctx) => ({
      url: '/api/paradas-kaiser/manual',
      payload: { ...pastWindow(), description: 'manual', arco_sumergido_id: ctx.s1.id },
    }),
    expect: ANY_USER(201),
    check: (ctx, caller, res) => expect(res.json().parada.user_id).toBe(caller === 'admin' ? ctx.adminId : userOf(ctx, caller)!.id),
  },
  'PUT /api/paradas-kaiser/:id': {
    policy: 'user',
    prepare: async (ctx) => ({
      url: `/api/paradas-kaiser/${await newManualStop(ctx, ctx.A)}`,
      payload: { ...pastWindow(), description: 'editada' },
    }),
    expect: OWNER_OR_ADMIN(200),
    check: (ctx, _caller, res) => expect(res.json().parada.user_id).toBe(ctx.A.id),
  },
  'DELETE /api/paradas-kaiser/:id': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/paradas-kaiser/${await newManualStop(ctx, ctx.A)}` }),
    expect: OWNER_OR_ADMIN(200),
  },

  // --- the wall: the token's station; posts and comments changed by their author or an admin ---
  'GET /api/wall/posts': {
    policy: 'user',
    prepare: () => ({ url: '/api/wall/posts?limit=100' }),
    expect: ANY_USER(200),
    check: (ctx, caller, res) => {
      const posts: { id: number; arco_sumergido_id: number | null }[] = res.json();
      if (caller === 'admin') {
        expect(posts.map((p) => p.id)).toEqual(expect.arrayContaining([ctx.shared.postS1, ctx.shared.postS2]));
        return;
      }
      const station = stationOf(ctx, caller).id;
      expect(posts.length).toBeGreaterThan(0);
      expect(posts.filter((p) => p.arco_sumergido_id !== station)).toEqual([]);
      expect(posts.map((p) => p.id)).toContain(caller === 'otherArco' ? ctx.shared.postS2 : ctx.shared.postS1);
    },
  },
  'POST /api/wall/posts': {
    policy: 'user',
    prepare: async () => ({ url: '/api/wall/posts', ...(await mp({ content: unique('Nueva publicación') })) }),
    expect: ANY_USER(201),
    check: (ctx, caller, res) => {
      if (caller !== 'admin') expect(res.json().post.arco_sumergido_id).toBe(stationOf(ctx, caller).id);
    },
  },
  'PUT /api/wall/posts/:id': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/wall/posts/${await newPost(ctx, ctx.A)}`, ...(await mp({ content: 'Publicación editada' })) }),
    expect: OWNER_OR_ADMIN(200),
  },
  'DELETE /api/wall/posts/:id': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/wall/posts/${await newPost(ctx, ctx.A)}` }),
    expect: OWNER_OR_ADMIN(200),
  },
  'POST /api/wall/posts/:id/like': {
    policy: 'user',
    prepare: (ctx) => ({ url: `/api/wall/posts/${ctx.shared.postS1}/like` }),
    expect: STATION_S1(200),
  },
  'DELETE /api/wall/posts/:id/like': {
    policy: 'user',
    prepare: (ctx) => ({ url: `/api/wall/posts/${ctx.shared.postS1}/like` }),
    expect: STATION_S1(200),
  },
  'GET /api/wall/posts/:id/comments': {
    policy: 'user',
    prepare: (ctx) => ({ url: `/api/wall/posts/${ctx.shared.postS1}/comments` }),
    expect: STATION_S1(200),
  },
  'POST /api/wall/posts/:id/comments': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/wall/posts/${ctx.shared.postS1}/comments`, ...(await mp({ content: 'Comentario' })) }),
    expect: STATION_S1(201),
  },
  'GET /api/wall/comments': { policy: 'admin', prepare: () => ({ url: '/api/wall/comments' }), expect: ADMIN_ONLY(200) },
  'PUT /api/wall/posts/:postId/comments/:id': {
    policy: 'user',
    prepare: async (ctx) => ({
      url: `/api/wall/posts/${ctx.shared.postS1}/comments/${await newComment(ctx, ctx.A, ctx.shared.postS1)}`,
      ...(await mp({ content: 'Comentario editado' })),
    }),
    expect: OWNER_OR_ADMIN(200),
  },
  'DELETE /api/wall/posts/:postId/comments/:id': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/wall/posts/${ctx.shared.postS1}/comments/${await newComment(ctx, ctx.A, ctx.shared.postS1)}` }),
    expect: OWNER_OR_ADMIN(200),
  },

  // --- statistics ---
  'GET /api/dashboard/stats': { policy: 'admin', prepare: () => ({ url: '/api/dashboard/stats' }), expect: ADMIN_ONLY(200) },
  'GET /api/dashboard/tramos-stats': { policy: 'admin', prepare: () => ({ url: '/api/dashboard/tramos-stats' }), expect: ADMIN_ONLY(200) },
  'GET /api/dashboard/kaiser-stops-stats': {
    policy: 'admin',
    prepare: () => ({ url: '/api/dashboard/kaiser-stops-stats' }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/dashboard/top-users-by-tramos': {
    policy: 'admin',
    prepare: () => ({ url: '/api/dashboard/top-users-by-tramos' }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/dashboard/top-users-by-kaiser-stops': {
    policy: 'admin',
    prepare: () => ({ url: '/api/dashboard/top-users-by-kaiser-stops' }),
    expect: ADMIN_ONLY(200),
  },

  // --- plant board, exports and the live stream ---
  'GET /api/timeline': {
    policy: 'user',
    // Every caller's own nave (workers may read only theirs: timeline.test.ts).
    prepare: () => {
      const from = new Date(Date.now() - 86_400_000).toISOString();
      return { url: `/api/timeline?nave=Nave%201&from=${from}&to=${new Date().toISOString()}` };
    },
    expect: ANY_USER(200),
  },
  'GET /api/timeline/paradas/:id': {
    policy: 'user',
    // Anyone of the parada's nave (all callers work in Nave 1; another nave's: timeline.test.ts).
    prepare: (ctx) => ({ url: `/api/timeline/paradas/${ctx.shared.stopA}` }),
    expect: ANY_USER(200),
  },
  'GET /api/timeline/arc': {
    policy: 'user',
    // The arc time of a stretch of an arco of the caller's nave (another nave's: arc-views.test.ts).
    prepare: (ctx) => {
      const to = Date.now();
      return {
        url: `/api/timeline/arc?arco_sumergido_id=${ctx.s1.id}&from=${new Date(to - 3_600_000).toISOString()}&to=${new Date(to).toISOString()}`,
      };
    },
    expect: ANY_USER(200),
  },
  'GET /api/handovers/arco': {
    policy: 'user',
    prepare: () => ({ url: '/api/handovers/arco' }),
    // An admin signs in at no arco.
    expect: { anon: 401, owner: 200, sameStation: 200, otherArco: 200, admin: 400 },
  },
  'POST /api/handovers': {
    policy: 'user',
    prepare: async (ctx, caller) => {
      await ctx.t.db.deleteFrom('handovers').where('arco_sumergido_id', '=', stationOf(ctx, caller).id).execute();
      return { url: '/api/handovers', payload: { note: 'Relevo de matriz' } };
    },
    expect: { anon: 401, owner: 201, sameStation: 201, otherArco: 201, admin: 400 },
  },
  'PUT /api/handovers/:id': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/handovers/${await newHandover(ctx)}`, payload: { note: 'Relevo editado' } }),
    // Only its author, not even an admin.
    expect: { anon: 401, owner: 200, sameStation: 403, otherArco: 403, admin: 403 },
  },
  'POST /api/handovers/:id/confirm': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/handovers/${await newHandover(ctx)}/confirm` }),
    // Someone else at its arco: not its author, not another arco, not an admin (at no arco).
    expect: { anon: 401, owner: 403, sameStation: 200, otherArco: 403, admin: 403 },
  },
  'GET /api/admin/handovers': {
    policy: 'admin',
    prepare: () => ({ url: `/api/admin/handovers?nave=Nave%201&date=${new Date().toISOString().slice(0, 10)}` }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/admin/planta': { policy: 'admin', prepare: () => ({ url: '/api/admin/planta' }), expect: ADMIN_ONLY(200) },
  'GET /api/admin/export/paradas-kaiser.csv': {
    policy: 'admin',
    prepare: () => ({ url: `/api/admin/export/paradas-kaiser.csv?${dateRange()}` }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/admin/export/tramos.csv': {
    policy: 'admin',
    prepare: () => ({ url: `/api/admin/export/tramos.csv?${dateRange()}` }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/events': { policy: 'user', prepare: () => ({ url: '/api/events' }), expect: ANY_USER(200), stream: true },

  // --- the andon (docs/decisions/043-andon.md): capabilities and rules are admins'; a call is answered by
  // the people it calls (none of the matrix's workers) and admins; its arco's workers may close a call without parada ---
  'GET /api/admin/users/:id/andon-roles': {
    policy: 'admin',
    prepare: (ctx) => ({ url: `/api/admin/users/${ctx.C.id}/andon-roles` }),
    expect: ADMIN_ONLY(200),
  },
  'PUT /api/admin/users/:id/andon-roles': {
    policy: 'admin',
    prepare: (ctx) => ({ url: `/api/admin/users/${ctx.adminId}/andon-roles`, payload: { supervisor: ['Nave 2'], maintenance: [] } }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/admin/andon/rules': { policy: 'admin', prepare: () => ({ url: '/api/admin/andon/rules' }), expect: ADMIN_ONLY(200) },
  'PUT /api/admin/andon/rules': {
    policy: 'admin',
    prepare: () => ({
      url: '/api/admin/andon/rules',
      payload: { supervisor_minutes: 5, maintenance_minutes: 15, naves: [], immediate_motivos: [] },
    }),
    expect: ADMIN_ONLY(200),
  },
  'GET /api/andon/calls': { policy: 'user', prepare: () => ({ url: '/api/andon/calls' }), expect: ANY_USER(200) },
  'GET /api/andon/calls/arco': { policy: 'user', prepare: () => ({ url: '/api/andon/calls/arco' }), expect: ANY_USER(200) },
  'POST /api/andon/calls': {
    policy: 'user',
    prepare: async (ctx) => {
      await closeAndonCalls(ctx);
      return { url: '/api/andon/calls', payload: { level: 'supervisor' } };
    },
    // An administrator's token names no arco to call from.
    expect: { anon: 401, owner: 201, sameStation: 201, otherArco: 201, admin: 400 },
  },
  'POST /api/andon/calls/:id/ack': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/andon/calls/${await newAndonCall(ctx)}/ack` }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/andon/calls/:id/arrive': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/andon/calls/${await newAndonCall(ctx)}/arrive` }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/andon/calls/:id/resolve': {
    policy: 'user',
    prepare: async (ctx) => ({ url: `/api/andon/calls/${await newAndonCall(ctx)}/resolve` }),
    expect: STATION_S1(200),
  },
  'GET /api/push/public-key': { policy: 'user', prepare: () => ({ url: '/api/push/public-key' }), expect: ANY_USER(200) },
  'POST /api/push/subscriptions': {
    policy: 'user',
    prepare: () => ({ url: '/api/push/subscriptions', payload: pushSubscription() }),
    expect: ANY_USER(201),
  },
  'DELETE /api/push/subscriptions': {
    policy: 'user',
    prepare: () => ({ url: '/api/push/subscriptions', payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/nada' } }),
    expect: ANY_USER(200),
  },

  // --- the paged lists (decision 018) ---
  'GET /api/admin/lists/paradas': { policy: 'admin', prepare: () => ({ url: '/api/admin/lists/paradas' }), expect: ADMIN_ONLY(200) },
  'GET /api/admin/lists/posts': { policy: 'admin', prepare: () => ({ url: '/api/admin/lists/posts' }), expect: ADMIN_ONLY(200) },
  'GET /api/admin/lists/comments': { policy: 'admin', prepare: () => ({ url: '/api/admin/lists/comments' }), expect: ADMIN_ONLY(200) },
  'GET /api/admin/lists/users': { policy: 'admin', prepare: () => ({ url: '/api/admin/lists/users?q=a' }), expect: ADMIN_ONLY(200) },
  'GET /api/tramos/page': { policy: 'user', prepare: () => ({ url: '/api/tramos/page?pageSize=50' }), expect: ANY_USER(200) },

  // --- the station terminal (docs/decisions/036-station-terminal.md) ---
  'GET /api/users/me/pin': { policy: 'user', prepare: () => ({ url: '/api/users/me/pin' }), expect: ANY_USER(200) },
  'PUT /api/users/me/pin': {
    policy: 'user',
    prepare: (ctx, caller) => ({
      url: '/api/users/me/pin',
      payload: { current_password: userOf(ctx, caller)?.password ?? ADMIN.password, pin: MATRIX_PIN },
    }),
    expect: ANY_USER(204),
  },
  'DELETE /api/admin/users/:id/pin': {
    policy: 'admin',
    prepare: async (ctx) => ({ url: `/api/admin/users/${(await newUser(ctx)).id}/pin` }),
    expect: ADMIN_ONLY(204),
  },
  'PUT /api/admin/users/:id/badge': {
    policy: 'admin',
    prepare: async (ctx) => ({ url: `/api/admin/users/${(await newUser(ctx)).id}/badge`, payload: { badge_code: unique('Tarjeta') } }),
    expect: ADMIN_ONLY(204),
  },
  'POST /api/admin/arcos-sumergidos/:id/terminal-codes': {
    policy: 'admin',
    prepare: (ctx) => ({ url: `/api/admin/arcos-sumergidos/${ctx.s1.id}/terminal-codes` }),
    expect: ADMIN_ONLY(201),
  },
  'POST /api/terminal/enrol': {
    policy: 'public',
    // The code decides, whoever calls: a fresh one each time (an admin's, issued through the service).
    prepare: async (ctx) => {
      const admin = {
        id: ctx.adminId,
        name: 'admin',
        worker_id: 'admin',
        role: 'admin' as const,
        nave: null,
        arco_sumergido_id: null,
        arco_sumergido_name: null,
      };
      const { code } = await issueCode(ctx.t.app.ctx, admin, ctx.s1.id);
      return { url: '/api/terminal/enrol', payload: { code } };
    },
    expect: { anon: 201, owner: 201, sameStation: 201, otherArco: 201, admin: 201 },
  },
  'GET /api/terminal': { policy: 'terminal', prepare: (ctx, caller) => asTerminal(ctx, caller, '/api/terminal'), expect: TERMINAL(200) },
  'POST /api/terminal/heartbeat': {
    policy: 'terminal',
    prepare: (ctx, caller) => asTerminal(ctx, caller, '/api/terminal/heartbeat'),
    expect: TERMINAL(204),
  },
  'GET /api/terminal/andon-calls': {
    policy: 'terminal',
    prepare: (ctx, caller) => asTerminal(ctx, caller, '/api/terminal/andon-calls'),
    expect: TERMINAL(200),
  },
  'GET /api/terminal/home': {
    policy: 'terminal',
    prepare: (ctx, caller) => asTerminal(ctx, caller, '/api/terminal/home'),
    expect: TERMINAL(200),
  },
  'GET /api/terminal/events': {
    policy: 'terminal',
    prepare: (ctx, caller) => asTerminal(ctx, caller, '/api/terminal/events'),
    expect: TERMINAL(200),
    stream: true,
  },
  'POST /api/terminal/sign-in': {
    policy: 'terminal',
    // The credential and the PIN decide, not the session the caller may already have.
    prepare: (ctx, caller) => ({
      ...asTerminal(ctx, caller, '/api/terminal/sign-in'),
      payload: { worker_id: ctx.A.worker_id, pin: MATRIX_PIN },
    }),
    expect: TERMINAL(200),
  },
  'GET /api/terminal/nonce': {
    policy: 'terminal',
    prepare: (ctx, caller) => asTerminal(ctx, caller, '/api/terminal/nonce'),
    expect: TERMINAL(200),
  },
  'PUT /api/terminal/device-key': {
    policy: 'terminal',
    // A terminal enrolled before device binding records its key: a fresh one per caller, so each binds once.
    prepare: async (ctx, caller) => ({
      url: '/api/terminal/device-key',
      headers: caller === 'anon' ? {} : terminalKey((await enrolTerminalAt(ctx.t, ctx.s2.id)).credential),
      payload: { device_key: newDeviceKey().publicKey },
    }),
    expect: TERMINAL(204),
  },
  'GET /api/admin/terminals': { policy: 'admin', prepare: () => ({ url: '/api/admin/terminals' }), expect: ADMIN_ONLY(200) },
  'POST /api/admin/terminals/:id/pin-unlock': {
    policy: 'admin',
    prepare: async (ctx) => ({ url: `/api/admin/terminals/${(await enrolTerminalAt(ctx.t, ctx.s2.id)).terminal.id}/pin-unlock` }),
    expect: ADMIN_ONLY(200),
  },
  'PATCH /api/admin/terminals/:id': {
    policy: 'admin',
    prepare: async (ctx) => ({
      url: `/api/admin/terminals/${(await enrolTerminalAt(ctx.t, ctx.s2.id)).terminal.id}`,
      payload: { name: unique('Tablet') },
    }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/admin/terminals/:id/revoke': {
    policy: 'admin',
    prepare: async (ctx) => ({ url: `/api/admin/terminals/${(await enrolTerminalAt(ctx.t, ctx.s2.id)).terminal.id}/revoke` }),
    expect: ADMIN_ONLY(200),
  },
  ...weldScenarios,
  ...telemetryScenarios,
};

/** Calls a server-sent events route over real HTTP: the status and content type, then the stream is dropped. */
async function callStream(ctx: Ctx, url: string, token: string | null, headers: Record<string, string> = {}) {
  const server = ctx.t.app.server;
  if (!server.listening) await ctx.t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.address() as AddressInfo;
  const abort = new AbortController();
  try {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      headers: { ...(token ? bearer(token) : {}), ...headers },
      signal: abort.signal,
    });
    const type = res.headers.get('content-type') ?? '';
    const body = type.includes('json') ? await res.text() : '';
    return { statusCode: res.status, type, body };
  } finally {
    abort.abort();
  }
}

describe.skipIf(pgUnavailable)('authorization matrix over every route', () => {
  const t = useTestApp();
  let ctx: Ctx;
  let calls = 0;

  beforeAll(async () => {
    const s1 = await t.createArco('Arco Matriz 1', 'Nave 1');
    const s2 = await t.createArco('Arco Matriz 2', 'Nave 1');
    const [A, B, C] = await Promise.all([
      t.createWorker(s1, 'Ana Dueña'),
      t.createWorker(s1, 'Beto Vecino'),
      t.createWorker(s2, 'Carla Lejana'),
    ]);
    const admin = await t.adminToken();
    const adminId = (await t.db.selectFrom('users').select('id').where('worker_id', '=', 'admin').executeTakeFirstOrThrow()).id;
    const terminalS1 = await enrolTerminal(t, s1.id);
    await t.send(A.token, 'PUT', '/api/users/me/pin', { current_password: A.password, pin: MATRIX_PIN });
    ctx = { t, s1, s2, A, B, C, admin, adminId, terminalS1, shared: { tramo: 0, stopA: 0, stopB: 0, stopC: 0, postS1: 0, postS2: 0 } };
    ctx.shared = {
      tramo: await newTramo(ctx, A),
      stopA: await newManualStop(ctx, A),
      stopB: await newManualStop(ctx, B),
      stopC: await newManualStop(ctx, C),
      postS1: await newPost(ctx, A),
      postS2: await newPost(ctx, C),
    };
  });
  afterAll(async () => {
    console.log(`authorization matrix: ${ctx ? ctx.t.app.routeTable.length : 0} routes, ${calls} calls`);
  });

  const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

  it('has a scenario for every route the server registers, with the policy the route declares', () => {
    const table = ctx.t.app.routeTable;
    expect(table.length).toBeGreaterThanOrEqual(50);
    const missing = table.filter((r) => !scenarios[key(r)]).map(key);
    expect(missing, 'routes without an authorization scenario').toEqual([]);
    for (const r of table) expect(`${key(r)} ${r.policy}`).toBe(`${key(r)} ${scenarios[key(r)].policy}`);
    // Scenarios of routes not (yet) registered are not run: list them so a renamed route shows.
    const unused = Object.keys(scenarios).filter((k) => !table.some((r) => key(r) === k));
    if (unused.length) console.log(`authorization scenarios for routes not registered: ${unused.join(', ')}`);
  });

  it('the scenarios agree with the declared policies (anonymous refused, workers kept out of admin routes)', () => {
    for (const [name, s] of Object.entries(scenarios)) {
      if (s.policy === 'public') continue;
      expect(s.expect.anon, name).toBe(401);
      if (s.policy === 'admin') expect([s.expect.owner, s.expect.sameStation, s.expect.otherArco], name).toEqual([403, 403, 403]);
    }
  });

  for (const caller of CALLERS) {
    it(`every route answers ${caller} exactly what the policy allows`, async () => {
      const failures: string[] = [];
      for (const route of ctx.t.app.routeTable) {
        const name = key(route);
        const scenario = scenarios[name];
        if (!scenario) continue;
        const call = await scenario.prepare(ctx, caller);
        const token = call.token ?? (caller === 'anon' ? null : caller === 'admin' ? ctx.admin : userOf(ctx, caller)!.token);
        calls++;
        if (scenario.stream) {
          const res = await callStream(ctx, call.url, token, call.headers);
          if (res.statusCode !== scenario.expect[caller])
            failures.push(`${name} as ${caller}: ${res.statusCode} (expected ${scenario.expect[caller]})`);
          if (res.statusCode < 300 && !res.type.includes('text/event-stream'))
            failures.push(`${name} as ${caller}: content type ${res.type}`);
          if (res.statusCode >= 400) expect(JSON.parse(res.body).message, name).toMatch(/\S/);
          continue;
        }
        const res = await inject(ctx, route.method, call.url, token, call.payload, call.headers);
        if (res.statusCode !== scenario.expect[caller]) {
          failures.push(`${name} as ${caller}: ${res.statusCode} ${res.body.slice(0, 120)} (expected ${scenario.expect[caller]})`);
          continue;
        }
        if (res.statusCode >= 400) {
          const missing = scenario.policy === 'terminal' ? terminalMessages.credentialMissing : messages.unauthenticated;
          const expected = res.statusCode === 401 ? missing : undefined;
          if (expected) expect(res.json(), name).toEqual({ message: expected });
          else expect(res.json().message, name).toMatch(/\S/);
          continue;
        }
        // Nothing secret ever leaves in an allowed answer either (OWASP API3, excessive data exposure).
        expect(res.body, name).not.toMatch(/password_hash|token_version|\$scrypt|\$argon2/);
        await scenario.check?.(ctx, caller, res);
      }
      expect(failures).toEqual([]);
    });
  }

  it('a worker cannot read or write another station wall by asking for it', async () => {
    const { B, C, s1, s2 } = ctx;
    const read = await inject(ctx, 'GET', `/api/wall/posts?arco_sumergido_id=${s1.id}`, C.token);
    expect(read.statusCode).toBe(403);
    const post = await multipart({ content: 'Intrusión en otro muro', arco_sumergido_id: s2.id });
    const write = await inject(ctx, 'POST', '/api/wall/posts', B.token, post.payload, post.headers);
    expect(write.statusCode).toBe(403);
    expect(await ctx.t.db.selectFrom('wall_posts').select('id').where('content', '=', 'Intrusión en otro muro').execute()).toEqual([]);
    // Another wall name at one's own station is still one's own station.
    const named = await inject(ctx, 'GET', '/api/wall/posts?wall_name=Otro', B.token);
    expect(named.statusCode).toBe(200);
    expect(named.json().filter((p: { arco_sumergido_id: number }) => p.arco_sumergido_id !== s1.id)).toEqual([]);
  });

  it("a worker cannot reach another station's post through its comments, likes or a mismatched path", async () => {
    const { A, C } = ctx;
    const commentOnS1 = await newComment(ctx, A, ctx.shared.postS1);
    // A comment addressed under another post is not found, whatever the caller.
    const wrongPost = await inject(ctx, 'DELETE', `/api/wall/posts/${ctx.shared.postS2}/comments/${commentOnS1}`, ctx.admin);
    expect(wrongPost.statusCode).toBe(404);
    const asC = await inject(ctx, 'DELETE', `/api/wall/posts/${ctx.shared.postS1}/comments/${commentOnS1}`, C.token);
    expect(asC.statusCode).toBe(403);
    const before = await ctx.t.db
      .selectFrom('wall_posts')
      .select('like_count')
      .where('id', '=', ctx.shared.postS1)
      .executeTakeFirstOrThrow();
    expect((await inject(ctx, 'POST', `/api/wall/posts/${ctx.shared.postS1}/like`, C.token)).statusCode).toBe(403);
    const after = await ctx.t.db
      .selectFrom('wall_posts')
      .select('like_count')
      .where('id', '=', ctx.shared.postS1)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('refused changes leave the records as they were', async () => {
    const { A, B, C } = ctx;
    const tramo = await newTramo(ctx, A);
    const stop = await newManualStop(ctx, A);
    const post = await newPost(ctx, A);
    const snapshot = async () => ({
      tramo: await ctx.t.db.selectFrom('tramos').selectAll().where('id', '=', tramo).executeTakeFirst(),
      stop: await ctx.t.db.selectFrom('paradas_kaiser').selectAll().where('id', '=', stop).executeTakeFirst(),
      post: await ctx.t.db.selectFrom('wall_posts').selectAll().where('id', '=', post).executeTakeFirst(),
    });
    const before = await snapshot();
    for (const w of [B, C]) {
      const edit = await multipart({ descripcion: 'Cambio ajeno', id_tramo: 'AJENO' });
      expect((await inject(ctx, 'PUT', `/api/tramos/${tramo}`, w.token, edit.payload, edit.headers)).statusCode).toBe(403);
      expect((await inject(ctx, 'DELETE', `/api/tramos/${tramo}`, w.token)).statusCode).toBe(403);
      expect((await inject(ctx, 'PUT', `/api/paradas-kaiser/${stop}`, w.token, { ...pastWindow(), description: 'ajena' })).statusCode).toBe(
        403,
      );
      expect((await inject(ctx, 'DELETE', `/api/paradas-kaiser/${stop}`, w.token)).statusCode).toBe(403);
      const postEdit = await multipart({ content: 'Publicación ajena' });
      expect((await inject(ctx, 'PUT', `/api/wall/posts/${post}`, w.token, postEdit.payload, postEdit.headers)).statusCode).toBe(403);
      expect((await inject(ctx, 'DELETE', `/api/wall/posts/${post}`, w.token)).statusCode).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a stop that does not exist is 404 for its would-be owner and for others alike', async () => {
    const gone = await newManualStop(ctx, ctx.A);
    expect((await inject(ctx, 'DELETE', `/api/paradas-kaiser/${gone}`, ctx.A.token)).statusCode).toBe(200);
    for (const token of [ctx.A.token, ctx.B.token, ctx.admin]) {
      expect((await inject(ctx, 'GET', `/api/paradas-kaiser/${gone}`, token)).statusCode).toBe(404);
      expect((await inject(ctx, 'PUT', `/api/paradas-kaiser/end/${gone}`, token, {})).statusCode).toBe(404);
    }
  });
});
