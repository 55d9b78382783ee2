import { clientConfigResponse } from '@portal/contract/common';
import { z } from 'zod';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { routeOptions } from '../../lib/route-options';
import { clientConfig, health } from './service';

const route = routeOptions(['health'], {});

/** The object store as health reports it (docs/decisions/068-object-storage.md). */
const storage = z.object({ driver: z.enum(['folder', 's3']), reachable: z.boolean(), latencyMs: z.number().int().min(0) });

export default async function healthRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/health',
    route('public', {
      description:
        '503 with Retry-After and the reason while the database does not answer; the object store reported beside it (an unreachable store does not make the instance unhealthy).',
      response: {
        200: z.object({ status: z.literal('ok'), storage }),
        503: z.object({ status: z.literal('unavailable'), reason: z.literal('database'), message: z.string(), storage }),
      },
    }),
    async (_request, reply) => {
      const found = await health(ctx);
      if (found.status === 'ok') return found;
      const { retryAfter, ...body } = found;
      return reply.status(503).header('Retry-After', String(retryAfter)).send(body);
    },
  );

  app.get(
    '/config',
    route('public', { description: 'Settings the web client needs: the factory time zone.', response: { 200: clientConfigResponse } }),
    async () => clientConfig(ctx),
  );
}
