import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Connection, PROBE_INTERVAL_MS, PROBE_TIMEOUT_MS } from './online';

// The connection is decided from requests and probes, never from navigator.onLine: these drive it with
// a probe of their own and fake timers, without any 'online' event.

let answers: boolean[];
let probes: number;
/** A probe that never answers (a dead uplink) until aborted. */
let hang: boolean;

function started(initial: boolean) {
  const c = new Connection(initial);
  c.start({
    probe: (signal) => {
      probes++;
      if (hang)
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      return Promise.resolve(answers.shift() ?? false);
    },
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  });
  return c;
}

beforeEach(() => {
  vi.useFakeTimers();
  answers = [];
  probes = 0;
  hang = false;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('connection', () => {
  it('a page that starts offline probes at once and finds the server without any online event', async () => {
    answers = [false, false, true];
    const c = started(false);
    const back = vi.fn();
    c.onReachable(back);
    await vi.advanceTimersByTimeAsync(0);
    expect(probes).toBe(1);
    expect(c.isReachable()).toBe(false);
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(probes).toBe(2);
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(probes).toBe(3);
    expect(c.isReachable()).toBe(true);
    expect(back).toHaveBeenCalledTimes(1);
    // Reachable and nothing waiting: no more probes.
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 5);
    expect(probes).toBe(3);
  });

  it('a request without answer or a 502/503/504 means no connection; any other answer means it is back', async () => {
    const c = started(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(probes).toBe(0);
    for (const status of [502, 503, 504]) {
      c.reportAnswer(status);
      expect(c.isReachable()).toBe(false);
      c.reportAnswer(404);
      expect(c.isReachable()).toBe(true);
    }
    c.reportAnswer(500);
    expect(c.isReachable()).toBe(true);
    c.reportNoAnswer();
    expect(c.isReachable()).toBe(false);
    // From then on it probes by itself.
    answers = [true];
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(probes).toBe(1);
    expect(c.isReachable()).toBe(true);
  });

  it('while something waits it keeps probing, and a probe left hanging counts as no answer', async () => {
    const c = started(true);
    c.watch('queue', true);
    answers = [true];
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(probes).toBe(1);
    expect(c.isReachable()).toBe(true);
    hang = true;
    const lost = vi.fn();
    c.onUnreachable(lost);
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS + PROBE_TIMEOUT_MS);
    expect(probes).toBe(2);
    expect(c.isReachable()).toBe(false);
    expect(lost).toHaveBeenCalledTimes(1);
    hang = false;
    answers = [true];
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(c.isReachable()).toBe(true);
    c.watch('queue', false);
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 5);
    expect(probes).toBe(3);
  });

  it('the browser’s online and offline events only bring the next probe forward', async () => {
    const target = new EventTarget();
    const c = new Connection(true);
    c.start({
      probe: () => {
        probes++;
        return Promise.resolve(answers.shift() ?? false);
      },
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      target: target as unknown as Window,
    });
    answers = [true];
    target.dispatchEvent(new Event('offline'));
    await vi.advanceTimersByTimeAsync(0);
    // The probe answered: an 'offline' event alone does not make the server unreachable.
    expect(probes).toBe(1);
    expect(c.isReachable()).toBe(true);
    answers = [false];
    target.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(c.isReachable()).toBe(false);
  });
});
