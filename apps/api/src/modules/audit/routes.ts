import { auditPage, auditQuery } from '@portal/contract/audit';
import { errorResponse } from '@portal/contract/common';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import * as service from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

export default async function auditRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/admin/audit',
    {
      config: { policy: 'admin' },
      schema: {
        tags: ['audit'],
        description: 'Audit rows, newest first, by record type, record, author, action and factory-local dates; pages of 50.',
        querystring: auditQuery,
        response: { 200: auditPage, ...errors },
      },
    },
    async (request) => service.listAudit(ctx, request.query),
  );
}
