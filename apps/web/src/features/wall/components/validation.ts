import type { commentAdminEdit, commentDraft, postAdminEdit, postDraft } from '@portal/contract/wall';
import type { z } from 'zod';
import { lazyResolver } from '@/lib/lazyResolver';

/**
 * The wall's form rules (the contract's schemas, the server's own) with zod loaded lazily: the wall
 * paints its posts without zod and the schemas (25 KB brotli, issue 8). Each form calls `preload` in
 * an effect, so they arrive while the worker reads; a submit before that waits for them.
 */
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
