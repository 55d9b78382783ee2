import type { EventBus } from '../../lib/event-bus';

/** Closes a stream and its connection, so an evicted stream frees its socket at once. */
export type EvictStream = () => void;

/** The open streams of each account on one instance (per event bus, so each app in a test has its own), oldest first. */
const byBus = new WeakMap<EventBus, Map<number, Set<EvictStream>>>();

/**
 * Registers a new stream of `userId`; when the account then holds more than `max`, its oldest streams
 * are closed (docs/decisions/028-connection-fairness.md). Returns what removes the stream when it ends.
 */
export function admitStream(bus: EventBus, userId: number, max: number, evict: EvictStream): () => void {
  let users = byBus.get(bus);
  if (!users) {
    users = new Map();
    byBus.set(bus, users);
  }
  let streams = users.get(userId);
  if (!streams) {
    streams = new Set();
    users.set(userId, streams);
  }
  streams.add(evict);
  for (const oldest of streams) {
    if (streams.size <= max) break;
    streams.delete(oldest);
    oldest();
  }
  const own = streams;
  const registry = users;
  return () => {
    own.delete(evict);
    if (own.size === 0 && registry.get(userId) === own) registry.delete(userId);
  };
}
