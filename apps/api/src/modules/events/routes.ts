import { errorResponses } from '@portal/contract/common';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { routeOptions } from '../../lib/route-options';
import { bearerToken, currentTerminal, currentUser } from '../../plugins/auth';
import { openStream, terminalSession, userSession } from './stream';

const route = routeOptions(['events'], errorResponses(401, 403));

export default async function eventsRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/events',
    route('user', {
      description:
        'Server-sent events (text/event-stream): `ready` first, then wall and stop events the caller may read, a comment line every 25 s. Token in the Authorization header only.',
    }),
    async (request, reply) => {
      // The policy accepted this header a moment ago.
      openStream(ctx, request, reply, userSession(ctx, currentUser(request), bearerToken(request) ?? ''));
      return reply;
    },
  );

  app.get(
    '/terminal/events',
    route(
      'terminal',
      {
        tags: ['events', 'terminal'],
        description:
          "A station terminal's event stream, as /events for a worker signed in at its arco, with the device credential in X-Terminal-Key; it ends when the terminal is revoked.",
      },
      { errors: errorResponses(401) },
    ),
    async (request, reply) => {
      openStream(ctx, request, reply, terminalSession(ctx, currentTerminal(request)));
      return reply;
    },
  );
}
