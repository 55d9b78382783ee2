import { registerSW } from 'virtual:pwa-register';
import { offerUpdate } from './pwa-state';

/**
 * Registers the service worker (vite-plugin-pwa, Workbox). A new version never takes over by itself:
 * it waits until the worker taps 'Actualizar' (components/update-prompt.tsx), so a screen is never
 * swapped in the middle of a shift. Loaded by main.tsx after the page has loaded.
 */
export function registerServiceWorker(): void {
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh: () => offerUpdate(() => void updateSW(true)),
  });
}
