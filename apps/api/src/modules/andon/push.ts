import {
  type AndonCall,
  type AndonPushPayload,
  andonMessages,
  andonPushBody,
  andonPushTitle,
  type pushSubscriptionBody,
} from '@portal/contract/andon';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { badRequest, notFound } from '../../lib/errors';
import { checkOutboundUrl, OutboundUrlError } from '../../lib/outbound-url';
import { inBackground, nowIso } from './common';
import * as repo from './repository';
// Web Push: the called users' devices (docs/decisions/061-outbound-urls.md).

/** Sends a call to every device of the called users. */
export async function pushCall(ctx: ServiceContext, call: AndonCall, users: number[]): Promise<void> {
  const payload: AndonPushPayload = {
    type: 'andon.called',
    title: andonPushTitle(call),
    body: andonPushBody(call),
    url: '/dashboard/avisos',
    call,
  };
  await pushToUsers(ctx, users, payload);
}

/**
 * Sends a push message (the service worker shows `title` and `body`, opens `url`) to every device of
 * these users. A gone subscription, or one stored before the outbound URL rule that fails it now
 * (docs/decisions/061-outbound-urls.md), is forgotten without being dialled.
 */
async function pushToUsers(ctx: ServiceContext, users: number[], payload: { title: string; body: string; url: string }): Promise<void> {
  const push = ctx.andon.push;
  if (!push) return;
  const text = JSON.stringify(payload);
  for (const target of await repo.subscriptionsOf(ctx.db, users)) {
    const outcome = await push.send(target, text);
    if (outcome === 'gone' || outcome === 'refused') await repo.forgetEndpoint(ctx.db, target.endpoint);
  }
}

/** Pushes a message to these users' devices in the background (settled on close, and by tests through settleBackground). */
export function pushInBackground(
  ctx: ServiceContext,
  users: number[],
  payload: { title: string; body: string; url: string; tag?: string },
): void {
  inBackground(ctx, 'push not sent', () => pushToUsers(ctx, users, payload));
}

export function publicKey(ctx: ServiceContext): string {
  if (!ctx.andon.push) throw notFound(andonMessages.pushUnavailable);
  return ctx.andon.push.keys.publicKey;
}

export async function subscribe(ctx: ServiceContext, user: AuthUser, body: z.output<typeof pushSubscriptionBody>): Promise<void> {
  // The server POSTs to the endpoint: only to the browsers' push services (PUSH_ALLOWED_HOSTS), read as
  // the push library reads it, and never to a private address (docs/decisions/061-outbound-urls.md).
  try {
    checkOutboundUrl(body.endpoint, ctx.andon.pushRules);
  } catch (error) {
    if (!(error instanceof OutboundUrlError)) throw error;
    const elsewhere = error.reason === 'not-allowed' || error.reason === 'private';
    throw badRequest(elsewhere ? andonMessages.endpointNotAllowed : andonMessages.endpointUnsafe);
  }
  await repo.upsertSubscription(ctx.db, user.id, { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth }, nowIso(ctx));
}

export async function unsubscribe(ctx: ServiceContext, user: AuthUser, endpoint: string): Promise<void> {
  await repo.deleteSubscription(ctx.db, user.id, endpoint);
}
