import { z } from 'zod';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { clientConfig, health } from './service';

export default async function healthRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/health',
    {
      config: { policy: 'public' },
      schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => health(ctx),
  );

  app.get(
    '/config',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['health'],
        description: 'Settings the web client needs: the factory time zone.',
        response: { 200: z.object({ factoryTz: z.string() }) },
      },
    },
    async () => clientConfig(ctx),
  );
}
