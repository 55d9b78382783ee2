import type * as wall from '@portal/contract/wall';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { lazyResolver } from '@/lib/lazy-resolver';

/**
 * The wall's form rules (the contract's schemas, the server's own) with zod loaded lazily: the wall
 * paints its posts without zod and the schemas (25 KB brotli). The composer and the comment
 * forms call `preload` when the worker focuses or touches them: loaded in an effect, the request would
 * start before the first photo has painted and Lighthouse's simulation puts it (and zod's evaluation)
 * in front of the LCP. The admin edit dialogs preload in an effect. A submit before the chunks have
 * arrived waits for them, so the same messages show at the same moments.
 */

type FormSchemas = Pick<typeof wall, 'postDraft' | 'commentDraft' | 'postAdminEdit' | 'commentAdminEdit'>;

/** One form's validation: the contract's schema `name` through zodResolver, both loaded on first use. */
export function lazyValidation<K extends keyof FormSchemas>(name: K) {
  type In = z.input<FormSchemas[K]>;
  type Out = z.output<FormSchemas[K]>;
  return lazyResolver<In, unknown, Out>(() =>
    Promise.all([import('@hookform/resolvers/zod'), import('@portal/contract/wall')]).then(
      ([{ zodResolver }, schemas]) => zodResolver(schemas[name]) as unknown as Resolver<In, unknown, Out>,
    ),
  );
}

/** Props for a form that loads its validation when focused or touched (after the wall's first paint). */
export const preloadOnTouch = ({ preload }: { preload: () => void }) => ({ onFocus: preload, onPointerDown: preload });

export const postDraftValidation = lazyValidation('postDraft');
export const commentDraftValidation = lazyValidation('commentDraft');
