import { handoverMessages } from '@portal/contract/handovers';
import { describe, expect, it } from 'vitest';
import { expectBadRequests, fakeClock, pgUnavailable, useSeed, useTestApp } from './helper';

const HOUR = 3600_000;

interface Handover {
  id: number;
  note: string;
  shift_start: string;
  shift_end: string;
  shift_name: string;
  author_name: string;
  confirmed_by: number | null;
  confirmed_by_name: string | null;
  confirmed_at: string | null;
  summary: { open_paradas: { id: number }[]; stops: number; stopped_minutes: number; micro_stops: number; planned_minutes: number };
}

/**
 * The shift handover (docs/decisions/042-shift-handover.md): written by a worker of the arco with the
 * open paradas and the shift's figures filled in, edited only by its author until the incoming shift
 * confirms it ('Leído'), audited, and read by admins per nave and day.
 */
describe.skipIf(pgUnavailable)('shift handovers', () => {
  const t = useTestApp();
  const seed = useSeed(t, {
    arcos: { arco: 'Arco Relevo', other: 'Arco Relevo Otro' },
    workers: { ana: ['arco', 'Ana Relevo'], bea: ['arco', 'Bea Relevo'], dani: ['other', 'Dani Relevo'] },
  });

  const arcoView = (token: string) => t.send(token, 'GET', '/api/handovers/arco');
  const write = (token: string, note: unknown) => t.send(token, 'POST', '/api/handovers', { note });

  it('writes, edits by its author only, and is confirmed once by the next shift', async () => {
    const clock = fakeClock();
    // Some seconds after the suite's workers signed in (a token's time counts whole seconds).
    clock.travel(2000);
    // A parada ended in this shift (its minutes) and one still open at the hand-over.
    const ended = await t.send(seed.bea.token, 'POST', '/api/paradas-kaiser/manual', {
      start_time: new Date(Date.now() - 20 * 60_000).toISOString(),
      end_time: new Date(Date.now() - 10 * 60_000).toISOString(),
      description: 'Cambio de hilo',
    });
    const endedStart = Date.parse(ended.json().parada.start_time);
    const open = await t.send(seed.ana.token, 'POST', '/api/paradas-kaiser/start', { description: 'Fundente' });
    expect(open.statusCode, open.body).toBe(201);

    const before = (await arcoView(seed.ana.token)).json();
    expect(before.current).toBeNull();
    const res = await write(seed.ana.token, '  Falta fundente en la tolva.  ');
    expect(res.statusCode, res.body).toBe(201);
    const written = res.json().handover as Handover;
    expect(written).toMatchObject({ note: 'Falta fundente en la tolva.', author_name: 'Ana Relevo', confirmed_at: null });
    expect(written.shift_start).toBe(before.shift.start);
    expect(written.summary.open_paradas.map((p) => p.id)).toEqual([open.json().stopId]);
    // The figures count the stops begun in the note's shift. Mid-shift both paradas began in it; in a
    // shift's first 30 minutes the note is the previous shift's, and what began after its end counts
    // no minutes there (the open parada is listed all the same).
    const inShift = (at: number) => at >= Date.parse(written.shift_start) && at <= Date.parse(before.shift.end);
    const openStart = Date.parse(open.json().start_time);
    expect(written.summary.stops).toBe((inShift(openStart) ? 1 : 0) + (inShift(endedStart) ? 1 : 0));
    const endedEnd = Date.parse(ended.json().parada.end_time);
    const counted = Math.min(endedEnd, Date.parse(before.shift.end), Date.now()) - Math.max(endedStart, Date.parse(written.shift_start));
    expect(written.summary.stopped_minutes).toBe(Math.round(Math.max(0, counted) / 60_000));

    // One per arco and shift: a colleague's second note is refused.
    const again = await write(seed.bea.token, 'Otra nota');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: handoverMessages.alreadyWritten });
    // A colleague of the same shift, signed in before it was written, edits nothing and, mid-shift, has
    // nothing to read. In the next shift's first half hour the note is the ended shift's, to read at once
    // by anyone at the arco but its author (docs/decisions/059-handover-for-the-next-shift.md).
    const colleague = (await arcoView(seed.bea.token)).json();
    const shiftEnded = Date.parse(written.shift_end) <= Date.now();
    expect([colleague.current.id, colleague.pending?.id ?? null]).toEqual([written.id, shiftEnded ? written.id : null]);

    // Only its author edits it: not a colleague, not an admin.
    for (const token of [seed.bea.token, seed.admin]) {
      const refused = await t.send(token, 'PUT', `/api/handovers/${written.id}`, { note: 'Cambio ajeno' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: handoverMessages.notAuthor });
    }
    const edited = await t.send(seed.ana.token, 'PUT', `/api/handovers/${written.id}`, { note: 'Falta fundente; avisado a almacén.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().handover.note).toBe('Falta fundente; avisado a almacén.');
    // Its author cannot confirm it, and nobody from another arco can.
    expect((await t.send(seed.ana.token, 'POST', `/api/handovers/${written.id}/confirm`)).json()).toEqual({
      message: handoverMessages.ownConfirm,
    });
    const outsider = await t.send(seed.dani.token, 'POST', `/api/handovers/${written.id}/confirm`);
    expect([outsider.statusCode, outsider.json()]).toEqual([403, { message: handoverMessages.otherArco }]);

    // The next shift (the next worked one of the calendar, a Sunday between) signs in at the arco and sees it first.
    let carla = await t.createWorker(seed.arco, 'Carla Relevo');
    for (let i = 0; i < 6 && (await arcoView(carla.token)).json().shift.start === written.shift_start; i++) {
      clock.travel(8 * HOUR);
      carla = await t.createWorker(seed.arco, `Carla Relevo ${i}`);
    }
    const incoming = (await arcoView(carla.token)).json();
    expect(incoming.current).toBeNull();
    expect(incoming.pending.id).toBe(written.id);
    expect(incoming.shift.start > written.shift_start).toBe(true);
    const confirmed = await t.send(carla.token, 'POST', `/api/handovers/${written.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().handover).toMatchObject({
      confirmed_by: carla.id,
      confirmed_by_name: carla.name,
      confirmed_at: new Date().toISOString(),
    });
    expect((await arcoView(carla.token)).json().pending).toBeNull();

    const twice = await t.send(carla.token, 'POST', `/api/handovers/${written.id}/confirm`);
    expect([twice.statusCode, twice.json()]).toEqual([409, { message: handoverMessages.alreadyConfirmed }]);
    // Signed in again: the next shift can start more than a token's hours later (none overnight or at
    // the weekend), past the seeded tokens' expiry.
    const ana = await t.loginWorker(seed.ana.worker_id, seed.ana.password, seed.arco);
    const admin = await t.adminToken();
    const late = await t.send(ana, 'PUT', `/api/handovers/${written.id}`, { note: 'Tarde' });
    expect([late.statusCode, late.json()]).toEqual([409, { message: handoverMessages.confirmedLocked }]);

    // Audited: written, edited, confirmed; the refusals left nothing.
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_name'])
      .where('entity', '=', 'handover')
      .where('entity_id', '=', written.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'create', actor_name: 'Ana Relevo' },
      { action: 'update', actor_name: 'Ana Relevo' },
      { action: 'confirm', actor_name: carla.name },
    ]);

    // Admins read the nave's handovers of the shift's date.
    const date = (written as unknown as { shift_date: string }).shift_date;
    const list = await t.send(admin, 'GET', `/api/admin/handovers?nave=Nave%201&date=${date}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((h: Handover) => [h.id, h.confirmed_by_name])).toEqual([[written.id, carla.name]]);
    expect((await t.send(admin, 'GET', `/api/admin/handovers?nave=Nave%202&date=${date}`)).json()).toEqual([]);
  });

  it('refuses an empty or long note and a caller without an arco', async () => {
    await expectBadRequests(
      (note) => write(seed.dani.token, note),
      [
        ['   ', handoverMessages.noteRequired],
        [undefined, handoverMessages.noteRequired],
        ['x'.repeat(2001), handoverMessages.noteMax],
      ],
    );
    const admin = await write(seed.admin, 'Nota de administración');
    expect([admin.statusCode, admin.json()]).toEqual([400, { message: handoverMessages.noArco }]);
    expect((await t.send(seed.admin, 'GET', '/api/handovers/arco')).statusCode).toBe(400);
    expect((await t.send(seed.dani.token, 'PUT', '/api/handovers/999999', { note: 'x' })).statusCode).toBe(404);
    expect(await t.countRows('handovers')).toBe(1);
  });

  it('keeps an arco with handovers from being deleted', async () => {
    const res = await t.send(seed.admin, 'DELETE', `/api/admin/arcos-sumergidos/${seed.arco.id}`);
    expect(res.statusCode).toBe(409);
  });
});
