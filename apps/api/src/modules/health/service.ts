import { messages } from '@portal/contract/common';
import type { ServiceContext } from '../../context';
import { RETRY_AFTER_SECONDS } from '../../db/outage';
import { ping } from './repository';

export type Health = { status: 'ok' } | { status: 'unavailable'; reason: 'database'; message: string; retryAfter: number };

/**
 * Healthy when the database answers; otherwise unavailable with the reason, which the route answers
 * with a 503 and Retry-After (a balancer takes the instance out until the database is back).
 */
export async function health(ctx: ServiceContext): Promise<Health> {
  try {
    await ping(ctx.db);
    return { status: 'ok' };
  } catch (error) {
    const { message, code } = error as { message?: string; code?: string };
    ctx.log.warn({ err: { message, code } }, 'health check: database unavailable');
    return { status: 'unavailable', reason: 'database', message: messages.databaseUnavailable, retryAfter: RETRY_AFTER_SECONDS };
  }
}

/** What the web client needs to know before anyone signs in: the factory's time zone. */
export const clientConfig = (ctx: ServiceContext) => ({ factoryTz: ctx.tz });
