import { errorResponses, idParams } from '@portal/contract/common';
import { adminHandoversQuery, arcoHandovers, handover, handoverBody, handoverMessages, handoverSaved } from '@portal/contract/handovers';
import { z } from 'zod';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { created, routeOptions } from '../../lib/route-options';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const route = routeOptions(['handovers'], errorResponses(400, 401, 403, 404, 409));

export default async function handoversRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/handovers/arco',
    route('user', {
      description: "The caller's arco: its shift now, that shift's handover and the previous shift's one still to confirm.",
      response: { 200: arcoHandovers },
    }),
    async (request) => service.arcoHandovers(ctx, currentUser(request)),
  );

  app.post(
    '/handovers',
    route('user', {
      description: "Writes the handover of the caller's arco and shift.",
      body: handoverBody,
      response: { 201: handoverSaved },
    }),
    async (request, reply) =>
      created(reply, 'handover', service.writeHandover(ctx, currentUser(request), request.body), handoverMessages.saved),
  );

  app.put(
    '/handovers/:id',
    route('user', {
      description: 'Its author edits the note until it is confirmed.',
      params: idParams,
      body: handoverBody,
      response: { 200: handoverSaved },
    }),
    async (request) => ({
      handover: await service.editHandover(ctx, currentUser(request), request.params.id, request.body),
      message: handoverMessages.updated,
    }),
  );

  app.post(
    '/handovers/:id/confirm',
    route('user', {
      description: "'Leído': a worker at its arco, not its author, confirms it.",
      params: idParams,
      response: { 200: handoverSaved },
    }),
    async (request) => ({
      handover: await service.confirmHandover(ctx, currentUser(request), request.params.id),
      message: handoverMessages.confirmed,
    }),
  );

  app.get(
    '/admin/handovers',
    route('admin', {
      description: 'Every handover of a nave for the shifts that began on a date.',
      querystring: adminHandoversQuery,
      response: { 200: z.array(handover) },
    }),
    async (request) => service.naveHandovers(ctx, request.query.nave, request.query.date),
  );
}
