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
import * as dashboard from './service';

const errors = errorResponses(400, 401, 403);
const admin = { policy: 'admin' } as const;
const tags = ['dashboard'];

export default async function dashboardRoutes(app: App, ctx: ServiceContext) {
  app.get('/dashboard/stats', { config: admin, schema: { tags, response: { 200: dashboardStats, ...errors } } }, async () =>
    dashboard.totals(ctx),
  );

  app.get(
    '/dashboard/tramos-stats',
    { config: admin, schema: { tags, querystring: periodQuery, response: { 200: z.array(tramosMonth), ...errors } } },
    async () => dashboard.tramosStats(ctx),
  );

  app.get(
    '/dashboard/kaiser-stops-stats',
    { config: admin, schema: { tags, querystring: periodQuery, response: { 200: z.array(kaiserStopsMonth), ...errors } } },
    async () => dashboard.kaiserStopsStats(ctx),
  );

  app.get(
    '/dashboard/top-users-by-tramos',
    { config: admin, schema: { tags, response: { 200: z.array(topUserByTramos), ...errors } } },
    async () => dashboard.topUsersByTramos(ctx, TOP_USERS),
  );

  app.get(
    '/dashboard/top-users-by-kaiser-stops',
    { config: admin, schema: { tags, response: { 200: z.array(topUserByKaiserStops), ...errors } } },
    async () => dashboard.topUsersByKaiserStops(ctx, TOP_USERS),
  );
}
