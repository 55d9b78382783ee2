import { describe, expect, it } from 'vitest';
import { auditActorText, auditChanges, auditFieldLabel, auditRecordText, auditValueText } from './audit-text';

const names = {
  tz: 'Europe/Madrid',
  motivos: new Map([[4, 'Avería eléctrica']]),
  arcos: new Map([[2, 'Arco 2']]),
  naves: new Map([[1, 'Nave 1']]),
  users: { '5': 'Eva Relevo' },
};

describe('the change history in Spanish', () => {
  it('names the fields in Spanish and keeps an unknown one as recorded', () => {
    expect(auditFieldLabel('end_time')).toBe('Fin');
    expect(auditFieldLabel('motivo_id')).toBe('Motivo');
    expect(auditFieldLabel('arco_sumergido_id')).toBe('Arco sumergido');
    expect(auditFieldLabel('something_new')).toBe('something_new');
  });

  it('shows instants in the factory time, dates as dd/mm/yyyy and minutes counted', () => {
    expect(auditValueText('end_time', '2026-11-25T17:45:22.545Z', names)).toBe('25/11/2026 18:45');
    // Summer time: two hours east of UTC.
    expect(auditValueText('start_time', '2026-07-01T22:30:00.000Z', names)).toBe('02/07/2026 00:30');
    expect(auditValueText('date', '2026-11-25', names)).toBe('25/11/2026');
    expect(auditValueText('duration_minutes', 1, names)).toBe('1 minuto');
    expect(auditValueText('duration_minutes', 40, names)).toBe('40 minutos');
  });

  it('names motivos, arcos and naves by their ids, and marks an id no longer in the catalog', () => {
    expect(auditValueText('motivo_id', 4, names)).toBe('Avería eléctrica');
    expect(auditValueText('arco_sumergido_id', 2, names)).toBe('Arco 2');
    expect(auditValueText('nave_id', 1, names)).toBe('Nave 1');
    expect(auditValueText('motivo_id', 9, names)).toBe('#9');
  });

  it('writes nothing as a dash, booleans as Sí/No, roles by name and decimals with a comma', () => {
    expect(auditValueText('end_time', null, names)).toBe('—');
    expect(auditValueText('active', false, names)).toBe('No');
    expect(auditValueText('active', 1, names)).toBe('Sí');
    expect(auditValueText('role', 'admin', names)).toBe('Administrador');
    expect(auditValueText('hours', [8, 7.5, 0], names)).toBe('8 · 7,5 · 0');
  });

  it('reads the newer kinds in Spanish: accounts by name, local times, seconds, figures as text, no internal names', () => {
    // A handover read: 'Leído por: — → 5' and an ISO instant before.
    expect(auditFieldLabel('confirmed_by')).toBe('Leído por');
    expect(auditValueText('confirmed_by', 5, names)).toBe('Eva Relevo');
    expect(auditValueText('confirmed_by', 6, names)).toBe('#6');
    expect(auditValueText('confirmed_at', '2026-11-27T22:19:16.554Z', names)).toBe('27/11/2026 23:19');
    // A 40-second stop: seconds, and the minutes recorded beside them are not shown.
    expect(auditValueText('duration_seconds', 40, names)).toBe('40 segundos');
    expect(auditValueText('duration_seconds', 1, names)).toBe('1 segundo');
    expect(auditValueText('duration_seconds', 300, names)).toBe('5 minutos');
    const stop = {
      changes: {
        end_time: { before: null, after: 'x' },
        duration_minutes: { before: null, after: 0 },
        duration_seconds: { before: null, after: 40 },
      },
    };
    expect(auditChanges(stop).map(([field]) => field)).toEqual(['end_time', 'duration_seconds']);
    // A handover's figures, stored as JSON text.
    const summary = JSON.stringify({
      open_paradas: [{ id: 3, start_time: '2026-11-27T21:10:00.000Z', user_name: 'Ana', motivo_name: 'Fundente', description: null }],
      stops: 2,
      stopped_minutes: 35,
      micro_stops: 1,
      planned_minutes: 0,
    });
    const text = auditValueText('summary', summary, names);
    expect(text).toBe(
      'Paradas: 2 · Minutos de parada: 35 · Microparadas: 1 · Minutos de parada planificada: 0 · Paradas abiertas: 27/11/2026 22:10, Fundente, Ana',
    );
    expect(text).not.toContain('{');
    expect(
      auditValueText(
        'summary',
        JSON.stringify({ open_paradas: [], stops: 0, stopped_minutes: 0, micro_stops: 0, planned_minutes: 0 }),
        names,
      ),
    ).toContain('Sin paradas abiertas.');
    // A terminal's one-time code, a shift's days and breaks, the andon's motivos.
    expect(auditFieldLabel('terminal_code')).toBe('Código de alta del terminal');
    expect(auditValueText('weekdays', [1, 2, 6], names)).toBe('Lunes, Martes, Sábado');
    expect(auditValueText('breaks', [{ start: '10:00', end: '10:30' }], names)).toBe('10:00–10:30');
    expect(auditValueText('breaks', [], names)).toBe('—');
    expect(auditValueText('effective_from', '2026-12-01', names)).toBe('01/12/2026');
    expect(auditValueText('immediate_motivos', '4, 9', names)).toBe('Avería eléctrica, #9');
    // Any other object is written out field by field.
    expect(auditValueText('other', { stops: 2, confirmed_by: 5 }, names)).toBe('Paradas: 2 · Leído por: Eva Relevo');
  });

  it("names the record and the actor, and says 'desde el terminal «…»' for an act at a tablet", () => {
    expect(auditRecordText({ entity: 'user', entity_id: 5, changes: {} }, names)).toBe('Usuario: Eva Relevo');
    expect(auditRecordText({ entity: 'arco', entity_id: 2, changes: {} }, names)).toBe('Arco sumergido: Arco 2');
    expect(auditRecordText({ entity: 'terminal', entity_id: 7, changes: { name: { before: null, after: 'Tablet Arco 2' } } }, names)).toBe(
      'Terminal de puesto: Tablet Arco 2',
    );
    expect(auditRecordText({ entity: 'parada', entity_id: 12, changes: {} }, names)).toBe('Parada Kaiser #12');
    expect(auditActorText({ action: 'create', actor_name: 'Ana', terminal_name: 'Tablet Arco 2' })).toBe(
      'Ana desde el terminal «Tablet Arco 2»',
    );
    expect(auditActorText({ action: 'create', actor_name: 'Ana', terminal_name: null })).toBe('Ana');
    expect(auditActorText({ action: 'machine_end', actor_name: null })).toBe('La máquina');
  });
});
