import { describe, expect, it } from 'vitest';
import { currentShift, shiftInstances } from '../src/modules/shifts/service';
import { expectBadRequests, fakeClock, pgUnavailable, useSeed, useTestApp } from './helper';

interface Instance {
  date: string;
  shift_id: number;
  name: string;
  start: string;
  end: string;
  worked: boolean;
  breaks: { start: string; end: string }[];
}

const hours = (i: Instance) => (Date.parse(i.end) - Date.parse(i.start)) / 3_600_000;
const brief = (list: Instance[]) => list.map((i) => [i.date, i.name, i.start, i.end, i.worked]);

describe.skipIf(pgUnavailable)('shift calendar', () => {
  const t = useTestApp();
  const seed = useSeed(t, { arcos: { a: 'Arco Turnos' }, workers: { w: ['a'] } });
  /** A fixed today, 2025-12-01, so that every date these tests change is still to come (tokens signed later stay valid). */
  const onDecemberFirst = () => fakeClock(Date.parse('2025-12-01T10:00:00Z'));
  const instances = async (from: string, to: string, token = seed.w.token): Promise<Instance[]> => {
    const res = await t.send(token, 'GET', `/api/shifts/instances?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('starts with Mañana, Tarde and Noche Monday to Saturday, each on its start day, the Noche across midnight', async () => {
    // Friday 2026-11-27 to Sunday 2026-11-29 (winter time, UTC+1).
    const list = await instances('2026-11-27', '2026-11-29');
    expect(brief(list)).toEqual([
      // The Noche of Thursday still runs at Friday's start.
      ['2026-11-26', 'Noche', '2026-11-26T21:00:00.000Z', '2026-11-27T05:00:00.000Z', true],
      ['2026-11-27', 'Mañana', '2026-11-27T05:00:00.000Z', '2026-11-27T13:00:00.000Z', true],
      ['2026-11-27', 'Tarde', '2026-11-27T13:00:00.000Z', '2026-11-27T21:00:00.000Z', true],
      ['2026-11-27', 'Noche', '2026-11-27T21:00:00.000Z', '2026-11-28T05:00:00.000Z', true],
      ['2026-11-28', 'Mañana', '2026-11-28T05:00:00.000Z', '2026-11-28T13:00:00.000Z', true],
      ['2026-11-28', 'Tarde', '2026-11-28T13:00:00.000Z', '2026-11-28T21:00:00.000Z', true],
      // Saturday's Noche ends on Sunday morning; Sunday starts no shift.
      ['2026-11-28', 'Noche', '2026-11-28T21:00:00.000Z', '2026-11-29T05:00:00.000Z', true],
    ]);
    expect(list.every((i) => i.breaks.length === 0)).toBe(true);
  });

  it('gives the Noche 7 h on the spring night and 9 h on the autumn night', async () => {
    const spring = (await instances('2026-03-28', '2026-03-28')).find((i) => i.date === '2026-03-28' && i.name === 'Noche')!;
    expect([spring.start, spring.end, hours(spring)]).toEqual(['2026-03-28T21:00:00.000Z', '2026-03-29T04:00:00.000Z', 7]);
    const autumn = (await instances('2026-10-24', '2026-10-24')).find((i) => i.date === '2026-10-24' && i.name === 'Noche')!;
    expect([autumn.start, autumn.end, hours(autumn)]).toEqual(['2026-10-24T20:00:00.000Z', '2026-10-25T05:00:00.000Z', 9]);
    // The service answers the same for any caller, and an instant range cuts to the shifts it touches.
    const atNight = await shiftInstances(t.app.ctx, new Date('2026-10-25T01:30:00Z'), new Date('2026-10-25T02:30:00Z'));
    expect(atNight.map((i) => [i.date, i.name])).toEqual([['2026-10-24', 'Noche']]);
    expect(await currentShift(t.app.ctx, new Date('2026-10-25T04:59:00Z'))).toMatchObject({ date: '2026-10-24', name: 'Noche' });
    expect(await currentShift(t.app.ctx, new Date('2026-10-25T05:00:00Z'))).toBeNull();
  });

  it('refuses bad ranges with Spanish messages and is for signed-in users', async () => {
    await expectBadRequests(
      (q) => t.send(seed.w.token, 'GET', `/api/shifts/instances?${q}`),
      [
        ['from=2026-11-27&to=2026-11-26', 'El intervalo de fechas no es válido.'],
        ['from=2026-01-01&to=2026-06-01', 'El intervalo no puede superar los 62 días.'],
        ['from=ayer&to=2026-11-26', 'El intervalo de fechas no es válido.'],
        ['from=2026-11-26&to=2026-11-27&nave=Nave%2099', 'La nave indicada no existe.'],
      ],
    );
    expect((await t.send(null, 'GET', '/api/shifts/instances?from=2026-11-26&to=2026-11-27')).statusCode).toBe(401);
  });

  it('lets an admin add a shift across midnight with a break after midnight, from a date on, and never rewrites the days before', async () => {
    onDecemberFirst();
    // Sunday's night shift did not exist: a new one, from Sunday 2026-12-06.
    const created = await t.send(seed.admin, 'POST', '/api/admin/shifts', {
      name: 'Noche del domingo',
      start: '22:00',
      end: '06:00',
      weekdays: [7],
      breaks: [{ start: '02:00', end: '02:30' }],
      effective_from: '2026-12-06',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe('¡Turno creado con éxito!');
    const sunday = (await instances('2026-12-06', '2026-12-06')).filter((i) => i.date === '2026-12-06');
    expect(sunday).toEqual([
      {
        date: '2026-12-06',
        shift_id: created.json().shift.id,
        name: 'Noche del domingo',
        start: '2026-12-06T21:00:00.000Z',
        end: '2026-12-07T05:00:00.000Z',
        worked: true,
        breaks: [{ start: '2026-12-07T01:00:00.000Z', end: '2026-12-07T01:30:00.000Z' }],
      },
    ]);
    // The Sunday before the change keeps its empty calendar.
    expect((await instances('2026-11-29', '2026-11-29')).filter((i) => i.date === '2026-11-29')).toEqual([]);

    // Mañana moves to 07:00–15:00 from 2026-12-14: the week before keeps 06:00.
    const calendar = (await t.send(seed.admin, 'GET', '/api/admin/shifts')).json();
    const manana = calendar.shifts.find((s: { current: { name: string } | null }) => s.current?.name === 'Mañana');
    const tarde = calendar.shifts.find((s: { current: { name: string } | null }) => s.current?.name === 'Tarde');
    const change = { name: 'Mañana', start: '07:00', end: '15:00', weekdays: [1, 2, 3, 4, 5], effective_from: '2026-12-14' };
    // It would overlap the Tarde until that one moves too.
    const overlap = await t.send(seed.admin, 'PUT', `/api/admin/shifts/${manana.id}`, change);
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json()).toEqual({ message: 'El turno se solapa con el turno Mañana y Tarde en alguno de sus días.' });
    expect(
      (
        await t.send(seed.admin, 'PUT', `/api/admin/shifts/${tarde.id}`, {
          ...tarde.current,
          start: '15:00',
          end: '22:00',
          effective_from: '2026-12-14',
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.send(seed.admin, 'PUT', `/api/admin/shifts/${manana.id}`, change)).statusCode).toBe(200);
    const monday = async (d: string) => brief((await instances(d, d)).filter((i) => i.date === d && i.name !== 'Noche'));
    expect(await monday('2026-12-07')).toEqual([
      ['2026-12-07', 'Mañana', '2026-12-07T05:00:00.000Z', '2026-12-07T13:00:00.000Z', true],
      ['2026-12-07', 'Tarde', '2026-12-07T13:00:00.000Z', '2026-12-07T21:00:00.000Z', true],
    ]);
    expect(await monday('2026-12-14')).toEqual([
      ['2026-12-14', 'Mañana', '2026-12-14T06:00:00.000Z', '2026-12-14T14:00:00.000Z', true],
      ['2026-12-14', 'Tarde', '2026-12-14T14:00:00.000Z', '2026-12-14T21:00:00.000Z', true],
    ]);
    // Saturday is no longer a Mañana day from then on.
    expect((await instances('2026-12-19', '2026-12-19')).some((i) => i.date === '2026-12-19' && i.name === 'Mañana')).toBe(false);

    // A change dated before today is refused: the past keeps its calendar.
    const past = await t.send(seed.admin, 'PUT', `/api/admin/shifts/${manana.id}`, { ...change, effective_from: '2025-11-30' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({
      message: 'Los cambios del calendario solo pueden aplicarse desde hoy en adelante: el pasado no se modifica.',
    });
    // Every change is in the history, with its kind.
    expect((await t.send(seed.admin, 'GET', `/api/admin/audit?entity=shift&entity_id=${manana.id}`)).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('entity', '=', 'shift')
      .where('entity_id', '=', manana.id)
      .execute();
    expect(rows.map((r) => [r.action, JSON.parse(r.changes).start])).toEqual([['update', { before: '06:00', after: '07:00' }]]);
  });

  it('marks a holiday and a single shift as not worked, from today on', async () => {
    onDecemberFirst();
    const day = await t.send(seed.admin, 'POST', '/api/admin/shifts/closures', { date: '2026-12-08', reason: 'Inmaculada Concepción' });
    expect(day.statusCode, day.body).toBe(201);
    const list = (await instances('2026-12-08', '2026-12-09')).filter((i) => i.date >= '2026-12-08');
    expect(list.filter((i) => i.date === '2026-12-08').every((i) => !i.worked)).toBe(true);
    expect(list.filter((i) => i.date === '2026-12-09').every((i) => i.worked)).toBe(true);
    const noche = list.find((i) => i.date === '2026-12-09' && i.name === 'Noche')!;
    const one = await t.send(seed.admin, 'POST', '/api/admin/shifts/closures', { date: '2026-12-09', shift_id: noche.shift_id });
    expect(one.statusCode).toBe(201);
    const after = (await instances('2026-12-09', '2026-12-09')).filter((i) => i.date === '2026-12-09');
    expect(after.map((i) => [i.name, i.worked])).toEqual([
      ['Mañana', true],
      ['Tarde', true],
      ['Noche', false],
    ]);
    const again = await t.send(seed.admin, 'POST', '/api/admin/shifts/closures', { date: '2026-12-08' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Ese día o turno ya está marcado como no trabajado.' });
    const past = await t.send(seed.admin, 'POST', '/api/admin/shifts/closures', { date: '2025-11-30' });
    expect(past.json()).toEqual({ message: 'Solo se pueden marcar o quitar días no trabajados de hoy en adelante.' });
    expect((await t.send(seed.admin, 'DELETE', `/api/admin/shifts/closures/${one.json().closure.id}`)).statusCode).toBe(200);
    expect((await instances('2026-12-09', '2026-12-09')).find((i) => i.date === '2026-12-09' && i.name === 'Noche')?.worked).toBe(true);
    expect((await t.send(seed.admin, 'GET', '/api/admin/shifts')).json().closures).toEqual([
      { id: day.json().closure.id, date: '2026-12-08', shift_id: null, reason: 'Inmaculada Concepción' },
    ]);
    const kinds = await t.db.selectFrom('audit_log').select('action').where('entity', '=', 'shift_closure').orderBy('id').execute();
    expect(kinds.map((k) => k.action)).toEqual(['create', 'create', 'delete']);
  });

  it('refuses bad shifts with Spanish messages; workers cannot change the calendar', async () => {
    onDecemberFirst();
    const base = { name: 'Turno corto', start: '10:00', end: '12:00', weekdays: [7], effective_from: '2027-01-03' };
    await expectBadRequests(
      (body) => t.send(seed.admin, 'POST', '/api/admin/shifts', body),
      [
        [{ ...base, name: ' ' }, 'El nombre del turno es obligatorio.'],
        [{ ...base, start: '25:00' }, 'La hora debe tener el formato HH:mm.'],
        [{ ...base, end: '10:00' }, 'La hora de fin del turno debe ser distinta de la de inicio.'],
        [{ ...base, weekdays: [] }, 'Selecciona al menos un día de la semana.'],
        [{ ...base, weekdays: [8] }, 'El día de la semana no es válido.'],
        [{ ...base, breaks: [{ start: '12:30', end: '12:45' }] }, 'Cada descanso debe quedar dentro del turno.'],
        [
          {
            ...base,
            breaks: [
              { start: '10:30', end: '11:00' },
              { start: '10:45', end: '11:15' },
            ],
          },
          'Los descansos de un turno no pueden solaparse.',
        ],
        [{ ...base, effective_from: '2027-02-30' }, 'La fecha no es válida.'],
        [{ ...base, nave_id: 999999 }, 'La nave indicada no existe.'],
      ],
    );
    expect((await t.send(seed.admin, 'PUT', '/api/admin/shifts/999999', base)).statusCode).toBe(404);
    expect((await t.send(seed.w.token, 'POST', '/api/admin/shifts', base)).statusCode).toBe(403);
  });
});
