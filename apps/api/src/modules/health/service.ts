import { messages } from '@portal/contract/common';
import type { ServiceContext } from '../../context';
import { RETRY_AFTER_SECONDS } from '../../db/outage';
import { type StoreHealth, storeHealth } from '../../lib/storage';
import { ping } from './repository';

export type Health =
  | { status: 'ok'; storage: StoreHealth }
  | { status: 'unavailable'; reason: 'database'; message: string; retryAfter: number; storage: StoreHealth };

/**
 * Healthy when the database answers; otherwise unavailable with the reason, which the route answers
 * with a 503 and Retry-After (a balancer takes the instance out until the database is back). The
 * object store is reported beside it (reachable, latency) but never makes the instance unhealthy:
 * every instance shares it, and without it only uploads and image reads stop (decision 068).
 */
export async function health(ctx: ServiceContext): Promise<Health> {
  const [database, storage] = await Promise.all([
    ping(ctx.db).then(
      () => null,
      (error: unknown) => error,
    ),
    storeHealth(ctx.images.store),
  ]);
  if (!storage.reachable) ctx.log.warn({ driver: storage.driver }, 'health check: object store unreachable');
  if (database === null) return { status: 'ok', storage };
  const { message, code } = database as { message?: string; code?: string };
  ctx.log.warn({ err: { message, code } }, 'health check: database unavailable');
  return { status: 'unavailable', reason: 'database', message: messages.databaseUnavailable, retryAfter: RETRY_AFTER_SECONDS, storage };
}

/** What the web client needs to know before anyone signs in: the factory's time zone. */
export const clientConfig = (ctx: ServiceContext) => ({ factoryTz: ctx.tz });
