import { describe, expect, it } from 'vitest';
import { formatParadaClock, formatWait } from './clock';

describe('formatParadaClock', () => {
  it('shows mm:ss under an hour', () => {
    expect(formatParadaClock(0)).toBe('00:00');
    expect(formatParadaClock(999)).toBe('00:00');
    expect(formatParadaClock(65_000)).toBe('01:05');
    expect(formatParadaClock(3_599_999)).toBe('59:59');
  });

  it('shows hh:mm:ss from an hour on', () => {
    expect(formatParadaClock(3_600_000)).toBe('01:00:00');
    expect(formatParadaClock((26 * 3600 + 7 * 60 + 3) * 1000)).toBe('26:07:03');
  });

  it('never shows a negative time when the browser clock is behind the server', () => {
    expect(formatParadaClock(-5_000)).toBe('00:00');
  });
});

describe('formatWait', () => {
  it('writes a wait with its unit', () => {
    expect(formatWait(33)).toBe('33 s');
    expect(formatWait(0)).toBe('0 s');
    expect(formatWait(125)).toBe('2 min 05 s');
    expect(formatWait(3720)).toBe('1 h 02 min');
    expect(formatWait(-4)).toBe('0 s');
  });
});
