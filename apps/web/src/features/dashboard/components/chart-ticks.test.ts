import { describe, expect, it } from 'vitest';
import { monthTicks } from './chart-ticks';

const year = ['2025-12', ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`)];

describe('monthTicks', () => {
  it("keeps every third month on a phone's chart, counted back from the last one", () => {
    // A 346 px card less the value axis: 12 slots of about 24 px for labels such as 'may. 2026'.
    expect(monthTicks(year, 286)).toEqual(['2026-02', '2026-05', '2026-08', '2026-11']);
  });

  it('keeps every month where they all fit, and copes with one or none', () => {
    expect(monthTicks(year, 1000)).toEqual(year);
    expect(monthTicks(['2026-11'], 50)).toEqual(['2026-11']);
    expect(monthTicks([], 300)).toEqual([]);
  });
});
