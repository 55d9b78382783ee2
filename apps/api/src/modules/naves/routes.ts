import { errorResponses, idParams, messageResponse } from '@portal/contract/common';
import { nave, naveBody, naveMessages, naveWithCount } from '@portal/contract/naves';
import { z } from 'zod';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { routeOptions } from '../../lib/route-options';
import { currentUser } from '../../plugins/auth';
import * as naves from './service';

const route = routeOptions(['naves'], errorResponses(400, 401, 403, 404, 409));

export default async function navesRoutes(app: App, ctx: ServiceContext) {
  app.get('/naves', route('public', { response: { 200: z.array(nave) } }, { errors: {} }), async () => naves.listNaves(ctx));

  app.get('/admin/naves', route('admin', { response: { 200: z.array(naveWithCount) } }), async () => naves.listNavesWithCounts(ctx));

  app.post('/admin/naves', route('admin', { body: naveBody, response: { 201: naveWithCount } }), async (request, reply) =>
    reply.status(201).send(await naves.createNave(ctx, currentUser(request), request.body.name)),
  );

  app.put('/admin/naves/:id', route('admin', { params: idParams, body: naveBody, response: { 200: nave } }), async (request) =>
    naves.updateNave(ctx, currentUser(request), request.params.id, request.body.name),
  );

  app.delete('/admin/naves/:id', route('admin', { params: idParams, response: { 200: messageResponse } }), async (request) => {
    await naves.deleteNave(ctx, currentUser(request), request.params.id);
    return { message: naveMessages.deleted };
  });
}
