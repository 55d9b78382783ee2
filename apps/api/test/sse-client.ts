import { expect } from 'vitest';
import type { App } from '../src/app';
import { bearer } from './helper';
import { readSseBlocks } from './sse-stream';

/** The live-update promise: a same-station client sees a post within a second. */
export const LIVE_WITHIN_MS = 1_000;
/** How long to wait for things that have no deadline of their own (a stream closing, a reconnect). */
export const PATIENCE_MS = 10_000;

interface SseEvent {
  type: string;
  data: unknown;
}

/** A fetch-based reader of the event stream, as the web client reads it. */
export class SseClient {
  readonly events: SseEvent[] = [];
  heartbeats = 0;
  closed = false;
  private waiters: (() => void)[] = [];
  private constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {}

  /** A user's stream (`token`), or a station terminal's (`/api/terminal/events` with its X-Terminal-Key header). */
  static async open(baseUrl: string, token: string | null, path = '/api/events', headers: Record<string, string> = {}): Promise<SseClient> {
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}${path}`, {
      headers: { ...(token ? bearer(token) : {}), ...headers },
      signal: controller.signal,
    });
    const client = new SseClient(response, controller);
    if (response.ok) void client.pump();
    return client;
  }

  private async pump() {
    await readSseBlocks(this.response.body!, ({ type, data, comments }) => {
      this.heartbeats += comments;
      if (data.length) this.events.push({ type, data: JSON.parse(data.join('\n')) });
      this.notify();
    });
    this.closed = true;
    this.notify();
  }

  private notify() {
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Waits until `found` gives a value; fails after `ms`. */
  async waitFor<T>(found: () => T | undefined, ms = PATIENCE_MS, what = 'a condition'): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out after ${ms} ms waiting for ${what}; got ${JSON.stringify(this.events.map((e) => e.type))}`);
      await new Promise<void>((resolve) => {
        // Also re-checks now and then, for conditions on the server's side rather than on the stream.
        const timer = setTimeout(resolve, Math.min(left, 25));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The first event of this type that matches, waiting for it up to `ms`. */
  next(type: string, match: (data: never) => boolean = () => true, ms = PATIENCE_MS): Promise<SseEvent> {
    return this.waitFor(() => this.events.find((e) => e.type === type && match(e.data as never)), ms, type);
  }

  /** Resolves once the server has ended the stream. */
  ended(ms = PATIENCE_MS): Promise<true> {
    return this.waitFor(() => (this.closed ? true : undefined), ms, 'the end of the stream');
  }

  /** Events other than `ready`, in arrival order. */
  get received(): SseEvent[] {
    return this.events.filter((e) => e.type !== 'ready');
  }

  close() {
    this.controller.abort();
  }
}

export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

const openClients: SseClient[] = [];

/** Opens a stream that must be accepted and start with `ready`; closed after each test. */
export async function connect(baseUrl: string, token: string | null, path?: string, headers?: Record<string, string>): Promise<SseClient> {
  const client = await SseClient.open(baseUrl, token, path, headers);
  openClients.push(client);
  expect(client.response.status).toBe(200);
  await client.next('ready');
  return client;
}

export const closeClients = () => {
  for (const c of openClients.splice(0)) c.close();
};
