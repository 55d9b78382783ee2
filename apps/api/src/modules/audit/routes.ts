import { auditPage, auditQuery } from '@portal/contract/audit';
import { errorResponses } from '@portal/contract/common';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { routeOptions } from '../../lib/route-options';
import * as service from './service';

const route = routeOptions(['audit'], errorResponses(400, 401, 403));

export default async function auditRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/admin/audit',
    route('admin', {
      description: 'Audit rows, newest first, by record type, record, author, action and factory-local dates; pages of 50.',
      querystring: auditQuery,
      response: { 200: auditPage },
    }),
    async (request) => service.listAudit(ctx, request.query),
  );
}
