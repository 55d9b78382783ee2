import { type EventStream, type EventStreamDeps, type LiveStream, type StreamStatus, SubscribedStream, tabStream } from './events';
import { decodeToken, getToken } from './token';

/**
 * One live event stream for all the tabs of this origin signed in with one token
 * (docs/decisions/046-one-event-stream-per-browser.md): the tabs that listen queue for a Web Lock; the
 * one holding it (the leader) opens the stream and relays every event over a BroadcastChannel to the
 * others. When the leader closes (or stops listening) the lock passes to the next tab in the queue,
 * which opens the stream and tells every tab to refetch what the gap may have missed.
 */

type Message =
  | { kind: 'event'; type: string; payload: unknown }
  | { kind: 'reconnected' }
  | { kind: 'status'; status: StreamStatus }
  /** A tab joined or stopped following: the leader answers with its status and counts who looks. */
  | { kind: 'hello'; tab: string; visible: boolean }
  | { kind: 'visibility'; tab: string; visible: boolean }
  | { kind: 'bye'; tab: string };

export interface SharedStreamDeps {
  locks: Pick<LockManager, 'request'>;
  channel: (name: string) => Pick<BroadcastChannel, 'postMessage' | 'close' | 'onmessage'>;
  /** The group a tab belongs to: tabs with the same token share a stream; null without a session. */
  group: () => string | null;
  /** Builds the leader's connection; `doc.hidden` is true only while no tab of the group is seen. */
  connect: (doc: NonNullable<EventStreamDeps['doc']>) => LiveStream & Pick<EventStream, 'retryNow'>;
  doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'hidden'>;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  tabId: string;
}

export class SharedEventStream extends SubscribedStream implements LiveStream {
  /** Always the worker's session: a station terminal's stream is a tab's own EventStream. */
  readonly followsSession = true;
  private role: 'none' | 'follower' | 'leader' = 'none';
  private group: string | null = null;
  private channel: ReturnType<SharedStreamDeps['channel']> | null = null;
  private waiting: AbortController | null = null;
  private release: (() => void) | null = null;
  private leading: { stream: LiveStream & Pick<EventStream, 'retryNow'>; stop: () => void } | null = null;
  /** A leader was heard while following: becoming leader now is a handover, and events may have been missed. */
  private heardLeader = false;
  /** Which other tabs of the group are seen (the leader's count: a hidden leader still reconnects for them). */
  private readonly seen = new Map<string, boolean>();
  private readonly othersSeen = new EventTarget();

  constructor(private readonly deps: SharedStreamDeps) {
    super(deps);
  }

  protected wake() {
    if (this.role === 'none') this.join();
  }

  protected sleep() {
    this.leave('idle');
  }

  syncToken(token: string | null) {
    if (this.subscribers.size === 0) return;
    if (this.deps.group() !== this.group) {
      this.leave('idle');
      this.join();
    } else this.leading?.stream.syncToken(token);
  }

  private post(message: Message) {
    this.channel?.postMessage(message);
  }

  private join() {
    const group = this.deps.group();
    this.group = group;
    if (group === null) {
      this.setStatus('closed');
      return;
    }
    this.role = 'follower';
    this.heardLeader = false;
    this.setStatus('connecting');
    const channel = this.deps.channel(`portal-events:${group}`);
    channel.onmessage = (e: MessageEvent<Message>) => this.receive(e.data);
    this.channel = channel;
    this.deps.doc.addEventListener('visibilitychange', this.onVisibility);
    this.post({ kind: 'hello', tab: this.deps.tabId, visible: !this.deps.doc.hidden });
    const waiting = new AbortController();
    this.waiting = waiting;
    this.deps.locks
      .request(`portal-events:${group}`, { signal: waiting.signal }, () => {
        // Held until this tab leaves; the browser frees it when the tab closes.
        if (this.waiting !== waiting) return;
        return new Promise<void>((resolve) => {
          this.release = resolve;
          this.lead();
        });
      })
      .catch(() => {
        // Aborted: the tab left the queue before its turn.
      });
  }

  private leave(status: StreamStatus) {
    if (this.role === 'leader') this.leading?.stop();
    else this.post({ kind: 'bye', tab: this.deps.tabId });
    this.leading = null;
    this.waiting?.abort();
    this.waiting = null;
    this.release?.();
    this.release = null;
    this.channel?.close();
    this.channel = null;
    this.deps.doc.removeEventListener('visibilitychange', this.onVisibility);
    this.seen.clear();
    this.role = 'none';
    this.setStatus(status);
  }

  private lead() {
    this.role = 'leader';
    let handover = this.heardLeader;
    const anySeen = () => !this.deps.doc.hidden || [...this.seen.values()].some(Boolean);
    const doc = this.deps.doc;
    const othersSeen = this.othersSeen;
    const stream = this.deps.connect({
      get hidden() {
        return !anySeen();
      },
      addEventListener(type: string, listener: EventListenerOrEventListenerObject) {
        doc.addEventListener(type, listener);
        othersSeen.addEventListener(type, listener);
      },
      removeEventListener(type: string, listener: EventListenerOrEventListenerObject) {
        doc.removeEventListener(type, listener);
        othersSeen.removeEventListener(type, listener);
      },
    } as Pick<Document, 'addEventListener' | 'removeEventListener' | 'hidden'>);
    const everyone = (message: Message, local: () => void) => {
      this.post(message);
      local();
    };
    const stopStatus = stream.onStatus(() => {
      const status = stream.getStatus();
      this.setStatus(status);
      this.post({ kind: 'status', status });
      // Between the last leader's end and this stream's start nobody listened.
      if (status === 'open' && handover) {
        handover = false;
        everyone({ kind: 'reconnected' }, () => this.deliverReconnected());
      }
    });
    // Subscribed after the status is followed: a connection that opens at once is seen opening.
    const unsubscribe = stream.subscribe({
      event: (type, payload) => everyone({ kind: 'event', type, payload }, () => this.deliverEvent(type, payload)),
      reconnected: () => everyone({ kind: 'reconnected' }, () => this.deliverReconnected()),
    });
    this.leading = {
      stream,
      stop: () => {
        stopStatus();
        unsubscribe();
      },
    };
    this.setStatus(stream.getStatus());
    this.post({ kind: 'status', status: stream.getStatus() });
  }

  private receive(message: Message) {
    if (this.role === 'leader') {
      if (message.kind === 'hello' || message.kind === 'visibility') {
        const wasSeen = [...this.seen.values()].some(Boolean);
        this.seen.set(message.tab, message.visible);
        if (message.kind === 'hello') this.post({ kind: 'status', status: this.status });
        if (message.visible && !wasSeen) this.othersSeen.dispatchEvent(new Event('visibilitychange'));
      } else if (message.kind === 'bye') this.seen.delete(message.tab);
      return;
    }
    if (this.role !== 'follower') return;
    if (message.kind === 'event') this.deliverEvent(message.type, message.payload);
    else if (message.kind === 'reconnected') this.deliverReconnected();
    else if (message.kind === 'status') {
      this.heardLeader = true;
      this.setStatus(message.status);
    }
  }

  private onVisibility = () => {
    if (this.role === 'follower') this.post({ kind: 'visibility', tab: this.deps.tabId, visible: !this.deps.doc.hidden });
  };
}

/** Tabs signed in with the same token share; a new sign-in or profile change makes a new group. */
function tokenGroup(): string | null {
  const claims = decodeToken(getToken());
  return claims ? `${claims.id}-${claims.iat}` : null;
}

const canShare = typeof navigator !== 'undefined' && 'locks' in navigator && typeof BroadcastChannel !== 'undefined';

/** The screens' stream: shared by the tabs where the browser has Web Locks and BroadcastChannel, else the tab's own. */
export const eventStream: LiveStream = canShare
  ? new SharedEventStream({
      locks: navigator.locks,
      channel: (name) => new BroadcastChannel(name),
      group: tokenGroup,
      connect: tabStream,
      doc: document,
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      tabId: Math.random().toString(36).slice(2),
    })
  : tabStream(typeof document === 'undefined' ? undefined : document);
