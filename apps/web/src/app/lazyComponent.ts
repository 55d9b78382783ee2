import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type PreloadableComponent = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * A React.lazy component whose chunk can be fetched before it renders: the router starts every chunk
 * of the matched branch (shell, guard, page) at once instead of one after another.
 */
export function lazyComponent(load: () => Promise<{ default: ComponentType }>): PreloadableComponent {
  let pending: Promise<{ default: ComponentType }> | undefined;
  const once = () => {
    pending ??= load().catch((error: unknown) => {
      // A failed fetch (Wi-Fi drop) must not stick: the next render tries again.
      pending = undefined;
      throw error;
    });
    return pending;
  };
  return Object.assign(lazy(once), { preload: once });
}

export function isPreloadable(type: unknown): type is PreloadableComponent {
  return typeof type === 'object' && type !== null && typeof (type as { preload?: unknown }).preload === 'function';
}
