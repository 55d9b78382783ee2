import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { afterFirstPaint } from './after-first-paint';
import type { EventHandlers, LiveStream, StreamStatus } from './events';
import { eventStream } from './shared-events';
import { getToken, useCurrentUser } from './token';

/**
 * Listens to the tab's live event stream while the component is mounted and returns the stream's
 * state ('open' means live). Handlers may change every render; the subscription stays the same.
 */
export function useEventStream(handlers: EventHandlers, stream: LiveStream = eventStream): StreamStatus {
  const ref = useRef(handlers);
  useLayoutEffect(() => {
    ref.current = handlers;
  });

  // The stream opens after the page's first paint, in idle time (lib/after-first-paint.ts): a screen's
  // first frame never waits for the connection; later screens subscribe at once.
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    const cancel = afterFirstPaint(() => {
      unsubscribe = stream.subscribe({
        event: (type, payload) => (ref.current[type as keyof EventHandlers] as ((p: unknown) => void) | undefined)?.(payload),
        reconnected: () => ref.current.reconnected?.(),
      });
    });
    return () => {
      cancel();
      unsubscribe?.();
    };
  }, [stream]);

  // A new token (another sign-in, a profile change) may change what the stream is allowed to carry.
  const user = useCurrentUser();
  const token = user ? getToken() : null;
  useEffect(() => {
    if (stream.followsSession) stream.syncToken(token);
  }, [stream, token]);

  return useSyncExternalStore(stream.onStatus, stream.getStatus, stream.getStatus);
}
