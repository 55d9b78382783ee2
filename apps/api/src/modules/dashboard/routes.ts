import { errorResponses } from '@portal/contract/common';
import {
  dashboardStats,
  kaiserStopsMonth,
  periodQuery,
  TOP_USERS,
  topUserByKaiserStops,
  topUserByTramos,
  tramosMonth,
} from '@portal/contract/dashboard';
import { z } from 'zod';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { routeOptions } from '../../lib/route-options';
import * as dashboard from './service';

const route = routeOptions(['dashboard'], errorResponses(400, 401, 403));

export default async function dashboardRoutes(app: App, ctx: ServiceContext) {
  app.get('/dashboard/stats', route('admin', { response: { 200: dashboardStats } }), async () => dashboard.totals(ctx));

  app.get('/dashboard/tramos-stats', route('admin', { querystring: periodQuery, response: { 200: z.array(tramosMonth) } }), async () =>
    dashboard.tramosStats(ctx),
  );

  app.get(
    '/dashboard/kaiser-stops-stats',
    route('admin', { querystring: periodQuery, response: { 200: z.array(kaiserStopsMonth) } }),
    async () => dashboard.kaiserStopsStats(ctx),
  );

  app.get('/dashboard/top-users-by-tramos', route('admin', { response: { 200: z.array(topUserByTramos) } }), async () =>
    dashboard.topUsersByTramos(ctx, TOP_USERS),
  );

  app.get('/dashboard/top-users-by-kaiser-stops', route('admin', { response: { 200: z.array(topUserByKaiserStops) } }), async () =>
    dashboard.topUsersByKaiserStops(ctx, TOP_USERS),
  );
}
