import { describe, expect, it, vi } from 'vitest';
import { BACKOFF_MAX_MS, BACKOFF_MIN_MS, backoffDelay, createSseParser, EventStream, type SseMessage, WATCHDOG_MS } from './events';

function parse(chunks: string[]): SseMessage[] {
  const out: SseMessage[] = [];
  const parser = createSseParser((m) => out.push(m));
  for (const c of chunks) parser.push(c);
  return out;
}

describe('SSE parser', () => {
  it('reads event and data lines and dispatches on the blank line', () => {
    expect(parse(['event: post.created\ndata: {"a":1}\n\n'])).toEqual([{ event: 'post.created', data: '{"a":1}' }]);
  });

  it('joins several data lines with newlines and defaults the type to message', () => {
    expect(parse(['data: one\ndata: two\n\n'])).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });

  it('skips comment lines (heartbeats) and messages without data', () => {
    expect(parse([': ping\n\n', 'event: ready\n\n', ':\n', 'event: x\ndata: 1\n\n'])).toEqual([{ event: 'x', data: '1' }]);
  });

  it('survives chunks split anywhere, also inside a CRLF', () => {
    const text = 'event: like.changed\r\ndata: {"post_id":3}\r\n\r\nevent: ready\rdata: {}\r\r';
    const whole = parse([text]);
    expect(whole).toEqual([
      { event: 'like.changed', data: '{"post_id":3}' },
      { event: 'ready', data: '{}' },
    ]);
    for (let size = 1; size < 8; size++) {
      const chunks = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
      expect(parse(chunks)).toEqual(whole);
    }
  });

  it('strips only one leading space of a value, keeps colons in it, and reads a field without colon as empty', () => {
    expect(parse(['data:  two spaces: yes\ndata\n\n'])).toEqual([{ event: 'message', data: ' two spaces: yes\n' }]);
  });

  it('keeps the last event id and ignores retry', () => {
    expect(parse(['id: 7\nretry: 10\ndata: a\n\n', 'data: b\n\n'])).toEqual([
      { event: 'message', data: 'a', id: '7' },
      { event: 'message', data: 'b', id: '7' },
    ]);
  });

  it('does not dispatch an unterminated message', () => {
    const out: SseMessage[] = [];
    const parser = createSseParser((m) => out.push(m));
    parser.push('event: x\ndata: 1\n');
    parser.end();
    parser.push('\n');
    expect(out).toEqual([]);
  });
});

describe('reconnect backoff', () => {
  it('starts at 1 s and doubles up to 30 s', () => {
    const top = (attempt: number) => backoffDelay(attempt, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(top)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('is jittered between half and all of the ceiling, never under 1 s', () => {
    expect(backoffDelay(3, () => 0)).toBe(4000);
    expect(backoffDelay(10, () => 0)).toBe(15000);
    expect(backoffDelay(0, () => 0)).toBe(BACKOFF_MIN_MS);
    for (let i = 0; i < 200; i++) {
      const attempt = i % 12;
      const d = backoffDelay(attempt);
      expect(d).toBeGreaterThanOrEqual(BACKOFF_MIN_MS);
      expect(d).toBeLessThanOrEqual(BACKOFF_MAX_MS);
    }
  });
});

/** A manual clock: timers run only when the test says so. */
class FakeTimers {
  now = 0;
  private seq = 0;
  private pending = new Map<number, { at: number; fn: () => void }>();
  setTimeout = (fn: () => void, ms: number) => {
    const id = ++this.seq;
    this.pending.set(id, { at: this.now + ms, fn });
    return id;
  };
  clearTimeout = (id: unknown) => {
    this.pending.delete(id as number);
  };
  delays() {
    return [...this.pending.values()].map((t) => t.at - this.now).sort((a, b) => a - b);
  }
  advance(ms: number) {
    const until = this.now + ms;
    for (;;) {
      const next = [...this.pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      this.pending.delete(next[0]);
      this.now = next[1].at;
      next[1].fn();
    }
    this.now = until;
  }
}

/** A server-sent response whose body the test writes to and closes. */
function streamResponse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
    fail: () => controller.error(new TypeError('network lost')),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
async function settle() {
  for (let i = 0; i < 5; i++) await flush();
}

function setup(token: string | null = 'tok') {
  const timers = new FakeTimers();
  const fetches: { init: RequestInit; reply: (r: Response | Error) => void }[] = [];
  const fetchFn = vi.fn(
    (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        fetches.push({ init: init ?? {}, reply: (r) => (r instanceof Error ? reject(r) : resolve(r)) });
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  const target = new EventTarget();
  const doc = Object.assign(new EventTarget(), { hidden: false });
  let currentToken = token;
  const endSession = vi.fn();
  const stream = new EventStream({
    fetch: fetchFn as unknown as typeof fetch,
    getToken: () => currentToken,
    endSession,
    random: () => 1,
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    target: target as unknown as Window,
    doc: doc as unknown as Document,
    url: '/api/events',
  });
  const events: [string, unknown][] = [];
  const reconnected = vi.fn();
  const subscriber = { event: (type: string, payload: unknown) => events.push([type, payload]), reconnected };
  return {
    timers,
    fetches,
    fetchFn,
    target,
    doc,
    stream,
    events,
    reconnected,
    subscriber,
    endSession,
    setToken: (t: string | null) => {
      currentToken = t;
    },
  };
}

describe('EventStream', () => {
  it('sends the token in the Authorization header and delivers parsed events', async () => {
    const t = setup();
    t.stream.subscribe(t.subscriber);
    expect(t.stream.getStatus()).toBe('connecting');
    expect(t.fetches).toHaveLength(1);
    expect(t.fetches[0].init.headers).toEqual({ Authorization: 'Bearer tok', Accept: 'text/event-stream' });
    const s = streamResponse();
    t.fetches[0].reply(s.response);
    s.send('event: ready\ndata: {"at":"x"}\n\n: heartbeat\n\nevent: like.changed\ndata: {"post_id":1,"like_count":4}\n\n');
    await settle();
    expect(t.stream.getStatus()).toBe('open');
    expect(t.events).toEqual([['like.changed', { post_id: 1, like_count: 4 }]]);
    expect(t.reconnected).not.toHaveBeenCalled();
  });

  it('shares one connection between subscribers and closes it shortly after the last leaves', async () => {
    const t = setup();
    const a = t.stream.subscribe(t.subscriber);
    const other: string[] = [];
    const b = t.stream.subscribe({ event: (type) => other.push(type), reconnected: () => {} });
    expect(t.fetches).toHaveLength(1);
    const s = streamResponse();
    t.fetches[0].reply(s.response);
    s.send('event: ready\ndata: {}\n\nevent: post.deleted\ndata: {"id":2}\n\n');
    await settle();
    expect(t.events.map((e) => e[0])).toEqual(['post.deleted']);
    expect(other).toEqual(['post.deleted']);
    a();
    b();
    expect(t.stream.getStatus()).toBe('open');
    // A new screen subscribing within the grace period reuses the connection.
    const c = t.stream.subscribe(t.subscriber);
    t.timers.advance(10_000);
    expect(t.fetches).toHaveLength(1);
    c();
    t.timers.advance(10_000);
    expect(t.stream.getStatus()).toBe('idle');
    expect(t.fetches[0].init.signal?.aborted).toBe(true);
  });

  it('reconnects with growing backoff after failures and signals the reconnect', async () => {
    const t = setup();
    t.stream.subscribe(t.subscriber);
    const first = streamResponse();
    t.fetches[0].reply(first.response);
    first.send('event: ready\ndata: {}\n\n');
    await settle();
    first.close();
    await settle();
    expect(t.stream.getStatus()).toBe('reconnecting');
    expect(t.timers.delays()).toEqual([1000]);
    t.timers.advance(1000);
    expect(t.fetches).toHaveLength(2);
    t.fetches[1].reply(new TypeError('Failed to fetch'));
    await settle();
    expect(t.timers.delays()).toEqual([2000]);
    t.timers.advance(2000);
    t.fetches[2].reply(new Response('{"message":"x"}', { status: 503 }));
    await settle();
    expect(t.timers.delays()).toEqual([4000]);
    t.timers.advance(4000);
    const again = streamResponse();
    t.fetches[3].reply(again.response);
    again.send('event: ready\ndata: {}\n\n');
    await settle();
    expect(t.stream.getStatus()).toBe('open');
    expect(t.reconnected).toHaveBeenCalledTimes(1);
    // The backoff starts over once a connection is ready again.
    again.fail();
    await settle();
    expect(t.timers.delays()).toEqual([1000]);
  });

  it('signals a reconnect also when the first attempts failed (the screen may have missed events)', async () => {
    const t = setup();
    t.stream.subscribe(t.subscriber);
    t.fetches[0].reply(new TypeError('Failed to fetch'));
    await settle();
    t.timers.advance(1000);
    const s = streamResponse();
    t.fetches[1].reply(s.response);
    s.send('event: ready\ndata: {}\n\n');
    await settle();
    expect(t.reconnected).toHaveBeenCalledTimes(1);
  });

  it('retries at once when the browser comes back online or the tab is shown, not while hidden', async () => {
    const t = setup();
    t.stream.subscribe(t.subscriber);
    t.fetches[0].reply(new TypeError('offline'));
    await settle();
    t.fetches.length = 0;
    t.target.dispatchEvent(new Event('online'));
    expect(t.fetches).toHaveLength(1);
    t.fetches[0].reply(new TypeError('offline'));
    await settle();
    t.doc.hidden = true;
    t.timers.advance(60_000);
    expect(t.fetches).toHaveLength(1);
    t.doc.hidden = false;
    t.doc.dispatchEvent(new Event('visibilitychange'));
    expect(t.fetches).toHaveLength(2);
  });

  it('aborts a stream that stays silent past the heartbeat watchdog and reconnects', async () => {
    const t = setup();
    t.stream.subscribe(t.subscriber);
    const s = streamResponse();
    t.fetches[0].reply(s.response);
    s.send('event: ready\ndata: {}\n\n');
    await settle();
    t.timers.advance(WATCHDOG_MS);
    await settle();
    expect(t.fetches[0].init.signal?.aborted).toBe(true);
    expect(t.stream.getStatus()).toBe('reconnecting');
  });

  it('ends the session on 401 or 403 and stops retrying', async () => {
    for (const status of [401, 403]) {
      const t = setup();
      t.stream.subscribe(t.subscriber);
      t.fetches[0].reply(new Response('{"message":"Token inválido"}', { status }));
      await settle();
      expect(t.endSession).toHaveBeenCalledTimes(1);
      expect(t.stream.getStatus()).toBe('closed');
      t.timers.advance(120_000);
      expect(t.fetches).toHaveLength(1);
    }
  });

  it('does not connect without a token, and reconnects when the token changes', async () => {
    const t = setup(null);
    t.stream.subscribe(t.subscriber);
    expect(t.fetches).toHaveLength(0);
    expect(t.stream.getStatus()).toBe('closed');
    t.setToken('new');
    t.stream.syncToken('new');
    expect(t.fetches).toHaveLength(1);
    expect(t.fetches[0].init.headers).toMatchObject({ Authorization: 'Bearer new' });
    t.stream.syncToken('new');
    expect(t.fetches).toHaveLength(1);
    t.setToken('newer');
    t.stream.syncToken('newer');
    expect(t.fetches[0].init.signal?.aborted).toBe(true);
    expect(t.fetches[1].init.headers).toMatchObject({ Authorization: 'Bearer newer' });
  });

  it('keeps delivering to the other subscribers when one handler throws', async () => {
    const t = setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    t.stream.subscribe({
      event: () => {
        throw new Error('boom');
      },
      reconnected: () => {},
    });
    t.stream.subscribe(t.subscriber);
    const s = streamResponse();
    t.fetches[0].reply(s.response);
    s.send('event: ready\ndata: {}\n\nevent: post.deleted\ndata: {"id":1}\n\nevent: bad\ndata: not json\n\n');
    await settle();
    expect(t.events).toEqual([['post.deleted', { id: 1 }]]);
    expect(t.stream.getStatus()).toBe('open');
    error.mockRestore();
  });
});
