import { errorResponses } from '@portal/contract/common';
import { downtimeAnalysis, downtimeQuery, plannedHoursBody, plannedHoursResponse } from '@portal/contract/downtime';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const errors = errorResponses(400, 401, 403);
const tags = ['dashboard'];

export default async function downtimeRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/admin/downtime',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        description: "A factory month's downtime in one nave: minutes by motivo (Pareto), minutes and availability by arco.",
        querystring: downtimeQuery,
        response: { 200: downtimeAnalysis, ...errors },
      },
    },
    async (request) => service.downtimeAnalysis(ctx, request.query),
  );

  app.get(
    '/admin/downtime/planned-hours',
    { config: { policy: 'admin' }, schema: { tags, response: { 200: plannedHoursResponse, ...errors } } },
    async () => service.getPlannedHours(ctx),
  );

  app.put(
    '/admin/downtime/planned-hours',
    { config: { policy: 'admin' }, schema: { tags, body: plannedHoursBody, response: { 200: plannedHoursResponse, ...errors } } },
    async (request) => service.setPlannedHours(ctx, currentUser(request), request.body.hours),
  );
}
