import type { EventPayloads, EventType } from '@portal/contract/events';
import { apiUrl, endSession } from './api';
import { connection } from './online';
import { getToken } from './token';

/**
 * The live event stream (GET /api/events). EventSource cannot send an Authorization header and a
 * token in the URL ends up in access logs, so this reads the server-sent events over fetch.
 */

export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

/**
 * An incremental parser of the text/event-stream format (WHATWG HTML, "Interpreting an event
 * stream"): feed it decoded text in chunks of any size; it calls `onMessage` for every complete
 * message. Comment lines (the server's heartbeats) are skipped.
 */
export function createSseParser(onMessage: (message: SseMessage) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  // A chunk may end between the \r and \n of one line break.
  let skipLeadingLf = false;

  const dispatch = () => {
    if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n'), ...(id !== undefined ? { id } : {}) });
    event = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
    // 'retry' and unknown fields are ignored: the reconnect policy is ours.
  };

  return {
    push(chunk: string) {
      buffer += chunk;
      if (skipLeadingLf && buffer.startsWith('\n')) buffer = buffer.slice(1);
      skipLeadingLf = false;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) break;
        // A lone \r at the very end may be the first half of \r\n.
        if (match[0] === '\r' && match.index === buffer.length - 1) {
          line(buffer.slice(0, match.index));
          buffer = '';
          skipLeadingLf = true;
          break;
        }
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
    /** The stream ended: an unterminated message is discarded (only a blank line dispatches one). */
    end() {
      buffer = '';
      event = '';
      data = [];
    },
  };
}

export const BACKOFF_MIN_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;

/**
 * Wait before reconnect attempt `attempt` (0 = first retry): exponential from 1 s, capped at 30 s,
 * with "equal jitter" (half fixed, half random) so a restarted server is not hit by every open
 * screen of the factory in the same second.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.max(0, attempt));
  return Math.round(Math.max(BACKOFF_MIN_MS, ceiling / 2 + (random() * ceiling) / 2));
}

/** The server sends a heartbeat comment every 25 s; silence for longer means a dead connection. */
export const WATCHDOG_MS = 60_000;
/** Keep the connection briefly after the last subscriber leaves, so a route change does not reconnect. */
export const LINGER_MS = 2_000;

export type StreamStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

export type EventHandlers = { [K in EventType]?: (payload: EventPayloads[K]) => void } & {
  /** The stream came back after a loss: refetch whatever may have been missed meanwhile. */
  reconnected?: () => void;
};

export interface Subscriber {
  event: (type: string, payload: unknown) => void;
  reconnected: () => void;
}

export interface EventStreamDeps {
  fetch: typeof fetch;
  getToken: () => string | null;
  /** A 401/403: the session is over. */
  endSession: () => void;
  random: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** Where 'online' is listened for (window). */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /**
   * Whether the server answers (lib/online.ts): the stream reports what its requests learn and
   * reconnects at once when the server answers again, with or without an 'online' event.
   */
  connection?: Pick<typeof connection, 'reportAnswer' | 'reportNoAnswer' | 'onReachable'>;
  /** Where 'visibilitychange' is listened for and `hidden` read (document). */
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'hidden'>;
  url: string;
  /**
   * The header the credential goes in (default `Authorization: Bearer`); a station terminal's stream
   * sends its device credential instead, and does not follow the signed-in worker (`followsSession`).
   */
  authHeader?: (token: string) => [name: string, value: string];
}

/**
 * What every stream does for its screens: the subscribers, counted (the first wakes the stream, the
 * last one leaving puts it to sleep LINGER_MS later, so a route change does not reconnect), and the
 * status they follow. EventStream (this tab's connection) and SharedEventStream (lib/shared-events.ts)
 * differ in how they wake and sleep.
 */
export abstract class SubscribedStream {
  protected readonly subscribers = new Set<Subscriber>();
  private readonly statusListeners = new Set<() => void>();
  protected status: StreamStatus = 'idle';
  private lingerTimer: unknown = null;

  constructor(private readonly timers: Pick<EventStreamDeps, 'setTimeout' | 'clearTimeout'>) {}

  /** The first subscriber came (or one came back within the linger): the stream should run. */
  protected abstract wake(): void;
  /** The last subscriber left LINGER_MS ago. */
  protected abstract sleep(): void;

  getStatus = (): StreamStatus => this.status;

  onStatus = (listener: () => void) => {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  };

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    this.cancelLinger();
    this.wake();
    return () => {
      if (!this.subscribers.delete(subscriber) || this.subscribers.size > 0) return;
      this.lingerTimer = this.timers.setTimeout(() => {
        this.lingerTimer = null;
        if (this.subscribers.size === 0) this.sleep();
      }, LINGER_MS);
    };
  }

  protected cancelLinger() {
    if (this.lingerTimer !== null) this.timers.clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
  }

  protected setStatus(status: StreamStatus) {
    if (status === this.status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }

  protected deliverEvent(type: string, payload: unknown) {
    for (const s of [...this.subscribers]) safely(() => s.event(type, payload));
  }

  protected deliverReconnected() {
    for (const s of [...this.subscribers]) safely(s.reconnected);
  }
}

/**
 * One connection shared by every subscriber of the tab (ref-counted): opened by the first, closed a
 * moment after the last leaves, reconnected with backoff after a network loss or a closed stream.
 */
export class EventStream extends SubscribedStream {
  private controller: AbortController | null = null;
  private timer: unknown = null;
  private watchdog: unknown = null;
  private attempt = 0;
  /** A connection was lost or could not be made since the last ready: events may have been missed. */
  private missed = false;
  private token: string | null = null;
  private listening = false;
  private stopFollowing: (() => void) | null = null;

  constructor(private readonly deps: EventStreamDeps) {
    super(deps);
  }
  /** Whether the stream is opened with the worker's session (it then restarts when that changes: syncToken). */
  get followsSession(): boolean {
    return this.deps.authHeader === undefined;
  }

  protected wake() {
    if (this.status === 'idle' || this.status === 'closed') this.start();
  }

  protected sleep() {
    this.stop('idle');
  }

  /** The token changed (new login, profile update): the stream's authorization must follow it. */
  syncToken(token: string | null) {
    if (this.subscribers.size === 0 || token === this.token) return;
    this.stop('idle');
    this.start();
  }

  private start() {
    this.listen(true);
    this.attempt = 0;
    this.missed = false;
    this.connect();
  }

  private stop(status: StreamStatus) {
    this.listen(false);
    this.clearTimers();
    this.controller?.abort();
    this.controller = null;
    this.token = null;
    this.setStatus(status);
  }

  private clearTimers() {
    for (const handle of [this.timer, this.watchdog]) if (handle !== null) this.deps.clearTimeout(handle);
    this.timer = this.watchdog = null;
    this.cancelLinger();
  }

  private listen(on: boolean) {
    if (on === this.listening) return;
    this.listening = on;
    const method = on ? 'addEventListener' : 'removeEventListener';
    this.deps.target?.[method]('online', this.retryNow);
    this.deps.doc?.[method]('visibilitychange', this.onVisibility);
    this.stopFollowing?.();
    this.stopFollowing = on ? (this.deps.connection?.onReachable(this.retryNow) ?? null) : null;
  }

  /**
   * Back online, or the tab (or, shared, another tab of the group: lib/shared-events.ts) is seen again:
   * no reason to sit out the rest of a long backoff.
   */
  readonly retryNow = () => {
    if (this.status !== 'reconnecting' || this.controller) return;
    if (this.timer !== null) this.deps.clearTimeout(this.timer);
    this.timer = null;
    this.attempt = 0;
    this.connect();
  };

  private onVisibility = () => {
    if (!this.deps.doc?.hidden) this.retryNow();
  };

  private scheduleReconnect() {
    this.controller = null;
    if (this.watchdog !== null) this.deps.clearTimeout(this.watchdog);
    this.watchdog = null;
    this.missed = true;
    this.setStatus('reconnecting');
    const delay = backoffDelay(this.attempt++, this.deps.random);
    this.timer = this.deps.setTimeout(() => {
      this.timer = null;
      // A hidden tab waits until it is looked at again (onVisibility) instead of retrying blindly.
      if (this.deps.doc?.hidden) return;
      this.connect();
    }, delay);
  }

  private kickWatchdog(controller: AbortController) {
    if (this.watchdog !== null) this.deps.clearTimeout(this.watchdog);
    this.watchdog = this.deps.setTimeout(() => controller.abort(new Error('stalled')), WATCHDOG_MS);
  }

  private connect() {
    const token = this.deps.getToken();
    this.token = token;
    if (!token) {
      this.stop('closed');
      return;
    }
    if (this.status !== 'reconnecting') this.setStatus('connecting');
    const controller = new AbortController();
    this.controller = controller;
    void this.run(token, controller);
  }

  private async run(token: string, controller: AbortController) {
    const { signal } = controller;
    this.kickWatchdog(controller);
    try {
      const res = await this.deps.fetch(this.deps.url, {
        headers: {
          ...Object.fromEntries([this.deps.authHeader?.(token) ?? ['Authorization', `Bearer ${token}`]]),
          Accept: 'text/event-stream',
        },
        signal,
        cache: 'no-store',
      });
      this.deps.connection?.reportAnswer(res.status);
      if (res.status === 401 || res.status === 403) {
        this.stop('closed');
        this.deps.endSession();
        return;
      }
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      const parser = createSseParser((message) => this.deliver(message));
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      signal.addEventListener('abort', () => void reader.cancel().catch(() => {}), { once: true });
      for (;;) {
        const { done, value } = await reader.read();
        if (done || signal.aborted) break;
        this.kickWatchdog(controller);
        parser.push(decoder.decode(value, { stream: true }));
      }
      parser.end();
    } catch {
      // A network loss, a stalled stream (watchdog) or a deliberate abort: told apart below.
      if (!signal.aborted) this.deps.connection?.reportNoAnswer();
    }
    // stop() replaced or cleared the controller: this connection was closed on purpose.
    if (this.controller !== controller) return;
    this.scheduleReconnect();
  }

  private deliver(message: SseMessage) {
    let payload: unknown;
    try {
      payload = JSON.parse(message.data);
    } catch {
      return;
    }
    if (message.event === 'ready') {
      // Also after failed first attempts: the screen loaded its data while the stream was down.
      const reconnect = this.missed;
      this.missed = false;
      this.attempt = 0;
      this.setStatus('open');
      if (reconnect) this.deliverReconnected();
      return;
    }
    this.deliverEvent(message.event, payload);
  }
}

/** One screen's failing handler must not take the stream down for the others. */
function safely(fn: () => void) {
  try {
    fn();
  } catch (error) {
    console.error('Error al procesar un evento en directo', error);
  }
}

/** What the screens use of a stream: the tab's own (EventStream) or one shared by the tabs (lib/shared-events.ts). */
export type LiveStream = Pick<EventStream, 'subscribe' | 'syncToken' | 'getStatus' | 'onStatus' | 'followsSession'>;

/** A connection of this tab's own; `doc` tells it whether anyone looks (see EventStreamDeps.doc). */
export const tabStream = (doc: EventStreamDeps['doc']) =>
  new EventStream({
    fetch: (...args) => fetch(...args),
    getToken,
    // As the API client does on a 401/403: the token goes and the user signs in again.
    endSession,
    random: Math.random,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    target: typeof window === 'undefined' ? undefined : window,
    doc,
    connection,
    url: apiUrl('/api/events'),
  });
