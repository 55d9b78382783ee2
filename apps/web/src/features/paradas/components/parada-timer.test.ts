import { describe, expect, it } from 'vitest';
import { readActiveCache, writeActiveCache } from '../api/active-cache';
import { formatElapsed } from './elapsed';

describe('parada clock', () => {
  it('shows mm:ss and keeps counting minutes past the hour', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(59_999)).toBe('00:59');
    expect(formatElapsed(61_000)).toBe('01:01');
    expect(formatElapsed(75 * 60_000 + 3_000)).toBe('75:03');
    // A device clock slightly behind the server never shows a negative time.
    expect(formatElapsed(-5_000)).toBe('00:00');
  });
});

describe('active parada cache', () => {
  it("restores only the signed-in worker's parada and can be cleared", () => {
    writeActiveCache({ id: 7, start_time: '2026-11-21T08:00:00.000Z', arco_sumergido_id: 3, user_id: 42 });
    expect(readActiveCache(42)).toEqual({ id: 7, start_time: '2026-11-21T08:00:00.000Z', arco_sumergido_id: 3, user_id: 42 });
    expect(readActiveCache(43)).toBeNull();
    writeActiveCache(null);
    expect(readActiveCache(42)).toBeNull();
  });

  it('ignores a damaged entry', () => {
    localStorage.setItem('activeParada', '{not json');
    expect(readActiveCache(42)).toBeNull();
  });
});
