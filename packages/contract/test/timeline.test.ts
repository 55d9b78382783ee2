import { describe, expect, it } from 'vitest';
import { arcInRunning, type TimelineBar, type TimelineShift, withRunning, workedSpans } from '../src/timeline';

const H = 3600_000;
const at = (hours: number) => Date.UTC(2026, 10, 26) + hours * H;
const iso = (hours: number) => new Date(at(hours)).toISOString();
const shift = (start: number, end: number, worked = true): TimelineShift => ({
  date: '2026-11-26',
  shift_id: start,
  name: `T${start}`,
  start: iso(start),
  end: iso(end),
  worked,
});

// The server sends no running bars; the client fills them in (docs/decisions/053-timeline-without-running-bars.md).
describe('timeline running bars', () => {
  it('runs over the worked shifts up to now, not over a shift off, and over the whole range without a calendar', () => {
    const range = { from: iso(0), to: iso(24), now: iso(20) };
    expect(workedSpans({ ...range, shifts: [shift(-2, 6), shift(6, 14, false), shift(14, 22)] })).toEqual([
      { start: at(0), end: at(6) },
      { start: at(14), end: at(20) },
    ]);
    expect(workedSpans({ ...range, shifts: [] })).toEqual([{ start: at(0), end: at(20) }]);
  });

  it('fills the gaps between the bars by start, cut at the shifts, around overlapping bars', () => {
    const bars: TimelineBar[] = [
      ['no_signal', iso(9), iso(10), null, null, 1],
      ['stopped', iso(1), iso(2), 7, 3, 0],
      ['micro', iso(1.5), iso(2.5), 8, null, 0],
      ['planned', iso(5), iso(7), 9, 4, 0],
    ];
    expect(
      withRunning(bars, [
        { start: at(0), end: at(6) },
        { start: at(6), end: at(10) },
      ]),
    ).toEqual([
      ['running', at(0), at(1), null, null, 0],
      ['stopped', at(1), at(2), 7, 3, 0],
      ['micro', at(1.5), at(2.5), 8, null, 0],
      ['running', at(2.5), at(5), null, null, 0],
      ['planned', at(5), at(7), 9, 4, 0],
      ['running', at(7), at(9), null, null, 0],
      ['no_signal', at(9), at(10), null, null, 1],
    ]);
    expect(withRunning([], [{ start: at(0), end: at(1) }])).toEqual([['running', at(0), at(1), null, null, 0]]);
  });
});

// Weld telemetry's arc-on stretches are drawn inside 'En marcha' (docs/decisions/090-arc-on-board-and-timeline.md).
describe('timeline arc-on stretches', () => {
  it('keeps each stretch inside the running bars, cut at a parada and at the end of the worked time', () => {
    const drawn = withRunning([['stopped', iso(2), iso(3), 1, null, 0]], [{ start: at(0), end: at(6) }]);
    const arc: [number, number][] = [
      [at(1), at(4)],
      [at(5), at(7)],
      [at(8), at(9)],
    ];
    expect(arcInRunning(arc, drawn)).toEqual([
      [at(1), at(2), arc[0]],
      [at(3), at(4), arc[0]],
      [at(5), at(6), arc[1]],
    ]);
    expect(arcInRunning([], drawn)).toEqual([]);
  });
});
