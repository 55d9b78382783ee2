import { useSyncExternalStore } from 'react';

/**
 * Whether a new version of the app waits to take over, and how to let it: set by lib/pwa-register.ts
 * (loaded after the first screen), read by the update prompt. Small on purpose: the entry carries it,
 * Workbox's window code stays out of the first screen.
 */
let update: (() => void) | null = null;
const listeners = new Set<() => void>();

export function offerUpdate(apply: () => void): void {
  update = apply;
  for (const l of listeners) l();
}

export function useUpdateOffer(): (() => void) | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => update,
    () => null,
  );
}
