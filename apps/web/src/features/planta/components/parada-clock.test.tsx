import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteServerDate, resetServerClock } from '@/lib/server-clock';
import { ParadaClock } from './parada-clock';
import { SignalLine, useSilent } from './signal-line';

// A plant screen whose clock is wrong still shows running times and silence on the server's clock
// (lib/server-clock.ts learns its offset from the answers' Date headers).
const PHONE = 1_800_000_000_000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(PHONE);
});
afterEach(() => {
  cleanup();
  resetServerClock();
  vi.useRealTimers();
});

/** One answer whose Date header says the server's clock is `offset` ms from this screen's. */
const serverSays = (offset: number) => noteServerDate(new Date(PHONE + offset).toUTCString(), PHONE, PHONE);

describe('the plant board on the server clock', () => {
  it("counts a parada's time from its start on the server's clock", () => {
    // The server is ten minutes ahead: the window of that answer puts it 600.5 s ahead.
    serverSays(600_000);
    render(<ParadaClock start={new Date(PHONE + 600_500 - 125_000).toISOString()} />);
    expect(screen.getByRole('timer').textContent).toBe('02:05');
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByRole('timer').textContent).toBe('02:08');
  });

  it("shows 'Sin señal' only once the server's clock says the signal is silent", () => {
    // The server is ten minutes behind; its arco reported 10 s ago by the server's clock.
    serverSays(-600_000);
    const signal = { last_report_at: new Date(PHONE - 600_000 - 10_000).toISOString(), silence_seconds: 60, silent: false };
    function Line() {
      return <SignalLine signal={signal as never} silent={useSilent(signal as never)} tz="Europe/Madrid" />;
    }
    render(<Line />);
    expect(screen.queryByText('Sin señal')).toBeNull();
    act(() => vi.advanceTimersByTime(55_000));
    expect(screen.getByText('Sin señal')).toBeTruthy();
  });
});
