import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';
import { loadOnce } from './load-once';

// biome-ignore lint/complexity/noBannedTypes: a route screen takes no props
export type PreloadableComponent<P = {}> = ComponentType<P> & { preload: () => Promise<unknown> };

/** Bumped by retryFailedChunks: a lazy component whose chunk failed loads it again on its next render. */
let generation = 0;

/** After a failed chunk (offline, a Wi-Fi drop), lets every failed lazy component try again (components/section-boundary.tsx). */
export function retryFailedChunks(): void {
  generation++;
}

/**
 * A React.lazy component whose chunk can be fetched before it renders: the router starts every chunk
 * of the matched branch (shell, guard, page) at once instead of one after another. React.lazy keeps
 * a failed load for good, so after a failure a fresh one is made once retryFailedChunks was called.
 */
// biome-ignore lint/complexity/noBannedTypes: a route screen takes no props
export function lazyComponent<P = {}>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
  const once = loadOnce(load);
  let failedAt: number | null = null;
  const fresh = () =>
    lazy(() =>
      once().catch((error: unknown) => {
        failedAt = generation;
        throw error;
      }),
    );
  let current: LazyExoticComponent<ComponentType<P>> = fresh();
  function Lazy(props: P & object) {
    if (failedAt !== null && failedAt !== generation) {
      failedAt = null;
      current = fresh();
    }
    return createElement(current as ComponentType<P & object>, props);
  }
  return Object.assign(Lazy as ComponentType<P>, { preload: once });
}

export function isPreloadable(type: unknown): type is PreloadableComponent {
  return typeof type === 'function' && typeof (type as { preload?: unknown }).preload === 'function';
}
