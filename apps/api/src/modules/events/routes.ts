import { errorResponse } from '@portal/contract/common';
import type { App } from '../../app';
import { currentUser } from '../../plugins/auth';
import { reloadPayload } from './reload';
import { openStream } from './stream';

export default async function eventsRoutes(app: App) {
  app.events.setReloader((type, id) => reloadPayload(app.db, type, id));

  app.get(
    '/events',
    {
      config: { policy: 'user' },
      schema: {
        tags: ['events'],
        description:
          'Server-sent events (text/event-stream): `ready` first, then wall and stop events the caller may read, a comment line every 25 s. Token in the Authorization header only.',
        response: { 401: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // The policy accepted this header a moment ago.
      const token = /^Bearer\s+(\S+)/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      openStream(app, request, reply, user, token);
      return reply;
    },
  );
}
