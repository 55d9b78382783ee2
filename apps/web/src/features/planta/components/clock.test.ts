import { describe, expect, it } from 'vitest';
import { formatStopClock } from './clock';

describe('formatStopClock', () => {
  it('shows mm:ss under an hour', () => {
    expect(formatStopClock(0)).toBe('00:00');
    expect(formatStopClock(999)).toBe('00:00');
    expect(formatStopClock(65_000)).toBe('01:05');
    expect(formatStopClock(3_599_999)).toBe('59:59');
  });

  it('shows hh:mm:ss from an hour on', () => {
    expect(formatStopClock(3_600_000)).toBe('01:00:00');
    expect(formatStopClock((26 * 3600 + 7 * 60 + 3) * 1000)).toBe('26:07:03');
  });

  it('never shows a negative time when the browser clock is behind the server', () => {
    expect(formatStopClock(-5_000)).toBe('00:00');
  });
});
