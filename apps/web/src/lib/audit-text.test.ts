import { describe, expect, it } from 'vitest';
import { auditFieldLabel, auditValueText } from './audit-text';

const names = {
  tz: 'Europe/Madrid',
  motivos: new Map([[4, 'Avería eléctrica']]),
  arcos: new Map([[2, 'Arco 2']]),
  naves: new Map([[1, 'Nave 1']]),
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
});
