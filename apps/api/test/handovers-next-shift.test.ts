import { describe, expect, it } from 'vitest';
import { fakeClock, pgUnavailable, useTestApp } from './helper';
import { closeClients, connect, listen } from './sse-client';

const MINUTE = 60_000;

/**
 * The handover is for the next shift at the arco by the shift calendar, never for colleagues of the
 * writer's shift (docs/decisions/059-handover-for-the-next-shift.md), whenever they signed in; written,
 * edited and confirmed notes reach the arco's open pages live (`handover.changed`). The calendar is the
 * database's first one: Mañana 06:00–14:00, Tarde 14:00–22:00, Noche 22:00–06:00, Monday to Saturday.
 */
describe.skipIf(pgUnavailable)('handovers: for the next shift by the calendar', () => {
  const t = useTestApp();

  const pendingOf = async (token: string) => {
    const res = await t.send(token, 'GET', '/api/handovers/arco');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().pending as { id: number } | null)?.id ?? null;
  };
  const write = async (token: string, note: string) => {
    const res = await t.send(token, 'POST', '/api/handovers', { note });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().handover as { id: number; shift_name: string; shift_end: string };
  };

  it("is not offered to the writer's shift, also to a colleague who signs in after it; the next shift reads it", async () => {
    // A Wednesday, 10:00 in Madrid: Mañana.
    const clock = fakeClock(Date.parse('2026-12-02T09:00:00Z'));
    const arco = await t.createArco('Arco Relevo Siguiente', 'Nave 1');
    const ana = await t.createWorker(arco, 'Ana Mañana');
    const note = await write(ana.token, 'Bobina 2 casi vacía.');
    expect([note.shift_name, note.shift_end]).toEqual(['Mañana', '2026-12-02T13:00:00.000Z']);

    // A colleague of Mañana who signs in after the note was written (at a tablet, after an idle sign-out).
    clock.travel(2 * 60 * MINUTE);
    const bea = await t.createWorker(arco, 'Bea Mañana');
    expect(await pendingOf(bea.token)).toBeNull();
    // A minute before the shift's end, still nobody's to read.
    clock.travel(60 * MINUTE + 59 * MINUTE);
    expect(await pendingOf((await t.createWorker(arco, 'Bea Mañana 2')).token)).toBeNull();

    // From the shift's end the next shift (Tarde) reads it, on its first screen, also a worker signed in
    // minutes before the turn.
    const early = await t.createWorker(arco, 'Carla Tarde temprana');
    clock.travel(MINUTE);
    expect(await pendingOf(early.token)).toBe(note.id);
    const carla = await t.createWorker(arco, 'Carla Tarde');
    expect(await pendingOf(carla.token)).toBe(note.id);
    // Never its author.
    expect(await pendingOf(ana.token)).toBeNull();
  });

  it("a note written after its shift's end is the next shift's at once, live on the arco's open pages", async () => {
    // 14:10 in Madrid on a Wednesday: Tarde began ten minutes ago, so a note now is Mañana's.
    fakeClock(Date.parse('2026-12-02T13:10:00Z'));
    const base = await listen(t.app);
    const arco = await t.createArco('Arco Relevo Tarde', 'Nave 1');
    const other = await t.createArco('Arco Relevo Lejos', 'Nave 1');
    // The incoming worker signed in before the note was written; the old rule never showed it to them.
    const ivan = await t.createWorker(arco, 'Iván Tarde');
    const far = await t.createWorker(other, 'Otro Arco');
    const [atArco, elsewhere] = await Promise.all([connect(base, ivan.token), connect(base, far.token)]);
    const rosa = await t.createWorker(arco, 'Rosa Mañana');
    try {
      const note = await write(rosa.token, 'Queda una parada abierta por el tractor.');
      expect(note.shift_name).toBe('Mañana');
      await atArco.next('handover.changed', (d: { id: number }) => d.id === note.id);
      expect(await pendingOf(ivan.token)).toBe(note.id);
      // Confirmed: the open page hears it and it is no longer to read.
      expect((await t.send(ivan.token, 'POST', `/api/handovers/${note.id}/confirm`)).statusCode).toBe(200);
      await atArco.next('handover.changed', (d: { id: number }) => d.id === note.id && atArco.received.length >= 2);
      expect(await pendingOf(ivan.token)).toBeNull();
      expect(elsewhere.received.filter((e) => e.type === 'handover.changed')).toEqual([]);
    } finally {
      closeClients();
    }
  });
});
