import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadOnce } from './load-once';

// biome-ignore lint/complexity/noBannedTypes: a route screen takes no props
export type PreloadableComponent<P = {}> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

/**
 * A React.lazy component whose chunk can be fetched before it renders: the router starts every chunk
 * of the matched branch (shell, guard, page) at once instead of one after another.
 */
// biome-ignore lint/complexity/noBannedTypes: a route screen takes no props
export function lazyComponent<P = {}>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
  const once = loadOnce(load);
  return Object.assign(lazy(once), { preload: once });
}

export function isPreloadable(type: unknown): type is PreloadableComponent {
  return typeof type === 'object' && type !== null && typeof (type as { preload?: unknown }).preload === 'function';
}
