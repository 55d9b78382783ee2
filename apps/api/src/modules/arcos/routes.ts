import { arco, arcoBody, arcoMessages, arcoSaved, arcosQuery } from '@portal/contract/arcos';
import { errorResponses, idParams, messageResponse } from '@portal/contract/common';
import { z } from 'zod';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { routeOptions } from '../../lib/route-options';
import { currentUser } from '../../plugins/auth';
import * as arcos from './service';

const route = routeOptions(['arcos'], errorResponses(400, 401, 403, 404, 409));

export default async function arcosRoutes(app: App, ctx: ServiceContext) {
  // Public: the login screen lists the stations of the chosen nave before anyone is signed in.
  app.get(
    '/arcos-sumergidos',
    route('public', { querystring: arcosQuery, response: { 200: z.array(arco) } }, { errors: {} }),
    async (request) => arcos.listArcos(ctx, request.query.nave || undefined),
  );

  app.get('/admin/arcos-sumergidos', route('admin', { response: { 200: z.array(arco) } }), async () => arcos.listArcos(ctx));

  app.post('/admin/arcos-sumergidos', route('admin', { body: arcoBody, response: { 201: arcoSaved } }), async (request, reply) =>
    reply.status(201).send({ ...(await arcos.createArco(ctx, currentUser(request), request.body)), message: arcoMessages.added }),
  );

  app.put(
    '/admin/arcos-sumergidos/:id',
    route('admin', { params: idParams, body: arcoBody, response: { 200: arcoSaved } }),
    async (request) => ({
      ...(await arcos.updateArco(ctx, currentUser(request), request.params.id, request.body)),
      message: arcoMessages.updated,
    }),
  );

  app.delete('/admin/arcos-sumergidos/:id', route('admin', { params: idParams, response: { 200: messageResponse } }), async (request) => {
    await arcos.deleteArco(ctx, currentUser(request), request.params.id);
    return { message: arcoMessages.deleted };
  });
}
