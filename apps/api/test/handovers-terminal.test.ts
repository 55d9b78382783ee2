import { handoverMessages } from '@portal/contract/handovers';
import { terminalMessages } from '@portal/contract/terminal';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrolTerminalAt, fakeClock, pgUnavailable, type TestArco, terminalKey, useTestApp, type Worker } from './helper';

/**
 * The shift handover at the station terminal (docs/decisions/050-terminal-offline-and-handover.md):
 * written and confirmed with the worker's terminal session, recorded as that worker with the terminal
 * named in the audit row, and refused at once when the terminal is revoked.
 */
describe.skipIf(pgUnavailable)('handovers at the station terminal', () => {
  const t = useTestApp();
  let arco: TestArco;
  let ana: Worker;
  let bea: Worker;
  let terminal: { credential: string; terminal: { id: number; name: string } };

  const pinSignIn = async (w: Worker, pin: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/terminal/sign-in',
      headers: terminalKey(terminal.credential),
      payload: { worker_id: w.worker_id, pin },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  };
  const auditOf = (id: number) =>
    t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'terminal_id', 'terminal_name'])
      .where('entity', '=', 'handover')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    arco = await t.createArco('Arco Relevo Terminal', 'Nave 1');
    [ana, bea] = await Promise.all([t.createWorker(arco, 'Ana Relevo Tableta'), t.createWorker(arco, 'Bea Relevo Tableta')]);
    for (const [w, pin] of [
      [ana, '1234'],
      [bea, '5678'],
    ] as const) {
      const res = await t.send(w.token, 'PUT', '/api/users/me/pin', { current_password: w.password, pin });
      expect(res.statusCode, res.body).toBe(204);
    }
    terminal = await enrolTerminalAt(t, arco.id, 'Tableta relevo');
  });

  it('is written by the outgoing worker and confirmed by the incoming one, each as themself, naming the terminal', async () => {
    // Mid-shift (a Wednesday, 10:00 in Madrid: Mañana), so the parada begun now is in the note's shift
    // whenever the test runs (just after a shift change, a note is still the ended shift's).
    const clock = fakeClock(Date.parse('2026-12-02T09:00:00Z'));
    const anaAtTerminal = await pinSignIn(ana, '1234');
    // Some seconds later (a token's time counts whole seconds).
    clock.travel(2000);
    const open = await t.send(anaAtTerminal, 'POST', '/api/paradas-kaiser/start', { description: 'Tolva vacía' });
    expect(open.statusCode, open.body).toBe(201);
    // The form shows the figures a note written now would carry.
    const draft = (await t.send(anaAtTerminal, 'GET', '/api/handovers/arco')).json().draft;
    expect(draft).toMatchObject({ stops: 1, open_paradas: [{ id: open.json().stopId, user_name: 'Ana Relevo Tableta' }] });
    const written = await t.send(anaAtTerminal, 'POST', '/api/handovers', { note: 'Falta fundente.' });
    expect(written.statusCode, written.body).toBe(201);
    const handover = written.json().handover;
    expect(handover).toMatchObject({ note: 'Falta fundente.', author_id: ana.id, arco_sumergido_id: arco.id, confirmed_at: null });
    expect(handover.summary.open_paradas.map((p: { id: number }) => p.id)).toEqual([open.json().stopId]);
    // Its author edits it from the terminal too.
    const edited = await t.send(anaAtTerminal, 'PUT', `/api/handovers/${handover.id}`, { note: 'Falta fundente; avisado.' });
    expect(edited.statusCode, edited.body).toBe(200);

    // The next shift (Tarde, from 14:00) signs in at the terminal: it is theirs to read
    // (docs/decisions/059-handover-for-the-next-shift.md).
    clock.travel(4 * 3600_000);
    const beaAtTerminal = await pinSignIn(bea, '5678');
    const view = await t.send(beaAtTerminal, 'GET', '/api/handovers/arco');
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().pending).toMatchObject({ id: handover.id, note: 'Falta fundente; avisado.' });
    // Ana cannot read her own note as the incoming shift.
    expect((await t.send(await pinSignIn(ana, '1234'), 'GET', '/api/handovers/arco')).json().pending).toBeNull();

    const confirmed = await t.send(beaAtTerminal, 'POST', `/api/handovers/${handover.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ message: handoverMessages.confirmed, handover: { confirmed_by: bea.id } });
    expect((await t.send(beaAtTerminal, 'GET', '/api/handovers/arco')).json().pending).toBeNull();

    const named = { terminal_id: terminal.terminal.id, terminal_name: 'Tableta relevo' };
    expect(await auditOf(handover.id)).toEqual([
      { action: 'create', actor_id: ana.id, ...named },
      { action: 'update', actor_id: ana.id, ...named },
      { action: 'confirm', actor_id: bea.id, ...named },
    ]);
  });

  it('refuses a revoked terminal’s sessions at once, writing nothing', async () => {
    const other = await t.createArco('Arco Relevo Revocado', 'Nave 1');
    const carla = await t.createWorker(other, 'Carla Relevo Tableta');
    const pin = await t.send(carla.token, 'PUT', '/api/users/me/pin', { current_password: carla.password, pin: '2468' });
    expect(pin.statusCode, pin.body).toBe(204);
    const revoked = await enrolTerminalAt(t, other.id);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/terminal/sign-in',
      headers: terminalKey(revoked.credential),
      payload: { worker_id: carla.worker_id, pin: '2468' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const token = signIn.json().token as string;
    const res = await t.send(await t.adminToken(), 'POST', `/api/admin/terminals/${revoked.terminal.id}/revoke`);
    expect(res.statusCode, res.body).toBe(200);

    for (const [method, url] of [
      ['GET', '/api/handovers/arco'],
      ['POST', '/api/handovers'],
    ] as const) {
      const refused = await t.send(token, method, url, method === 'POST' ? { note: 'Tras revocar' } : undefined);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: terminalMessages.credentialRevoked });
    }
    expect(await t.db.selectFrom('handovers').select('id').where('arco_sumergido_id', '=', other.id).execute()).toEqual([]);
  });
});
