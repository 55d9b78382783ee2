import type { PlantaNave } from '@portal/contract/planta';
import { TERMINAL_PIN_BUDGET, terminalMessages } from '@portal/contract/terminal';
import { beforeAll, describe, expect, it } from 'vitest';
import { type PushOutcome, PushSender, type PushTarget } from '../src/lib/web-push';
import { settleBackground } from '../src/modules/andon/service';
import { reservePinCheck } from '../src/modules/terminals/repository';
import { bearer, enrolTerminalAt, fakeClock, pgUnavailable, type TestArco, terminalKey, useTestApp, type Worker } from './helper';

/**
 * PIN guessing at the station terminals (docs/decisions/060-terminal-budget-and-binding.md): a budget
 * of wrong PINs per terminal that no concurrency passes, then badges only until an admin reopens it;
 * no block or delay aimed at one worker.
 */

/** A push sender that records what it would send (the push path itself: push-outbound.test.ts, andon-signals.test.ts). */
class RecordingPush extends PushSender {
  readonly sent: { endpoint: string; payload: { title: string; body: string; url: string } }[] = [];
  override async send(target: PushTarget, payload: string): Promise<PushOutcome> {
    this.sent.push({ endpoint: target.endpoint, payload: JSON.parse(payload) });
    return 'sent';
  }
}

describe.skipIf(pgUnavailable)('PIN guessing at the terminals', () => {
  const t = useTestApp({ LOGIN_MAX_FAILURES: '10', TERMINAL_IDLE_MINUTES: '2' });
  let s1: TestArco;
  let victim: Worker;
  let others: Worker[];
  let admin: string;
  let adminId: number;
  let push: RecordingPush;

  const signIn = (credential: string, body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/terminal/sign-in', headers: terminalKey(credential), payload: body as string });
  const budgetOf = async (id: number) =>
    t.db.selectFrom('terminals').select(['pin_failures', 'pin_locked_at']).where('id', '=', id).executeTakeFirstOrThrow();
  const setPin = async (w: Worker, pin: string) =>
    expect((await t.send(w.token, 'PUT', '/api/users/me/pin', { current_password: w.password, pin })).statusCode).toBe(204);

  beforeAll(async () => {
    s1 = await t.createArco('Arco PIN', 'Nave 1');
    victim = await t.createWorker(s1, 'Víctima PIN');
    await setPin(victim, '8642');
    others = await Promise.all(Array.from({ length: 3 }, (_, i) => t.createWorker(s1, `Adivinado ${i}`)));
    for (const w of others) await setPin(w, '1111');
    admin = await t.adminToken();
    adminId = (await t.db.selectFrom('users').select('id').where('worker_id', '=', 'admin').executeTakeFirstOrThrow()).id;
    const real = t.app.ctx.andon.push!;
    push = new RecordingPush(real.keys, t.app.ctx.log, real.rules);
    t.app.ctx.andon.push = push;
    await t.db
      .insertInto('push_subscriptions')
      .values({
        user_id: adminId,
        endpoint: 'https://fcm.googleapis.com/fcm/send/jefe',
        p256dh: 'k',
        auth: 'a',
        created_at: new Date().toISOString(),
      })
      .execute();
  });

  it('checks at most the budget of wrong PINs, then takes only badges until an admin reopens it', async () => {
    const { credential, terminal } = await enrolTerminalAt(t, s1.id, 'Tablet Asediada');
    const second = await enrolTerminalAt(t, s1.id, 'Tablet Vecina');
    const workers = [victim, ...others];
    // The budget nearly spent (the flood of terminal-pin-flood.test.ts spends it all for real), then
    // the last two wrong PINs across the workers, then one more: refused unchecked, and the terminal locks.
    await t.db
      .updateTable('terminals')
      .set({ pin_failures: TERMINAL_PIN_BUDGET - 2, pin_window_ends: new Date(Date.now() + 3_600_000).toISOString() })
      .where('id', '=', terminal.id)
      .execute();
    for (let i = 0; i < 2; i++) {
      const res = await signIn(credential, { worker_id: workers[i].worker_id, pin: String(3000 + i) });
      expect(res.json()).toEqual({ message: terminalMessages.pinWrong });
    }
    expect(await budgetOf(terminal.id)).toEqual({ pin_failures: TERMINAL_PIN_BUDGET, pin_locked_at: null });
    const over = await signIn(credential, { worker_id: victim.worker_id, pin: '0000' });
    expect([over.statusCode, over.json()]).toEqual([429, { message: terminalMessages.pinLocked }]);
    expect((await budgetOf(terminal.id)).pin_locked_at).not.toBeNull();

    // Locked: the right PIN too; a badge still signs in; the terminal beside it is untouched.
    expect((await signIn(credential, { worker_id: victim.worker_id, pin: '8642' })).json()).toEqual({
      message: terminalMessages.pinLocked,
    });
    expect((await t.send(admin, 'PUT', `/api/admin/users/${victim.id}/badge`, { badge_code: 'TARJETA-VICTIMA' })).statusCode).toBe(204);
    expect((await signIn(credential, { badge: 'TARJETA-VICTIMA' })).statusCode).toBe(200);
    expect((await signIn(second.credential, { worker_id: victim.worker_id, pin: '8642' })).statusCode).toBe(200);

    // The admins are told: one audit row, the plant board's and the list's mark, a push to the subscribed admin.
    const audit = await t.send(admin, 'GET', `/api/admin/audit?entity=terminal&entity_id=${terminal.id}&action=pin_locked`);
    expect(audit.json().items).toHaveLength(1);
    expect(audit.json().items[0]).toMatchObject({ action: 'pin_locked', actor_name: null });
    const planta = (await t.send(admin, 'GET', '/api/admin/planta')).json() as PlantaNave[];
    const marks = planta.flatMap((n) => n.arcos).flatMap((a) => a.terminals ?? []);
    expect(marks.find((m) => m.id === terminal.id)?.pin_locked).toBe(true);
    expect(marks.find((m) => m.id === second.terminal.id)?.pin_locked).toBe(false);
    const listed = (await t.send(admin, 'GET', '/api/admin/terminals')).json() as { id: number; pin_locked_at: string | null }[];
    expect(listed.find((x) => x.id === terminal.id)?.pin_locked_at).not.toBeNull();
    await settleBackground(t.app.ctx);
    expect(push.sent).toEqual([
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/jefe',
        payload: expect.objectContaining({
          title: terminalMessages.pinLockedTitle('Tablet Asediada'),
          body: terminalMessages.pinLockedBody('Arco PIN', 'Nave 1'),
          url: '/admin/terminales',
        }),
      },
    ]);

    // Only an admin reopens it.
    expect((await t.send(victim.token, 'POST', `/api/admin/terminals/${terminal.id}/pin-unlock`)).statusCode).toBe(403);
    const unlock = await t.send(admin, 'POST', `/api/admin/terminals/${terminal.id}/pin-unlock`);
    expect(unlock.statusCode, unlock.body).toBe(200);
    expect(unlock.json()).toMatchObject({ message: terminalMessages.pinUnlocked, terminal: { id: terminal.id, pin_locked_at: null } });
    expect(await budgetOf(terminal.id)).toEqual({ pin_failures: 0, pin_locked_at: null });
    expect((await signIn(credential, { worker_id: victim.worker_id, pin: '8642' })).statusCode).toBe(200);
    expect((await t.send(admin, 'POST', '/api/admin/terminals/999999/pin-unlock')).json()).toEqual({
      message: terminalMessages.terminalNotFound,
    });
  });

  it('checks the PINs in flight at one terminal one after the other, each counted', async () => {
    const { credential, terminal } = await enrolTerminalAt(t, s1.id);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signIn(credential, { worker_id: others[i % 3].worker_id, pin: String(4000 + i) })),
    );
    for (const r of answers) expect(r.json()).toEqual({ message: terminalMessages.pinWrong });
    expect((await budgetOf(terminal.id)).pin_failures).toBe(8);
  });

  it('reserves the budget atomically in the database, whatever runs at once on however many instances', async () => {
    const { terminal } = await enrolTerminalAt(t, s1.id);
    const now = new Date().toISOString();
    const ends = new Date(Date.now() + 3_600_000).toISOString();
    const counts = await Promise.all(Array.from({ length: 64 }, () => reservePinCheck(t.db, terminal.id, now, ends)));
    expect([...counts].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
  });

  it('never blocks a named worker: wrong PINs for one welder leave their right PIN open there, and right PINs spend nothing', async () => {
    const { credential, terminal } = await enrolTerminalAt(t, s1.id);
    for (let i = 0; i < 12; i++)
      expect((await signIn(credential, { worker_id: victim.worker_id, pin: String(1000 + i) })).statusCode).toBe(401);
    expect((await signIn(credential, { worker_id: victim.worker_id, pin: '8642' })).statusCode).toBe(200);
    for (const w of others) expect((await signIn(credential, { worker_id: w.worker_id, pin: '1111' })).statusCode).toBe(200);
    expect(await budgetOf(terminal.id)).toEqual({ pin_failures: 12, pin_locked_at: null });
    // No counter aimed at a worker or pair is kept any more.
    const keys = await t.db.selectFrom('login_attempts').select('key').where('key', 'like', 'terminal-pin%').execute();
    expect(keys).toEqual([]);
  });

  it('opens a new hour of budget once the last one has passed', async () => {
    const { credential, terminal } = await enrolTerminalAt(t, s1.id);
    const clock = fakeClock();
    for (let i = 0; i < 3; i++)
      expect((await signIn(credential, { worker_id: victim.worker_id, pin: String(2000 + i) })).statusCode).toBe(401);
    expect((await budgetOf(terminal.id)).pin_failures).toBe(3);
    clock.travel(61 * 60_000);
    expect((await signIn(credential, { worker_id: victim.worker_id, pin: '2999' })).statusCode).toBe(401);
    expect((await budgetOf(terminal.id)).pin_failures).toBe(1);
  });

  it('a terminal session lives TERMINAL_IDLE_MINUTES × 12', async () => {
    const { credential } = await enrolTerminalAt(t, s1.id);
    const res = await signIn(credential, { worker_id: victim.worker_id, pin: '8642' });
    const claims = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString('utf8'));
    expect(claims.exp - claims.iat).toBe(2 * 12 * 60);
    expect((await t.app.inject({ method: 'GET', url: '/api/terminal', headers: terminalKey(credential) })).json().idle_minutes).toBe(2);
  });

  it('limits enrolment attempts per address', async () => {
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/terminal/enrol',
        payload: { code: String(10_000_000 + i) },
        remoteAddress: '10.9.9.9',
      });
      last = res.statusCode;
      if (i < 10) expect(res.json()).toEqual({ message: terminalMessages.codeInvalid });
    }
    expect(last).toBe(429);
  });

  it('refuses the unlock without an admin session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/terminals/1/pin-unlock', headers: bearer('nope') });
    expect(res.statusCode).toBe(401);
  });
});
