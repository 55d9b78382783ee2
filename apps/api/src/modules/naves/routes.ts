import { errorResponses, idParams, messageResponse } from '@portal/contract/common';
import { nave, naveBody, naveMessages, naveWithCount } from '@portal/contract/naves';
import { z } from 'zod';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as naves from './service';

const errors = errorResponses(400, 401, 403, 404, 409);

export default async function navesRoutes(app: App, ctx: ServiceContext) {
  app.get('/naves', { config: { policy: 'public' }, schema: { tags: ['naves'], response: { 200: z.array(nave) } } }, async () =>
    naves.listNaves(ctx),
  );

  app.get(
    '/admin/naves',
    { config: { policy: 'admin' }, schema: { tags: ['naves'], response: { 200: z.array(naveWithCount), ...errors } } },
    async () => naves.listNavesWithCounts(ctx),
  );

  app.post(
    '/admin/naves',
    { config: { policy: 'admin' }, schema: { tags: ['naves'], body: naveBody, response: { 201: naveWithCount, ...errors } } },
    async (request, reply) => reply.status(201).send(await naves.createNave(ctx, currentUser(request), request.body.name)),
  );

  app.put(
    '/admin/naves/:id',
    { config: { policy: 'admin' }, schema: { tags: ['naves'], params: idParams, body: naveBody, response: { 200: nave, ...errors } } },
    async (request) => naves.updateNave(ctx, currentUser(request), request.params.id, request.body.name),
  );

  app.delete(
    '/admin/naves/:id',
    { config: { policy: 'admin' }, schema: { tags: ['naves'], params: idParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await naves.deleteNave(ctx, currentUser(request), request.params.id);
      return { message: naveMessages.deleted };
    },
  );
}
