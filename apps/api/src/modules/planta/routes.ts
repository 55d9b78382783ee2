import { errorResponses } from '@portal/contract/common';
import { plantaQuery, plantaResponse } from '@portal/contract/planta';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { routeOptions } from '../../lib/route-options';
import { plantaBoard } from './service';

const route = routeOptions(['planta'], errorResponses(400, 401, 403));

export default async function plantaRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/admin/planta',
    route('admin', {
      description: 'Every station grouped by nave: running or stopped (with the earliest active stop) and today’s stop minutes.',
      querystring: plantaQuery,
      response: { 200: plantaResponse },
    }),
    async (request) => plantaBoard(ctx, new Date(), request.query.by === 'shift'),
  );
}
