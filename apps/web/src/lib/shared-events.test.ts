import { describe, expect, it } from 'vitest';
import type { StreamStatus, Subscriber } from './events';
import { SharedEventStream } from './shared-events';

/** Web Locks as the browser grants them: one holder per name, the others queued in order. */
class FakeLocks {
  private held = new Set<string>();
  private queue: { name: string; grant: () => void }[] = [];
  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void> | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const entry = {
        name,
        grant: () => {
          this.held.add(name);
          void Promise.resolve(callback()).then(() => {
            this.held.delete(name);
            resolve();
            this.next(name);
          });
        },
      };
      options.signal?.addEventListener('abort', () => {
        const i = this.queue.indexOf(entry);
        if (i >= 0) this.queue.splice(i, 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
      if (this.held.has(name)) this.queue.push(entry);
      else entry.grant();
    });
  }
  private next(name: string) {
    const i = this.queue.findIndex((e) => e.name === name);
    if (i >= 0) this.queue.splice(i, 1)[0].grant();
  }
}

/** BroadcastChannels of one origin: a message reaches every other open channel of its name. */
class FakeBus {
  private open = new Set<{ name: string; onmessage: ((e: MessageEvent) => void) | null }>();
  channel = (name: string) => {
    const bus = this.open;
    const me = {
      name,
      onmessage: null as ((e: MessageEvent) => void) | null,
      postMessage(data: unknown) {
        for (const other of bus) if (other !== me && other.name === name) queueMicrotask(() => other.onmessage?.({ data } as MessageEvent));
      },
      close() {
        bus.delete(me);
      },
    };
    bus.add(me);
    return me as unknown as BroadcastChannel;
  };
}

/** The leader's connection, driven by the test. */
class FakeConnection {
  subscribers = new Set<Subscriber>();
  private listeners = new Set<() => void>();
  status: StreamStatus = 'idle';
  getStatus = () => this.status;
  onStatus = (l: () => void) => {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  };
  subscribe(s: Subscriber) {
    this.subscribers.add(s);
    this.set('open');
    return () => {
      this.subscribers.delete(s);
      this.set('idle');
    };
  }
  readonly followsSession = true;
  syncToken() {}
  retryNow = () => {};
  set(status: StreamStatus) {
    this.status = status;
    for (const l of this.listeners) l();
  }
  emit(type: string, payload: unknown) {
    for (const s of this.subscribers) s.event(type, payload);
  }
}

const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

function browser() {
  const locks = new FakeLocks();
  const bus = new FakeBus();
  const connections: FakeConnection[] = [];
  const tab = (id: string) => {
    const received: string[] = [];
    const stream = new SharedEventStream({
      locks: locks as unknown as LockManager,
      channel: bus.channel,
      group: () => 'user-1',
      connect: () => {
        const c = new FakeConnection();
        connections.push(c);
        return c;
      },
      doc: Object.assign(new EventTarget(), { hidden: false }),
      // The linger after the last subscriber leaves passes at once.
      setTimeout: (fn) => {
        fn();
        return null;
      },
      clearTimeout: () => {},
      tabId: id,
    });
    const leave = stream.subscribe({ event: (type) => received.push(type), reconnected: () => received.push('reconnected') });
    return { stream, received, leave };
  };
  return { tab, connections };
}

describe('one event stream shared by the tabs', () => {
  it('the first tab connects, the second follows: one connection, every event in both tabs', async () => {
    const { tab, connections } = browser();
    const a = tab('a');
    await settle();
    const b = tab('b');
    await settle();
    expect(connections).toHaveLength(1);
    expect(a.stream.getStatus()).toBe('open');
    expect(b.stream.getStatus()).toBe('open');
    connections[0].emit('post.created', { post: { id: 1 } });
    await settle();
    expect(a.received).toEqual(['post.created']);
    expect(b.received).toEqual(['post.created']);
  });

  it('when the leader leaves, the next tab connects and both it and the others refetch what the gap missed', async () => {
    const { tab, connections } = browser();
    const a = tab('a');
    await settle();
    const b = tab('b');
    const c = tab('c');
    await settle();
    // The leader's screen stops listening: its lock passes on, as when its tab closes.
    a.leave();
    await settle();
    expect(connections).toHaveLength(2);
    expect(b.stream.getStatus()).toBe('open');
    expect(b.received).toEqual(['reconnected']);
    expect(c.received).toEqual(['reconnected']);
    connections[1].emit('parada.started', {});
    await settle();
    expect(c.received).toEqual(['reconnected', 'parada.started']);
    expect(a.received).toEqual([]);
  });
});
