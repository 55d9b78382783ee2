import { authMessages } from '@portal/contract/auth';
import { messages } from '@portal/contract/common';
import { ERROR_CODE_HEADER, errorCodes } from '@portal/contract/error-codes';
import { TERMINAL_CODE_MINUTES, terminalMessages } from '@portal/contract/terminal';
import { userMessages } from '@portal/contract/users';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  enrolTerminalAt,
  expectBadRequests,
  fakeClock,
  multipart,
  pgUnavailable,
  type TestArco,
  terminalKey,
  useTestApp,
  type Worker,
} from './helper';
import { closeClients, connect, listen } from './sse-client';

/** The station terminal's API (docs/decisions/036-station-terminal.md), on both engines. */

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

describe.skipIf(pgUnavailable)('station terminal: enrolment, sign-in, sessions, revocation', () => {
  const t = useTestApp();
  let s1: TestArco;
  let s2: TestArco;
  let admin: string;
  let ana: Worker;
  let beto: Worker;
  let carla: Worker;

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, headers, payload: payload as string });
  const asTerminal = (credential: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    inject(method, url, terminalKey(credential), payload);
  const setPin = async (w: Worker, pin: string) => {
    const res = await t.send(w.token, 'PUT', '/api/users/me/pin', { current_password: w.password, pin });
    expect(res.statusCode, res.body).toBe(204);
  };
  const signIn = (credential: string, body: unknown) => asTerminal(credential, 'POST', '/api/terminal/sign-in', body);
  const newCode = async (arcoId: number) => {
    const res = await t.send(admin, 'POST', `/api/admin/arcos-sumergidos/${arcoId}/terminal-codes`);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { code: string; expires_at: string };
  };
  const auditRows = (entity: string, entityId: number) =>
    t.db.selectFrom('audit_log').selectAll().where('entity', '=', entity).where('entity_id', '=', entityId).orderBy('id').execute();

  beforeAll(async () => {
    s1 = await t.createArco('Arco Terminal 1', 'Nave 1');
    s2 = await t.createArco('Arco Terminal 2', 'Nave 2');
    admin = await t.adminToken();
    [ana, beto, carla] = await Promise.all([
      t.createWorker(s1, 'Ana Tableta'),
      t.createWorker(s1, 'Beto Tableta'),
      t.createWorker(s2, 'Carla Lejos'),
    ]);
    await setPin(ana, '1234');
    await setPin(beto, '5678');
    await setPin(carla, '9012');
  });
  afterEach(() => closeClients());

  describe('enrolment', () => {
    it('gives an 8-digit code valid 15 minutes, stored hashed, which enrols one device once', async () => {
      const { code, expires_at } = await newCode(s1.id);
      expect(code).toMatch(/^\d{8}$/);
      expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan((TERMINAL_CODE_MINUTES - 1) * 60_000);
      expect(Date.parse(expires_at) - Date.now()).toBeLessThanOrEqual(TERMINAL_CODE_MINUTES * 60_000);
      const stored = await t.db.selectFrom('terminal_codes').select('code_hash').execute();
      expect(stored.map((r) => r.code_hash)).not.toContain(code);

      const res = await t.send(null, 'POST', '/api/terminal/enrol', { code: `${code.slice(0, 4)} ${code.slice(4)}`, name: 'Tablet pared' });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body.terminal).toEqual({
        id: expect.any(Number),
        name: 'Tablet pared',
        arco_sumergido_id: s1.id,
        arco_sumergido_name: s1.name,
        nave: 'Nave 1',
      });
      expect(body.credential).toMatch(/^tk_[\w-]{40,}$/);
      const row = await t.db.selectFrom('terminals').selectAll().where('id', '=', body.terminal.id).executeTakeFirstOrThrow();
      expect(row.credential_hash).not.toContain(body.credential);
      expect(JSON.stringify(row)).not.toContain(body.credential);

      // The same code a second time: refused, and no second terminal.
      const again = await t.send(null, 'POST', '/api/terminal/enrol', { code });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ message: terminalMessages.codeInvalid });
      expect(await t.db.selectFrom('terminals').select('id').where('arco_sumergido_id', '=', s1.id).execute()).toHaveLength(1);

      // The admin's code and the enrolment are in the change history, the admin as the author of both.
      const [issued] = await auditRows('arco', s1.id);
      expect(issued).toMatchObject({ action: 'terminal_code' });
      expect(issued.actor_id).not.toBeNull();
      const [enrolled] = await auditRows('terminal', body.terminal.id);
      expect(enrolled).toMatchObject({ action: 'enrol', actor_id: issued.actor_id });
      expect(JSON.parse(enrolled.changes)).toMatchObject({ name: { before: null, after: 'Tablet pared' } });
      await t.db.deleteFrom('terminals').where('id', '=', body.terminal.id).execute();
    });

    it('refuses an expired code, an unknown one and a malformed one with a Spanish message', async () => {
      const clock = fakeClock();
      const { code } = await newCode(s1.id);
      clock.travel(TERMINAL_CODE_MINUTES * 60_000 + 1_000);
      const expired = await t.send(null, 'POST', '/api/terminal/enrol', { code });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({ message: terminalMessages.codeInvalid });
      const unknown = code === '00000000' ? '00000001' : '00000000';
      expect((await t.send(null, 'POST', '/api/terminal/enrol', { code: unknown })).json()).toEqual({
        message: terminalMessages.codeInvalid,
      });
      await expectBadRequests(
        (payload) => t.send(null, 'POST', '/api/terminal/enrol', payload),
        [
          [{}, terminalMessages.codeFormat],
          [{ code: '1234' }, terminalMessages.codeFormat],
          [{ code: 'abcdefgh' }, terminalMessages.codeFormat],
          [{ code: 12345678 }, terminalMessages.codeFormat],
        ],
      );
      expect(await t.db.selectFrom('terminals').select('id').where('arco_sumergido_id', '=', s1.id).execute()).toEqual([]);
    });

    it('names a terminal after its arco by default, and an unknown arco gets no code', async () => {
      const { terminal } = await enrolTerminalAt(t, s2.id);
      expect(terminal.name).toBe(terminalMessages.defaultName(s2.name));
      expect((await t.send(admin, 'POST', '/api/admin/arcos-sumergidos/999999/terminal-codes')).statusCode).toBe(404);
    });
  });

  describe('the device credential', () => {
    it('acts only for its own arco: who it is, whom it offers, and its home', async () => {
      const { credential, terminal } = await enrolTerminalAt(t, s1.id, 'Tablet 1');
      const other = await enrolTerminalAt(t, s2.id, 'Tablet 2');
      // Records at both arcos.
      const form = await multipart({ id_tramo: 'T-TERM-1', id_proyecto: 'P-1', id_circular: 'C-1', arco_sumergido_id: s1.id });
      expect((await inject('POST', '/api/tramos', { ...bearer(ana.token), ...form.headers }, form.payload)).statusCode).toBe(201);
      const far = await multipart({ id_tramo: 'T-TERM-2', id_proyecto: 'P-2', id_circular: 'C-2', arco_sumergido_id: s2.id });
      expect((await inject('POST', '/api/tramos', { ...bearer(carla.token), ...far.headers }, far.payload)).statusCode).toBe(201);
      const post = await multipart({ content: 'Aviso del arco 2' });
      expect((await inject('POST', '/api/wall/posts', { ...bearer(carla.token), ...post.headers }, post.payload)).statusCode).toBe(201);
      const started = await t.send(carla.token, 'POST', '/api/paradas-kaiser/start', { description: 'En el arco 2' });
      expect(started.statusCode).toBe(201);

      const me = await asTerminal(credential, 'GET', '/api/terminal');
      expect(me.statusCode).toBe(200);
      expect(me.json().terminal).toMatchObject({ id: terminal.id, arco_sumergido_id: s1.id });
      expect(me.json().idle_minutes).toBe(5);
      // Chips: a name and an opaque reference, never the worker ID or the account id.
      const chips = me.json().recent_workers as { ref: string; name: string }[];
      for (const chip of chips) expect(Object.keys(chip).sort()).toEqual(['name', 'ref']);
      expect(chips.map((w) => w.name)).toEqual(expect.arrayContaining([ana.name, beto.name]));
      expect(chips.map((w) => w.name)).not.toContain(carla.name);
      expect(JSON.stringify(chips)).not.toContain(ana.worker_id);

      const home = (await asTerminal(credential, 'GET', '/api/terminal/home')).json();
      expect(home.active_parada).toBeNull();
      expect(home.machine).toBeNull();
      expect(home.circulares.map((c: { id_tramo: string }) => c.id_tramo)).toEqual(['T-TERM-1']);
      expect(home.wall).toEqual([]);
      expect(home.today_paradas).toEqual([]);
      const farHome = (await asTerminal(other.credential, 'GET', '/api/terminal/home')).json();
      expect(farHome.active_parada).toMatchObject({ user_name: 'Carla Lejos', arco_sumergido_id: s2.id, end_time: null });
      expect(farHome.today_paradas).toHaveLength(1);
      expect(farHome.wall.map((p: { content: string }) => p.content)).toEqual(['Aviso del arco 2']);
      expect((await t.send(carla.token, 'PUT', `/api/paradas-kaiser/end/${started.json().stopId}`, {})).statusCode).toBe(200);
    });

    it('is refused with a Spanish 401 when missing, unknown or revoked', async () => {
      const none = await t.app.inject({ method: 'GET', url: '/api/terminal' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ message: terminalMessages.credentialMissing });
      const wrong = await asTerminal('tk_inventada', 'GET', '/api/terminal');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: terminalMessages.credentialRevoked });
      // The client forgets its credential on the code, never on the message's text.
      for (const refused of [none, wrong])
        expect(refused.headers[ERROR_CODE_HEADER.toLowerCase()]).toBe(errorCodes.terminalCredentialRefused);
      // A user's token is not a terminal credential.
      const token = await inject('GET', '/api/terminal', bearer(ana.token));
      expect(token.json()).toEqual({ message: terminalMessages.credentialMissing });
    });
  });

  describe('workers at the terminal', () => {
    it('signs a worker in with their PIN: a short session at the terminal’s arco, independent of their phone', async () => {
      const { credential, terminal } = await enrolTerminalAt(t, s2.id, 'Tablet Carla');
      // Ana's phone is signed in at S1; at S2's terminal her session is S2's.
      const res = await signIn(credential, { worker_id: ana.worker_id, pin: '1234' });
      expect(res.statusCode, res.body).toBe(200);
      const { token, user, expires_at } = res.json();
      expect(user).toEqual({ id: ana.id, name: 'Ana Tableta', worker_id: ana.worker_id });
      const claims = claimsOf(token);
      expect(claims).toMatchObject({ id: ana.id, terminal_id: terminal.id, arco_sumergido_id: s2.id, nave: 'Nave 2', role: 'user' });
      expect(claims.exp - claims.iat).toBe(5 * 12 * 60);
      expect(Date.parse(expires_at)).toBe(claims.exp * 1000);
      // The session works on the worker routes, and the phone's keeps working beside it.
      expect((await t.send(token, 'GET', '/api/paradas-kaiser/active/arco')).statusCode).toBe(200);
      expect((await t.send(ana.token, 'GET', '/api/paradas-kaiser/active')).statusCode).toBe(200);
      expect((await t.send(token, 'GET', '/api/paradas-kaiser/active')).statusCode).toBe(200);
      // The terminal now offers Ana, whose chip signs her in with the PIN.
      const offered = (await asTerminal(credential, 'GET', '/api/terminal')).json().recent_workers as { ref: string; name: string }[];
      const chip = offered.find((w) => w.name === 'Ana Tableta');
      expect(chip).toBeDefined();
      const byChip = await signIn(credential, { worker_ref: chip!.ref, pin: '1234' });
      expect(byChip.statusCode, byChip.body).toBe(200);
      expect(byChip.json().user).toEqual({ id: ana.id, name: 'Ana Tableta', worker_id: ana.worker_id });
      // A reference is this terminal's: at another terminal it names nobody.
      const elsewhere = await enrolTerminalAt(t, s2.id, 'Tablet Otra');
      expect((await signIn(elsewhere.credential, { worker_ref: chip!.ref, pin: '1234' })).json()).toEqual({
        message: terminalMessages.pinWrong,
      });
    });

    it('answers the same 401 for a wrong PIN, an unknown worker and a worker without PIN, and checks the input', async () => {
      const { credential } = await enrolTerminalAt(t, s1.id);
      const noPin = await t.createWorker(s1, 'Sin PIN');
      for (const body of [
        { worker_id: ana.worker_id, pin: '0000' },
        { worker_id: 'nadie-con-este-id', pin: '1234' },
        { worker_id: noPin.worker_id, pin: '1234' },
      ]) {
        const res = await signIn(credential, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(401);
        expect(res.json()).toEqual({ message: terminalMessages.pinWrong });
        // The device's credential is not the one refused: the terminal keeps it.
        expect(res.headers[ERROR_CODE_HEADER.toLowerCase()]).toBeUndefined();
      }
      await expectBadRequests(
        (payload) => signIn(credential, payload),
        [
          [{}, terminalMessages.signInRequired],
          [{ worker_id: ana.worker_id }, terminalMessages.signInRequired],
          [{ worker_id: ana.worker_id, pin: '12' }, terminalMessages.pinFormat],
          [{ worker_id: ana.worker_id, pin: '1234567' }, terminalMessages.pinFormat],
          [{ worker_id: ana.worker_id, pin: 'abcd' }, terminalMessages.pinFormat],
        ],
      );
    });

    it('takes a PIN only with an enrolled terminal’s credential', async () => {
      const body = { worker_id: ana.worker_id, pin: '1234' };
      expect((await t.app.inject({ method: 'POST', url: '/api/terminal/sign-in', payload: body })).statusCode).toBe(401);
      expect((await signIn('tk_inventada', body)).statusCode).toBe(401);
      // A worker's own session is no terminal either.
      expect((await inject('POST', '/api/terminal/sign-in', bearer(ana.token), body)).statusCode).toBe(401);
    });

    it('signs in with a badge an admin recorded; one badge, one worker; removing it ends that way in', async () => {
      const { credential } = await enrolTerminalAt(t, s1.id);
      expect((await t.send(admin, 'PUT', `/api/admin/users/${beto.id}/badge`, { badge_code: ' 0004711 ' })).statusCode).toBe(204);
      const res = await signIn(credential, { badge: '0004711' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.id).toBe(beto.id);
      const taken = await t.send(admin, 'PUT', `/api/admin/users/${ana.id}/badge`, { badge_code: '0004711' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ message: terminalMessages.badgeTaken });
      const stored = await t.db.selectFrom('users').select('badge_hash').where('id', '=', beto.id).executeTakeFirstOrThrow();
      expect(stored.badge_hash).not.toContain('0004711');
      const listed = (await t.send(admin, 'GET', '/api/admin/users')).json().find((u: { id: number }) => u.id === beto.id);
      expect(listed).toMatchObject({ has_pin: true, has_badge: true });
      expect(JSON.stringify(listed)).not.toContain('badge_hash');

      expect((await t.send(admin, 'PUT', `/api/admin/users/${beto.id}/badge`, { badge_code: null })).statusCode).toBe(204);
      const gone = await signIn(credential, { badge: '0004711' });
      expect(gone.statusCode).toBe(401);
      expect(gone.json()).toEqual({ message: terminalMessages.badgeUnknown });
      await expectBadRequests(
        (payload) => t.send(admin, 'PUT', `/api/admin/users/${beto.id}/badge`, payload),
        [
          [{ badge_code: '   ' }, terminalMessages.badgeFormat],
          [{ badge_code: 'x'.repeat(101) }, terminalMessages.badgeFormat],
        ],
      );
      expect((await t.send(admin, 'PUT', '/api/admin/users/999999/badge', { badge_code: 'x' })).statusCode).toBe(404);
      // Both changes are in the change history, without the code.
      const rows = (await auditRows('user', beto.id)).filter((r) => r.action === 'badge');
      expect(rows).toHaveLength(2);
      expect(rows.map((r) => r.changes).join()).not.toContain('0004711');
    });

    it('a terminal session never carries admin rights nor changes credentials', async () => {
      const { credential } = await enrolTerminalAt(t, s1.id);
      const adminRow = await t.db.selectFrom('users').select('id').where('worker_id', '=', 'admin').executeTakeFirstOrThrow();
      expect((await t.send(admin, 'PUT', '/api/users/me/pin', { current_password: 'admin-password', pin: '4321' })).statusCode).toBe(204);
      const res = await signIn(credential, { worker_id: 'admin', pin: '4321' });
      expect(res.statusCode).toBe(200);
      const token = res.json().token;
      expect(claimsOf(token).role).toBe('user');
      const adminRoute = await t.send(token, 'GET', '/api/admin/users');
      expect(adminRoute.statusCode).toBe(403);
      expect(adminRoute.json()).toEqual({ message: messages.adminOnly });
      for (const [url, body] of [
        ['/api/users/me/password', { currentPassword: 'admin-password', newPassword: 'otra-clave-1' }],
        ['/api/users/me/profile', { name: 'Cambiado', worker_id: 'admin' }],
        ['/api/users/me/pin', { current_password: 'admin-password', pin: '1111' }],
      ] as const) {
        const refused = await t.send(token, 'PUT', url, body);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json()).toEqual({ message: terminalMessages.terminalSessionForbidden });
      }
      expect((await t.db.selectFrom('users').select('name').where('id', '=', adminRow.id).executeTakeFirstOrThrow()).name).not.toBe(
        'Cambiado',
      );
    });
  });

  describe('PINs of workers', () => {
    it('a worker sets their PIN with their password; an admin resets it; both are audited without the value', async () => {
      const w = await t.createWorker(s1, 'Dora PIN');
      expect((await t.send(w.token, 'GET', '/api/users/me/pin')).json()).toEqual({ has_pin: false });
      const wrong = await t.send(w.token, 'PUT', '/api/users/me/pin', { current_password: 'incorrecta', pin: '2468' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: userMessages.currentPasswordWrong });
      await expectBadRequests(
        (payload) => t.send(w.token, 'PUT', '/api/users/me/pin', payload),
        [
          [{ current_password: w.password, pin: '123' }, terminalMessages.pinFormat],
          [{ current_password: w.password, pin: '1234567' }, terminalMessages.pinFormat],
          [{ current_password: w.password, pin: '12a4' }, terminalMessages.pinFormat],
          [{ current_password: w.password, pin: 1234 }, terminalMessages.pinFormat],
        ],
      );
      expect((await t.send(w.token, 'PUT', '/api/users/me/pin', { current_password: w.password, pin: '246810' })).statusCode).toBe(204);
      expect((await t.send(w.token, 'GET', '/api/users/me/pin')).json()).toEqual({ has_pin: true });
      const row = await t.db.selectFrom('users').select('pin_hash').where('id', '=', w.id).executeTakeFirstOrThrow();
      expect(row.pin_hash).toMatch(/^\$argon2id\$/);
      const { credential } = await enrolTerminalAt(t, s1.id);
      expect((await signIn(credential, { worker_id: w.worker_id, pin: '246810' })).statusCode).toBe(200);

      expect((await t.send(admin, 'DELETE', `/api/admin/users/${w.id}/pin`)).statusCode).toBe(204);
      expect((await signIn(credential, { worker_id: w.worker_id, pin: '246810' })).statusCode).toBe(401);
      expect((await t.send(admin, 'DELETE', '/api/admin/users/999999/pin')).statusCode).toBe(404);
      const rows = await auditRows('user', w.id);
      expect(rows.map((r) => [r.action, r.actor_id])).toEqual([
        ['pin', w.id],
        ['pin_reset', expect.any(Number)],
      ]);
      expect(rows.map((r) => JSON.parse(r.changes))).toEqual([
        { pin: { before: null, after: null } },
        { pin: { before: null, after: null } },
      ]);
    });
  });

  describe('actions through a terminal', () => {
    it('are recorded as the selected worker, with the terminal in the audit row', async () => {
      const { credential, terminal } = await enrolTerminalAt(t, s1.id, 'Tablet Auditada');
      const anaAt = (await signIn(credential, { worker_id: ana.worker_id, pin: '1234' })).json().token;
      const betoAt = (await signIn(credential, { worker_id: beto.worker_id, pin: '5678' })).json().token;
      const started = await t.send(anaAt, 'POST', '/api/paradas-kaiser/start', { description: 'Desde la tablet' });
      expect(started.statusCode, started.body).toBe(201);
      const id = started.json().stopId;
      // Beto ends Ana's stop from the same terminal with one switch.
      const ended = await t.send(betoAt, 'PUT', `/api/paradas-kaiser/end/${id}`, {});
      expect(ended.statusCode, ended.body).toBe(200);
      const stop = await t.db.selectFrom('paradas_kaiser').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(stop).toMatchObject({ user_id: ana.id, ended_by: beto.id, arco_sumergido_id: s1.id });

      const rows = await auditRows('parada', id);
      expect(rows.map((r) => [r.action, r.actor_id, r.terminal_id, r.terminal_name])).toEqual([
        ['create', ana.id, terminal.id, 'Tablet Auditada'],
        ['update', beto.id, terminal.id, 'Tablet Auditada'],
      ]);
      // The admin's history says so too; a phone's action carries no terminal.
      const page = (await t.send(admin, 'GET', `/api/admin/audit?entity=parada&entity_id=${id}`)).json();
      expect(page.items.map((i: { terminal_name: string | null }) => i.terminal_name)).toEqual(['Tablet Auditada', 'Tablet Auditada']);
      const phone = await t.send(ana.token, 'POST', '/api/paradas-kaiser/start', { description: 'Desde el móvil' });
      const [phoneRow] = await auditRows('parada', phone.json().stopId);
      expect(phoneRow).toMatchObject({ actor_id: ana.id, terminal_id: null, terminal_name: null });
      expect((await t.send(ana.token, 'PUT', `/api/paradas-kaiser/end/${phone.json().stopId}`, {})).statusCode).toBe(200);
    });
  });

  describe('revocation', () => {
    it('refuses the terminal and its workers’ sessions at once and ends their event streams; the phone stays', async () => {
      const base = await listen(t.app);
      const { credential, terminal } = await enrolTerminalAt(t, s1.id, 'Tablet Revocada');
      const anaAt = (await signIn(credential, { worker_id: ana.worker_id, pin: '1234' })).json().token;
      const deviceStream = await connect(base, null, '/api/terminal/events', terminalKey(credential));
      const workerStream = await connect(base, anaAt);
      const phoneStream = await connect(base, ana.token);

      // The terminal hears its arco, not another one (the other arco's post is sent first, so it
      // would have arrived before the one waited for).
      const far = await multipart({ content: 'Hola desde el arco 2' });
      expect((await inject('POST', '/api/wall/posts', { ...bearer(carla.token), ...far.headers }, far.payload)).statusCode).toBe(201);
      const post = await multipart({ content: 'Hola desde el arco 1' });
      expect((await inject('POST', '/api/wall/posts', { ...bearer(beto.token), ...post.headers }, post.payload)).statusCode).toBe(201);
      await deviceStream.next('post.created', (d: { post: { content: string } }) => d.post.content === 'Hola desde el arco 1');
      await workerStream.next('post.created', (d: { post: { content: string } }) => d.post.content === 'Hola desde el arco 1');

      const revoked = await t.send(admin, 'POST', `/api/admin/terminals/${terminal.id}/revoke`);
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(revoked.json().terminal).toMatchObject({ id: terminal.id, revoked: true, online: false });
      await deviceStream.ended();
      await workerStream.ended();
      expect(deviceStream.received.map((e) => (e.data as { post?: { content: string } }).post?.content)).not.toContain(
        'Hola desde el arco 2',
      );

      const me = await asTerminal(credential, 'GET', '/api/terminal');
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({ message: terminalMessages.credentialRevoked });
      const session = await t.send(anaAt, 'GET', '/api/paradas-kaiser/active');
      expect(session.statusCode).toBe(401);
      expect(session.json()).toEqual({ message: terminalMessages.credentialRevoked });
      expect(me.headers[ERROR_CODE_HEADER.toLowerCase()]).toBe(errorCodes.terminalCredentialRefused);
      expect((await signIn(credential, { worker_id: ana.worker_id, pin: '1234' })).statusCode).toBe(401);
      // The phone's session and stream are untouched.
      expect((await t.send(ana.token, 'GET', '/api/paradas-kaiser/active')).statusCode).toBe(200);
      expect(phoneStream.closed).toBe(false);

      const again = await t.send(admin, 'POST', `/api/admin/terminals/${terminal.id}/revoke`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: terminalMessages.alreadyRevoked });
      expect((await auditRows('terminal', terminal.id)).map((r) => r.action)).toEqual(['enrol', 'revoke']);
    });

    it('a password change ends the worker’s terminal sessions too', async () => {
      const w = await t.createWorker(s1, 'Eva Clave');
      await setPin(w, '1357');
      const { credential } = await enrolTerminalAt(t, s1.id);
      const at = (await signIn(credential, { worker_id: w.worker_id, pin: '1357' })).json().token;
      expect(
        (await t.send(w.token, 'PUT', '/api/users/me/password', { currentPassword: w.password, newPassword: 'nueva-clave-1' })).statusCode,
      ).toBe(200);
      const res = await t.send(at, 'GET', '/api/paradas-kaiser/active');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: messages.invalidToken });
    });
  });

  describe('admin', () => {
    it('lists terminals per nave with their last activity and online state; renames; the plant board shows them', async () => {
      const clock = fakeClock();
      const { credential, terminal } = await enrolTerminalAt(t, s2.id, 'Tablet Lista');
      const listed = async (query = '') =>
        (await t.send(admin, 'GET', `/api/admin/terminals${query}`)).json() as {
          id: number;
          nave: string;
          online: boolean;
          last_seen_at: string;
        }[];
      const mine = (list: { id: number }[]) => list.find((x) => x.id === terminal.id);
      expect(mine(await listed('?nave=Nave%202'))).toMatchObject({
        name: 'Tablet Lista',
        nave: 'Nave 2',
        arco_sumergido_id: s2.id,
        online: true,
        revoked: false,
      });
      expect((await listed('?nave=Nave%202')).every((x) => x.nave === 'Nave 2')).toBe(true);
      expect(mine(await listed('?nave=Nave%201'))).toBeUndefined();

      const board = async () =>
        (await t.send(admin, 'GET', '/api/admin/planta'))
          .json()
          .flatMap((n: { arcos: unknown[] }) => n.arcos)
          .find((a: { id: number }) => a.id === s2.id);
      expect((await board()).terminals).toEqual(expect.arrayContaining([expect.objectContaining({ id: terminal.id, online: true })]));

      // Five minutes without a heartbeat: 'Sin conexión'; a heartbeat brings it back.
      clock.travel(5 * 60_000 + 1_000);
      expect(mine(await listed())).toMatchObject({ online: false });
      expect((await board()).terminals.find((x: { id: number }) => x.id === terminal.id)).toMatchObject({ online: false });
      expect((await asTerminal(credential, 'POST', '/api/terminal/heartbeat')).statusCode).toBe(204);
      expect(mine(await listed())).toMatchObject({ online: true, last_seen_at: new Date().toISOString() });

      const renamed = await inject('PATCH', `/api/admin/terminals/${terminal.id}`, bearer(admin), { name: '  Tablet Norte ' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ terminal: { id: terminal.id, name: 'Tablet Norte' }, message: terminalMessages.renamed });
      expect((await asTerminal(credential, 'GET', '/api/terminal')).json().terminal.name).toBe('Tablet Norte');
      await expectBadRequests(
        (payload) => inject('PATCH', `/api/admin/terminals/${terminal.id}`, bearer(admin), payload),
        [
          [{ name: ' ' }, terminalMessages.nameRequired],
          [{ name: 'x'.repeat(61) }, terminalMessages.nameMax],
          [{}, terminalMessages.nameRequired],
        ],
      );
      expect((await inject('PATCH', '/api/admin/terminals/999999', bearer(admin), { name: 'Nada' })).statusCode).toBe(404);
      expect((await t.send(admin, 'POST', '/api/admin/terminals/999999/revoke')).statusCode).toBe(404);
      const rename = (await auditRows('terminal', terminal.id)).find((r) => r.action === 'update');
      expect(JSON.parse(rename?.changes ?? '{}')).toEqual({ name: { before: 'Tablet Lista', after: 'Tablet Norte' } });
    });
  });

  it('a deleted arco takes its terminals, codes and names with it', async () => {
    const arco = await t.createArco('Arco Efímero', 'Nave 1');
    const { credential, terminal } = await enrolTerminalAt(t, arco.id);
    await newCode(arco.id);
    const gone = await t.send(admin, 'DELETE', `/api/admin/arcos-sumergidos/${arco.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await t.db.selectFrom('terminals').select('id').where('id', '=', terminal.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('terminal_codes').select('id').where('arco_sumergido_id', '=', arco.id).execute()).toEqual([]);
    expect((await asTerminal(credential, 'GET', '/api/terminal')).statusCode).toBe(401);
  });

  it('the worker routes keep answering a phone as before (login unchanged)', async () => {
    const res = await t.login(s1, ana.worker_id, 'incorrecta');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: authMessages.invalidCredentials });
  });
});
