import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceContext } from '../context';
import type { Reloader } from '../lib/event-bus';

export interface EventsOptions {
  ctx: ServiceContext;
  databaseUrl?: string;
  /** Rebuilds a payload too large for NOTIFY: the events module's, passed in by app.ts. */
  reload: Reloader;
}

/**
 * The event bus's life within the app (the bus itself is lib/event-bus.ts, in the service context):
 * on PostgreSQL it listens for every instance's events, a payload too large for NOTIFY is rebuilt from
 * the database, and open streams end before the server closes.
 */
export default fp(
  async function eventsPlugin(app: FastifyInstance, { ctx, databaseUrl, reload }: EventsOptions) {
    const bus = ctx.events;
    bus.setReloader(reload);
    if (ctx.engine === 'postgres') {
      if (databaseUrl) await bus.listen(databaseUrl);
      else app.log.warn('no DATABASE_URL for LISTEN: live events stay within this instance');
    }
    // Open streams would keep the server from closing.
    app.addHook('preClose', async () => bus.resetAll());
    app.addHook('onClose', async () => bus.close());
  },
  { name: 'events' },
);
