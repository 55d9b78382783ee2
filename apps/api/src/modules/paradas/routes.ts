import { errorResponses, idParams, messageResponse } from '@portal/contract/common';
import {
  addMotivoBody,
  endParadaBody,
  endParadaResponse,
  manualParadaBody,
  parada,
  paradaMessages,
  paradaSavedResponse,
  paradasQuery,
  paradaTimesBody,
  startParadaBody,
  startParadaResponse,
} from '@portal/contract/paradas';
import { z } from 'zod';
import type { App } from '../../app-type';
import type { ServiceContext } from '../../context';
import { created, routeOptions } from '../../lib/route-options';
import { currentUser } from '../../plugins/auth';
import * as service from './service';

const route = routeOptions(['paradas'], errorResponses(400, 401, 403, 404, 409));

export default async function paradasRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/paradas-kaiser',
    route('user', {
      description: 'Own stops (all for an admin), newest first; inclusive factory-local dates. Without dates: the newest 200.',
      querystring: paradasQuery,
      response: { 200: z.array(parada) },
    }),
    async (request) => service.listParadas(ctx, currentUser(request), request.query),
  );

  app.get(
    '/paradas-kaiser/active',
    route('user', { description: "The caller's active stop, or null.", response: { 200: parada.nullable() } }),
    async (request) => service.activeParada(ctx, currentUser(request)),
  );

  app.get(
    '/paradas-kaiser/active/arco',
    route('user', {
      description: "The stop running at the caller's station, whoever started it, or null.",
      response: { 200: parada.nullable() },
    }),
    async (request) => service.activeAtArco(ctx, currentUser(request)),
  );

  app.get(
    '/paradas-kaiser/sin-motivo',
    route('user', {
      description:
        "The ended stops of the caller's station in the last 7 factory days without a motivo (micro-stops left out), newest first, at most 50.",
      response: { 200: z.array(parada) },
    }),
    async (request) => service.paradasSinMotivo(ctx, currentUser(request)),
  );

  app.put(
    '/paradas-kaiser/:id/motivo',
    route(
      'user',
      {
        description:
          'Adds the motivo an ended stop lacks: any worker signed in at its station, or an admin. A motivo it has is kept (409).',
        params: idParams,
        body: addMotivoBody,
        response: { 200: paradaSavedResponse },
      },
      { idempotent: true },
    ),
    async (request) => ({
      parada: await service.addMotivo(ctx, currentUser(request), request.params.id, request.body.motivo_id),
      message: paradaMessages.motivoAdded,
    }),
  );

  app.get('/paradas-kaiser/:id', route('user', { params: idParams, response: { 200: parada } }), async (request) =>
    service.getParada(ctx, currentUser(request), request.params.id),
  );

  // Start and end may come without a body: Fastify hands an empty one over as null.
  // Writes a phone may queue offline take an Idempotency-Key (plugins/idempotency.ts).
  app.post(
    '/paradas-kaiser/start',
    route('user', { body: startParadaBody.nullish(), response: { 201: startParadaResponse } }, { idempotent: true }),
    async (request, reply) =>
      reply.status(201).send(await service.startParada(ctx, currentUser(request), request.body ?? startParadaBody.parse({}))),
  );

  app.put(
    '/paradas-kaiser/end/:id',
    route('user', { params: idParams, body: endParadaBody.nullish(), response: { 200: endParadaResponse } }, { idempotent: true }),
    async (request) => service.endParada(ctx, currentUser(request), request.params.id, request.body ?? { motivo_id: undefined }),
  );

  app.post(
    '/paradas-kaiser/manual',
    route('user', { body: manualParadaBody, response: { 201: paradaSavedResponse } }, { idempotent: true }),
    async (request, reply) =>
      created(reply, 'parada', service.createManualParada(ctx, currentUser(request), request.body), paradaMessages.manualSaved),
  );

  app.put(
    '/paradas-kaiser/:id',
    route('user', { params: idParams, body: paradaTimesBody, response: { 200: paradaSavedResponse } }),
    async (request) => ({
      parada: await service.updateParada(ctx, currentUser(request), request.params.id, request.body),
      message: paradaMessages.updated,
    }),
  );

  app.delete('/paradas-kaiser/:id', route('user', { params: idParams, response: { 200: messageResponse } }), async (request) => {
    await service.deleteParada(ctx, currentUser(request), request.params.id);
    return { message: paradaMessages.deleted };
  });
}
