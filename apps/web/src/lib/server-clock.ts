/**
 * The server's clock as seen from this phone: `serverNow()` is the phone's clock corrected by the
 * offset learnt from the `Date` header of API answers (lib/api.ts). A header has whole seconds, so
 * each answer bounds the offset to a window (the server read its clock between sending the request
 * and receiving the answer); the windows of successive answers are intersected, which narrows the
 * estimate well below a second. Kept in localStorage so a reload offline still knows it.
 */
const KEY = 'serverClock';

interface Window {
  /** Bounds of (server clock - phone clock), in ms. */
  low: number;
  high: number;
}

let window: Window | null = read();

function read(): Window | null {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Window | null;
    return v && Number.isFinite(v.low) && Number.isFinite(v.high) && v.low <= v.high ? v : null;
  } catch {
    return null;
  }
}

/** Learns from one answer: its `Date` header, and the phone's clock when the request left and the answer came. */
export function noteServerDate(header: string | null, sentAt: number, receivedAt: number): void {
  const date = header ? Date.parse(header) : Number.NaN;
  if (Number.isNaN(date)) return;
  const sample = { low: date - receivedAt, high: date + 1000 - sentAt };
  const low = Math.max(sample.low, window?.low ?? sample.low);
  const high = Math.min(sample.high, window?.high ?? sample.high);
  // Disjoint windows: a clock was changed since (the phone's or the server's); start again from this answer.
  window = low <= high ? { low, high } : sample;
  try {
    localStorage.setItem(KEY, JSON.stringify(window));
  } catch {
    // Without storage the offset is only relearnt after a reload.
  }
}

/** Server clock minus phone clock, in ms (0 until an answer has been seen). */
export const serverOffset = (): number => (window ? Math.round((window.low + window.high) / 2) : 0);

/** The server's now, in ms since the epoch. */
export const serverNow = (): number => Date.now() + serverOffset();

/** For tests: forget what was learnt. */
export function resetServerClock(): void {
  window = null;
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}
