import { errorResponses, idParams } from '@portal/contract/common';
import { timelineArcQuery, timelineArcTime, timelineParada, timelineQuery, timelineResponse } from '@portal/contract/timeline';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { routeOptions } from '../../lib/route-options';
import { uncheckedJson } from '../../lib/unchecked-json';
import { currentUser } from '../../plugins/auth';
import { naveTimeline, timelineArcTime as readArcTime, timelineParada as readParada } from './service';

const route = routeOptions(['timeline'], errorResponses(400, 401, 403, 404));

export default async function timelineRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/timeline',
    {
      ...route(
        'user',
        {
          description:
            'The bars of every arco of a nave over [from, to): running, stopped (with motivo), micro-stops, planned stops and no signal, with the shifts. Admins: any nave; workers: the nave of their session.',
          querystring: timelineQuery,
          response: { 200: timelineResponse },
        },
        { errors: errorResponses(400, 401, 403) },
      ),
      // Typed by the contract, written without zod's check of every bar (lib/unchecked-json.ts).
      serializerCompiler: uncheckedJson,
    },
    async (request) => naveTimeline(ctx, currentUser(request), request.query),
  );

  app.get(
    '/timeline/paradas/:id',
    route('user', {
      description: 'The parada a timeline bar opens: admins any; workers those of the nave of their session.',
      params: idParams,
      response: { 200: timelineParada },
    }),
    async (request) => readParada(ctx, currentUser(request), request.params.id),
  );

  app.get(
    '/timeline/arc',
    route('user', {
      description:
        'The arc time of an arc-on stretch a timeline bar opens: the weld telemetry of the minutes [from, to) touch. Admins: any arco; workers: those of the nave of their session.',
      querystring: timelineArcQuery,
      response: { 200: timelineArcTime },
    }),
    async (request) => readArcTime(ctx, currentUser(request), request.query),
  );
}
