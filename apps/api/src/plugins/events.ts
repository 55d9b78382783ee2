import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceContext } from '../context';
import { reloadPayload } from '../modules/events/service';

/**
 * The event bus's life within the app (the bus itself is lib/event-bus.ts, in the service context):
 * on PostgreSQL it listens for every instance's events, a payload too large for NOTIFY is rebuilt from
 * the database, and open streams end before the server closes.
 */
export default fp(
  async function eventsPlugin(app: FastifyInstance, { ctx, databaseUrl }: { ctx: ServiceContext; databaseUrl?: string }) {
    const bus = ctx.events;
    bus.setReloader((type, id) => reloadPayload(ctx, type, id));
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
