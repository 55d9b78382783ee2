import { errorResponse } from '@portal/contract/common';
import {
  dashboardStats,
  kaiserStopsMonth,
  periodQuery,
  STATS_MONTHS,
  TOP_USERS,
  topUserByKaiserStops,
  topUserByTramos,
  tramosMonth,
} from '@portal/contract/dashboard';
import { z } from 'zod';
import type { App } from '../../app';
import { totals } from './repository';
import { kaiserStopsStats, lastMonths, topUsersByKaiserStops, topUsersByTramos, tramosStats } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
const admin = { policy: 'admin' } as const;
const tags = ['dashboard'];

export default async function dashboardRoutes(app: App) {
  app.get('/dashboard/stats', { config: admin, schema: { tags, response: { 200: dashboardStats, ...errors } } }, async () =>
    totals(app.db),
  );

  // The only period is monthly: the last 12 factory-local months, the current one included.
  app.get(
    '/dashboard/tramos-stats',
    { config: admin, schema: { tags, querystring: periodQuery, response: { 200: z.array(tramosMonth), ...errors } } },
    async () => tramosStats(app.db, lastMonths(app.config.factoryTz, STATS_MONTHS)),
  );

  app.get(
    '/dashboard/kaiser-stops-stats',
    { config: admin, schema: { tags, querystring: periodQuery, response: { 200: z.array(kaiserStopsMonth), ...errors } } },
    async () => kaiserStopsStats(app.db, lastMonths(app.config.factoryTz, STATS_MONTHS)),
  );

  app.get(
    '/dashboard/top-users-by-tramos',
    { config: admin, schema: { tags, response: { 200: z.array(topUserByTramos), ...errors } } },
    async () => topUsersByTramos(app.db, TOP_USERS),
  );

  app.get(
    '/dashboard/top-users-by-kaiser-stops',
    { config: admin, schema: { tags, response: { 200: z.array(topUserByKaiserStops), ...errors } } },
    async () => topUsersByKaiserStops(app.db, TOP_USERS),
  );
}
