import { errorResponses } from '@portal/contract/common';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { bearerToken, currentUser } from '../../plugins/auth';
import { openStream } from './stream';

export default async function eventsRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/events',
    {
      config: { policy: 'user' },
      schema: {
        tags: ['events'],
        description:
          'Server-sent events (text/event-stream): `ready` first, then wall and stop events the caller may read, a comment line every 25 s. Token in the Authorization header only.',
        response: { ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      // The policy accepted this header a moment ago.
      openStream(ctx, request, reply, currentUser(request), bearerToken(request) ?? '');
      return reply;
    },
  );
}
