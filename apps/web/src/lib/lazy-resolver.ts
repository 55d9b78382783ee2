import type { FieldValues, Resolver } from 'react-hook-form';
import { loadOnce } from './load-once';

/**
 * A react-hook-form resolver whose code loads on first use (or on `preload()`), not with the screen:
 * the login screen renders without zod and the contract's schemas, which then arrive while the worker
 * types. `load` returns the real resolver, e.g. zodResolver(loginBody) from dynamic imports.
 */
export function lazyResolver<TInput extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TInput, TContext, TOutput>>,
): { resolver: Resolver<TInput, TContext, TOutput>; preload: () => void } {
  const get = loadOnce(load);
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => {
      get().catch(() => undefined);
    },
  };
}
