import type { ServiceContext } from '../../context';
import { ping } from './repository';

/** Healthy when the database answers. */
export async function health(ctx: ServiceContext): Promise<{ status: 'ok' }> {
  await ping(ctx.db);
  return { status: 'ok' };
}

/** What the web client needs to know before anyone signs in: the factory's time zone. */
export const clientConfig = (ctx: ServiceContext) => ({ factoryTz: ctx.tz });
