import { errorResponses } from '@portal/contract/common';
import { downtimeAnalysis, downtimeMessages, downtimeQuery, plannedHoursResponse } from '@portal/contract/downtime';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { gone } from '../../lib/errors';
import { routeOptions } from '../../lib/route-options';
import * as service from './service';

const route = routeOptions(['dashboard'], errorResponses(400, 401, 403));

export default async function downtimeRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/admin/downtime',
    route('admin', {
      description: "A factory month's downtime in one nave: minutes by motivo (Pareto), minutes and availability by arco.",
      querystring: downtimeQuery,
      response: { 200: downtimeAnalysis },
    }),
    async (request) => service.downtimeAnalysis(ctx, request.query),
  );

  app.get('/admin/downtime/planned-hours', route('admin', { response: { 200: plannedHoursResponse } }), async () =>
    service.getPlannedHours(ctx),
  );

  // Retired: the shift calendar is the one place the working time is edited; the write answers 410
  // whatever it is sent, and changes nothing (docs/decisions/056-shift-figures-across-a-month.md).
  app.put(
    '/admin/downtime/planned-hours',
    route(
      'admin',
      { description: 'Retired: answers 410 and points to the shift calendar (/api/admin/shifts).' },
      { errors: errorResponses(401, 403, 410) },
    ),
    async () => {
      throw gone(downtimeMessages.plannedHoursRetired);
    },
  );
}
