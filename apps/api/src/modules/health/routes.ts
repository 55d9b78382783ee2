import { sql } from 'kysely';
import { z } from 'zod';
import type { App } from '../../app';

export default async function healthRoutes(app: App) {
  app.get(
    '/health',
    {
      config: { policy: 'public' },
      schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => {
      await sql`select 1`.execute(app.db);
      return { status: 'ok' as const };
    },
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
    async () => ({ factoryTz: app.config.factoryTz }),
  );
}
