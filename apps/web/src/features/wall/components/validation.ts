import type { commentAdminEdit, commentDraft, postAdminEdit, postDraft } from '@portal/contract/wall';
import type { z } from 'zod';
import { lazyResolver } from '@/lib/lazyResolver';

/**
 * The wall's form rules (the contract's schemas, the server's own) with zod loaded lazily: the wall
 * paints its posts without zod and the schemas (25 KB brotli, issue 8). The composer and the comment
 * forms call `preload` when the worker focuses or touches them: loaded in an effect, the request would
 * start before the first photo has painted and Lighthouse's simulation puts it (and zod's evaluation)
 * in front of the LCP. The admin edit dialogs preload in an effect. A submit before the chunks have
 * arrived waits for them, so the same messages show at the same moments.
 */
/** Props for a form that loads its validation when focused or touched (after the wall's first paint). */
export const preloadOnTouch = ({ preload }: { preload: () => void }) => ({ onFocus: preload, onPointerDown: preload });

const load = () => Promise.all([import('@hookform/resolvers/zod'), import('@portal/contract/wall')]);

export const postDraftValidation = lazyResolver<z.input<typeof postDraft>, unknown, z.output<typeof postDraft>>(() =>
  load().then(([{ zodResolver }, wall]) => zodResolver(wall.postDraft)),
);

export const commentDraftValidation = lazyResolver<z.input<typeof commentDraft>, unknown, z.output<typeof commentDraft>>(() =>
  load().then(([{ zodResolver }, wall]) => zodResolver(wall.commentDraft)),
);

export const postAdminEditValidation = lazyResolver<z.input<typeof postAdminEdit>, unknown, z.output<typeof postAdminEdit>>(() =>
  load().then(([{ zodResolver }, wall]) => zodResolver(wall.postAdminEdit)),
);

export const commentAdminEditValidation = lazyResolver<z.input<typeof commentAdminEdit>, unknown, z.output<typeof commentAdminEdit>>(() =>
  load().then(([{ zodResolver }, wall]) => zodResolver(wall.commentAdminEdit)),
);
