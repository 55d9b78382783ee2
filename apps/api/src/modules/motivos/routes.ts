import { errorResponses, idParams } from '@portal/contract/common';
import { createMotivoBody, motivo, motivoMessages, motivoSavedResponse, updateMotivoBody } from '@portal/contract/motivos';
import { z } from 'zod';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { created, routeOptions } from '../../lib/route-options';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const route = routeOptions(['motivos'], errorResponses(400, 401, 403, 404, 409));

export default async function motivosRoutes(app: App, ctx: ServiceContext) {
  // Workers pick from the active ones; the retired ones still name old stops.
  app.get(
    '/motivos',
    route('user', { description: 'Every stop reason, active first, then by name.', response: { 200: z.array(motivo) } }),
    async () => service.listMotivos(ctx),
  );

  app.post('/admin/motivos', route('admin', { body: createMotivoBody, response: { 201: motivoSavedResponse } }), async (request, reply) =>
    created(reply, 'motivo', service.createMotivo(ctx, currentUser(request), request.body), motivoMessages.created),
  );

  app.put(
    '/admin/motivos/:id',
    route('admin', { params: idParams, body: updateMotivoBody, response: { 200: motivoSavedResponse } }),
    async (request) => ({
      motivo: await service.updateMotivo(ctx, currentUser(request), request.params.id, request.body),
      message: motivoMessages.updated,
    }),
  );
}
