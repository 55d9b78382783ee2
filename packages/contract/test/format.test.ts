import { describe, expect, it } from 'vitest';
import { capitalize, countOf, longDate, minutesText, monthName, percentText, shortMonthName } from '../src/format';
import { searchResultsText } from '../src/tramos';

describe('plural helpers', () => {
  it('uses the singular for exactly one and the plural for zero and more', () => {
    expect(minutesText(1)).toBe('1 minuto');
    expect(minutesText(0)).toBe('0 minutos');
    expect(minutesText(2)).toBe('2 minutos');
    expect(countOf(1, 'parada', 'paradas')).toBe('1 parada');
    expect(countOf(21, 'parada', 'paradas')).toBe('21 paradas');
  });

  it('writes the search summary in the singular for one result', () => {
    expect(searchResultsText(1)).toBe('Se encontró 1 resultado.');
    expect(searchResultsText(3)).toBe('Se encontraron 3 resultados.');
  });
});

describe('percentText', () => {
  it('writes one decimal with a Spanish comma and a space before the sign', () => {
    expect(percentText(98.4)).toBe('98,4 %');
    expect(percentText(99.57)).toBe('99,6 %');
    expect(percentText(100)).toBe('100 %');
    expect(percentText(0)).toBe('0 %');
  });
});

describe('date helpers', () => {
  it('writes a long date with lower-case day and month names', () => {
    expect(longDate('2026-11-23')).toBe('lunes, 23 de noviembre de 2026');
    expect(longDate('2026-11-21')).toBe('sábado, 21 de noviembre de 2026');
    expect(longDate('2027-01-03')).toBe('domingo, 3 de enero de 2027');
    expect(longDate('2026-03-29T10:00:00Z')).toBe('domingo, 29 de marzo de 2026');
  });

  it('capitalizes only the first letter', () => {
    expect(capitalize(longDate('2026-09-02'))).toBe('Miércoles, 2 de septiembre de 2026');
  });

  it('names months in full and abbreviated for chart axes', () => {
    expect(monthName('2026-11')).toBe('noviembre de 2026');
    expect(shortMonthName('2026-11')).toBe('nov. 2026');
    expect(shortMonthName('2026-09')).toBe('sept. 2026');
    expect(shortMonthName('2027-05')).toBe('may. 2027');
  });
});

describe('role names', () => {
  it('shows the roles in Spanish', async () => {
    const { roleName } = await import('../src/users');
    expect(roleName('user')).toBe('Trabajador');
    expect(roleName('admin')).toBe('Administrador');
  });
});
